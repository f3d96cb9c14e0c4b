import HapticPattern
import HapticRender

/// The tests' one block-render loop: a timeline (or a pattern, scheduled at the configuration's
/// rate) through either engine, in blocks of any size, into one interleaved array.
public enum TestRender {
    /// Every frame — or the first `frames` — of `timeline` through `engine`, in blocks of
    /// `blockFrames`, interleaved in `configuration.channels` order; `parameters` are pushed
    /// before the first block. O(frames × active voices).
    package static func frames(
        _ timeline: Timeline, audio: [AudioResource?] = [], configuration: RenderConfiguration,
        engine: RenderEngine = .fast, blockFrames: Int = 4_096,
        parameters: [QueuedParameter] = [], frames limit: Int? = nil
    ) throws -> [Float] {
        let channels = configuration.channels.count
        var out: [Float] = []
        var block = [Float](repeating: .nan, count: blockFrames * channels)
        // One block of at most what is left, through `render`; 0 when finished.
        func next(_ render: (UnsafeMutableBufferPointer<Float>) -> Int) -> Int {
            let wanted = min(blockFrames, limit.map { $0 - out.count / channels } ?? blockFrames)
            guard wanted > 0 else { return 0 }
            let n = block.withUnsafeMutableBufferPointer {
                render(UnsafeMutableBufferPointer(rebasing: $0[0..<(wanted * channels)]))
            }
            out += block[0..<(n * channels)]
            return n
        }
        switch engine {
        case .fast:
            var renderer = try PatternRenderer(
                timeline: timeline, audio: audio, configuration: configuration)
            for p in parameters { _ = renderer.parameters.push(p) }
            while next({ renderer.render(into: $0) }) > 0 {}
        case .reference:
            let renderer = try ReferenceRenderer(
                timeline: timeline, audio: audio, configuration: configuration)
            for p in parameters { _ = renderer.parameters.push(p) }
            while next({ renderer.render(into: $0) }) > 0 {}
        }
        return out
    }

    /// ``frames(_:audio:configuration:engine:blockFrames:parameters:frames:)`` of `pattern`
    /// scheduled at the configuration's rate (custom audio of the given lengths).
    package static func frames(
        _ pattern: HapticPattern, audio: [AudioResource?] = [],
        customAudioLengths: [String: Double] = [:], configuration: RenderConfiguration,
        engine: RenderEngine = .fast, blockFrames: Int = 4_096,
        parameters: [QueuedParameter] = [], frames limit: Int? = nil
    ) throws -> [Float] {
        let timeline = Scheduler(
            sampleRate: configuration.sampleRate, customAudioLengths: customAudioLengths
        ).schedule(pattern).timeline
        return try frames(
            timeline, audio: audio, configuration: configuration, engine: engine,
            blockFrames: blockFrames, parameters: parameters, frames: limit)
    }

    /// Channel `c` of `interleaved` frames of `count` channels.
    public static func channel(_ interleaved: [Float], _ c: Int, of count: Int) -> [Float] {
        stride(from: c, to: interleaved.count, by: count).map { interleaved[$0] }
    }
}
