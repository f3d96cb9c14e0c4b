import HapticRender
import HapticRenderKit
import HapticTestSupport
import Testing

/// `PreparedRender.read` lets the renderer write the layout's channels straight into the
/// caller's buffer; that must give exactly the bits of the four-signal render mixed by
/// `OutputLayout.mix`, for any block size, silence padding included.
@Suite struct PreparedRenderTests {
    /// Haptics and audio overlapping, so the `audition` mix adds two non-zero signals.
    let ahap = """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}},
          {"Event": {"Time": 0.05, "EventType": "HapticContinuous", "EventDuration": 0.3, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
          {"Event": {"Time": 0.1, "EventType": "AudioContinuous", "EventDuration": 0.2, "EventParameters": [
            {"ParameterID": "AudioVolume", "ParameterValue": 0.7}, {"ParameterID": "AudioPan", "ParameterValue": -0.4}]}},
          {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.1, "ParameterCurveControlPoints": [
            {"Time": 0, "ParameterValue": -0.3}, {"Time": 0.2, "ParameterValue": 0.4}]}}
        ]}
        """

    @Test(arguments: OutputLayout.allCases)
    func directReadEqualsTheFourSignalMix(_ layout: OutputLayout) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", ahap)
        var options = RenderOptions()
        options.layout = layout
        options.duration = 0.75  // longer than the render: the tail is padding
        let job = RenderJob(input: input, output: dir.path + "/out.wav", options: options)
        let (reference, rendered) = try fourSignalMix(job, layout: layout)
        // Both parts are exercised: signal before the renderer's end, padding after it.
        let count = layout.channelCount
        #expect(reference.count / count == 36_000 && rendered < 30_000)
        #expect(reference[..<(rendered * count)].contains { $0 != 0 })
        #expect(reference[(rendered * count)...].allSatisfy { $0 == 0 })
        for blockFrames in [1, 333, 4_096] {
            var blocked = job
            blocked.options.blockFrames = blockFrames
            let samples = try read(blocked)
            #expect(
                samples.map(\.bitPattern) == reference.map(\.bitPattern), "block \(blockFrames)")
        }
    }

    /// Reads `job` 5,000 frames per call into a buffer full of NaN, so every sample —
    /// padding too — must be written.
    func read(_ job: RenderJob) throws -> [Float] {
        var prepared = try job.prepare()
        let count = prepared.channelCount
        var samples = [Float](repeating: .nan, count: Int(prepared.frames) * count)
        var done = 0
        while !prepared.isFinished {
            let end = min(done + 5_000, Int(prepared.frames))
            done += samples[(done * count)..<(end * count)].withUnsafeMutableBufferPointer {
                prepared.read(into: $0)
            }
        }
        #expect(done == Int(prepared.frames))
        return samples
    }

    /// What `read` computed before the renderer wrote layouts: the four `renderSignals`
    /// signals, padded with silence, through `OutputLayout.mix`; and the frames the renderer
    /// produced.
    func fourSignalMix(_ job: RenderJob, layout: OutputLayout) throws -> (
        samples: [Float], rendered: Int
    ) {
        let prepared = try job.prepare()
        var renderer = try PatternRenderer(
            timeline: prepared.timeline,
            configuration: RenderConfiguration(channels: OutputLayout.renderSignals))
        let frames = Int(prepared.frames)
        let count = OutputLayout.renderSignals.count
        var signals = [Float](repeating: 0, count: frames * count)
        let rendered = signals.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        var out = [Float](repeating: .nan, count: frames * layout.channelCount)
        signals.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer {
                layout.mix(s.baseAddress!, into: $0.baseAddress!, frames: frames)
            }
        }
        return (out, rendered)
    }
}
