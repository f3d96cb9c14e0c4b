import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// Every input under `Tests/Fixtures/fuzz-regressions/` (hostile seeds and minimized fuzzer
/// findings) goes through what the fuzz target does — decode (lenient and strict), schedule,
/// check the timeline's invariants, render the first 0.25 s of every channel at 8 kHz,
/// encode and decode again —
/// with the default limits and with none. Passing means: no trap, no broken invariant, no
/// non-finite sample, and with default limits every limit refusal is a `limit.*` error.
@Suite struct FuzzRegressionTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions")

    static func inputs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            !$0.hasPrefix(".")
        }.sorted()
    }

    @Test func theFolderHasInputs() {
        #expect(Self.inputs().count >= 8)
    }

    @Test(arguments: inputs())
    func survivesDecodeScheduleRender(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        for limits in [PatternLimits.default, .unlimited] {
            for mode in AHAPDecoder.Mode.allCases {
                let result = AHAPDecoder(options: .init(mode: mode, limits: limits)).decode(bytes)
                for d in result.diagnostics {
                    #expect(
                        d.line.map { $0 >= 1 } ?? true && d.column.map { $0 >= 1 } ?? true, "\(d)")
                }
                guard let pattern = result.pattern else {
                    #expect(!result.errors.isEmpty, "refused without an error")
                    continue
                }
                let again = AHAPDecoder(options: .init(limits: .unlimited)).decode(
                    AHAPEncoder().encode(pattern))
                #expect(again.pattern == pattern, "decode(encode(p)) != p")
                try render(pattern, options: PlayerOptions())
                try render(
                    pattern,
                    options: PlayerOptions(
                        startOffset: 0.01, playbackRate: 1.5,
                        loop: LoopOptions(loopEnd: 0, count: 3)))
            }
        }
    }

    /// The fuzz target's schedule-and-render step (Fuzz/AHAP/FuzzTarget.swift), as a test.
    func render(_ pattern: HapticPattern, options: PlayerOptions) throws {
        var lengths: [String: Double] = [:]
        for event in pattern.events { if let p = event.waveformPath { lengths[p] = 0.1 } }
        let timeline = Scheduler(sampleRate: 8_000, customAudioLengths: lengths).schedule(
            pattern, options: options
        ).timeline
        #expect(timeline.validate().isEmpty, "\(timeline.validate())")
        let clip = AudioResource(samples: (0..<800).map { Float($0 % 40) / 40 - 0.5 }, channels: 1)
        let samples = try TestRender.frames(
            timeline, audio: Array(repeating: clip, count: timeline.audioResources.count),
            configuration: RenderConfiguration(sampleRate: 8_000, channels: RenderSignal.allCases),
            blockFrames: 500, frames: 2_000)
        #expect(!samples.isEmpty)
        #expect(samples.allSatisfy { $0.isFinite })
    }
}
