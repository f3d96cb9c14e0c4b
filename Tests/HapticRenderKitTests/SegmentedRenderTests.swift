import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import SoundFile
import Testing

@testable import HapticRenderKit

/// One file on several threads (`RenderOptions.threads`): split where the pattern is quiet,
/// the parts rendered at once, the file bit-identical to a one-thread render.
@Suite struct SegmentedRenderTests {
    /// Bursts of overlapping transients, continuous events with curves, tones and custom
    /// audio, separated by gaps from 50 ms (too short to split at) to 3 s (long enough for
    /// every preset, `pixel`'s 2.1 s of settling included).
    static func burstPattern(seed: UInt64, bursts: Int) -> String {
        var random = RandomPattern(seed: seed)
        var pattern = HapticPattern()
        var t = random.value(0...0.3)
        for _ in 0..<bursts {
            let length = random.value(0.1...1.2)
            for _ in 0..<random.count(2...6) {
                let at = t + random.value(0...length)
                switch random.count(0...3) {
                case 0:
                    pattern.events.append(random.transient(at: at...at))
                case 1:
                    pattern.events.append(
                        random.continuous(
                            at: at...at, duration: 0.05...0.6, intensity: 0.2...1,
                            envelope: 0...0.2, mayDecay: false))
                    let fade = ParameterCurve.ControlPoint(
                        time: random.value(0.05...0.3), value: random.value(0.2...1))
                    pattern.curves.append(
                        ParameterCurve(
                            id: .hapticIntensityControl, time: at,
                            points: [.init(time: 0, value: 1), fade]))
                case 2:
                    pattern.events.append(random.tone(at: at...at, duration: 0.05...0.5))
                default:
                    pattern.events.append(
                        random.customAudio(at: at...at, path: "clip.wav", mayLoop: false))
                }
            }
            t +=
                length + (random.count(0...2) == 0 ? random.value(0.05...0.3) : random.value(1...3))
        }
        return AHAPEncoder().encodeString(pattern)
    }

    /// Writes ``burstPattern(seed:bursts:)`` and the clip it plays into `dir`; returns the
    /// pattern's path.
    static func writeBursts(in dir: TempFolder, seed: UInt64, bursts: Int) throws -> String {
        try writeTone(dir.path + "/clip.wav", frequency: 440, seconds: 0.3, sampleRate: 44_100)
        return try dir.write("p.ahap", burstPattern(seed: seed, bursts: bursts))
    }

    /// A float WAV's samples, as bit patterns.
    func samples(_ path: String) throws -> [UInt32] {
        var reader = try AudioFileReader(path: path)
        var samples = [Float](repeating: 0, count: Int(reader.info.frames) * reader.info.channels)
        let frames = try samples.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
        #expect(frames == Int(reader.info.frames))
        return samples.map(\.bitPattern)
    }

    /// Renders `input` with `threads` threads and returns the file's bytes.
    func render(
        _ input: String, in dir: TempFolder, threads: Int, actuator: ActuatorProfile = .iphone,
        sampleRate: Double = 48_000
    ) throws -> Data {
        var options = RenderOptions()
        options.threads = threads
        options.actuator = actuator
        options.sampleRate = sampleRate
        options.sampleFormat = .float32
        options.overwrite = true
        let output = dir.path + "/out-\(threads).wav"
        _ = try RenderJob(input: input, output: output, options: options).prepare().write()
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test(arguments: [(1 as UInt64, "iphone"), (2, "coin"), (3, "pixel"), (4, "iphone")])
    func filesAreBitIdenticalOnAnyThreadCount(seed: UInt64, preset: String) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try Self.writeBursts(in: dir, seed: seed, bursts: 12)
        let actuator = try #require(ActuatorProfile.preset(named: preset))
        let sampleRate = seed == 4 ? 44_100.0 : 48_000
        // The plan really splits this pattern, so the threads do share the work.
        var options = RenderOptions()
        options.threads = 3
        options.actuator = actuator
        options.sampleRate = sampleRate
        let prepared = try RenderJob(input: input, output: dir.path + "/x.wav", options: options)
            .prepare()
        let plan = prepared.segmentPlan()
        #expect((plan?.segmentCount ?? 0) >= 2)
        let one = try render(input, in: dir, threads: 1, actuator: actuator, sampleRate: sampleRate)
        for threads in [2, 3, 5] {
            let many = try render(
                input, in: dir, threads: threads, actuator: actuator, sampleRate: sampleRate)
            #expect(many == one, "\(threads) threads, seed \(seed), \(preset)")
        }
    }

    /// The plan's settling time is enough: at every boundary it chose, a one-thread render is
    /// quiescent — so segments start from a seek, none runs on into the next.
    @Test(arguments: ["iphone", "coin", "pixel"])
    func plannedBoundariesAreQuiescent(preset: String) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try Self.writeBursts(in: dir, seed: 7, bursts: 16)
        var options = RenderOptions()
        options.threads = 4
        options.actuator = try #require(ActuatorProfile.preset(named: preset))
        var prepared = try RenderJob(input: input, output: dir.path + "/x.wav", options: options)
            .prepare()
        let boundaries = prepared.segmentPlan()?.boundaries ?? []
        #expect(boundaries.count >= 4)
        for b in boundaries.dropFirst().dropLast() {
            var buffer = [Float](
                repeating: 0, count: Int(b - prepared.position) * prepared.channelCount)
            _ = buffer.withUnsafeMutableBufferPointer { prepared.read(into: $0) }
            let quiescent = prepared.renderer.isQuiescent()
            #expect(quiescent, "at frame \(b) (\(preset))")
        }
    }

    /// A plan that cuts through sounding voices still gives the one-thread file: the workers
    /// find their renderer busy at those boundaries and render on through them.
    @Test func boundariesInsideVoicesRunOn() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try Self.writeBursts(in: dir, seed: 11, bursts: 6)
        var options = RenderOptions()
        options.threads = 3
        options.sampleFormat = .float32
        options.overwrite = true
        _ = try render(input, in: dir, threads: 1)
        let one = try samples(dir.path + "/out-1.wav")
        var prepared = try RenderJob(input: input, output: dir.path + "/cut.wav", options: options)
            .prepare()
        // Every 0.1 s: most boundaries fall inside a voice or its ring-down.
        let plan = SegmentPlan(
            boundaries: Array(stride(from: 0, to: prepared.frames, by: 4_800)) + [prepared.frames])
        var writer = try SoundFileWriter(
            path: dir.path + "/cut.wav", format: .wav, sampleFormat: .float32,
            sampleRate: 48_000, channels: prepared.channelCount)
        try prepared.writeSegments(plan, to: &writer, progress: { _ in }, isCancelled: { false })
        try writer.finish()
        #expect(try samples(dir.path + "/cut.wav") == one)
    }

    /// Cancelling stops every worker and leaves no file.
    @Test func cancellingLeavesNoFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try Self.writeBursts(in: dir, seed: 5, bursts: 20)
        var options = RenderOptions()
        options.threads = 2
        let output = dir.path + "/out.wav"
        var blocks = 0
        #expect(throws: RenderJobError.self) {
            _ = try RenderJob(input: input, output: output, options: options).prepare()
                .write(progress: { _ in blocks += 1 }, isCancelled: { blocks >= 3 })
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Quiet gaps shorter than the actuator's settling time are not split at.
    @Test func gapsShorterThanTheSettlingTimeAreNotBoundaries() throws {
        var configuration = RenderOptions().renderConfiguration
        configuration.sampleRate = 48_000
        let settle = SegmentPlan.settleFrames(configuration)
        // iphone: brake + 50 ms, then 4 low-Z and 14 Hi-Z time constants: ≈ 0.86 s.
        #expect((40_000...45_000).contains(settle))
        var voices = VoiceTable()
        voices.start = [0, 48_000 + settle - 10, 150_000 + settle]
        voices.end = [48_000, 150_000, 250_000]
        voices.kind = [.hapticContinuous, .hapticContinuous, .hapticTransient]
        let timeline = Timeline(sampleRate: 48_000, voices: voices)
        let plan = SegmentPlan(
            timeline: timeline, configuration: configuration, frames: 300_000, threads: 8)
        #expect(plan.boundaries == [0, 150_000 + settle, 300_000])
    }
}
