import HapticTestSupport
import Testing

@testable import HapticRender

/// Output channels that copy or mix signals give exactly the bits a caller computes from the
/// plain signals with `base + gain * added`, whichever interleaver loop writes them and for
/// any block size.
@Suite struct OutputChannelTests {
    static let allSignals = RenderSignal.allCases.map(OutputChannel.signal)

    /// One recipe per interleaver loop, and the corner cases of choosing it.
    static let recipes: [[OutputChannel]] = [
        // A pair sharing the added signal and gain (`audition`), also at a gain whose product
        // is inexact (a fused multiply-add would change the bits).
        [
            .mix(.audioLeft, plus: 0.5, times: .acceleration),
            .mix(.audioRight, plus: 0.5, times: .acceleration),
        ],
        [
            .mix(.audioLeft, plus: 0.3, times: .acceleration),
            .mix(.audioRight, plus: 0.3, times: .acceleration),
        ],
        // Pairs that must not share one product: other gains, other added signals.
        [
            .mix(.audioLeft, plus: 0.5, times: .acceleration),
            .mix(.audioRight, plus: -0.25, times: .acceleration),
        ],
        [
            .mix(.audioLeft, plus: 0.5, times: .acceleration),
            .mix(.audioRight, plus: 0.5, times: .hapticDrive),
        ],
        [.mix(.audioLeft, plus: 0.5, times: .acceleration), .signal(.audioRight)],
        // Mixes and copies together, a signal twice.
        [.signal(.excursion), .mix(.hapticDrive, plus: 3, times: .audioLeft), .signal(.excursion)],
        // Plain copies: one (contiguous), then any number in groups of four, two and one.
        [.signal(.acceleration)],
        [.signal(.audioRight), .signal(.audioLeft)],
        [.signal(.audioLeft), .signal(.audioRight), .signal(.hapticDrive)],
        [.signal(.audioLeft), .signal(.audioRight), .signal(.hapticDrive), .signal(.acceleration)],
        allSignals,
        allSignals.reversed(),
        allSignals + [.signal(.acceleration)],
        allSignals + [.signal(.audioLeft), .signal(.hapticDrive)],
        allSignals + allSignals.reversed(),
        Array(repeating: allSignals, count: 3).flatMap { $0 } + [.signal(.excursion)],
    ]

    func render(_ channels: [OutputChannel], blockFrames: Int) throws -> [Float] {
        let (timeline, audio) = mixedTimeline()
        return try TestRender.frames(
            timeline, audio: audio, configuration: RenderConfiguration(channels: channels),
            blockFrames: blockFrames)
    }

    /// `channels` computed from the five plain signals (interleaved in ``RenderSignal``
    /// order) with the documented expression.
    func expected(_ channels: [OutputChannel], from signals: [Float]) -> [Float] {
        let n = RenderSignal.allCases.count
        func value(_ s: RenderSignal, _ frame: Int) -> Float {
            signals[frame * n + RenderSignal.allCases.firstIndex(of: s)!]
        }
        return (0..<(signals.count / n)).flatMap { frame in
            channels.map { channel -> Float in
                switch channel {
                case .signal(let s): return value(s, frame)
                case .mix(let base, let gain, let added):
                    return value(base, frame) + gain * value(added, frame)
                }
            }
        }
    }

    @Test(arguments: recipes)
    func recipeGivesTheBitsOfThePlainSignals(_ channels: [OutputChannel]) throws {
        let reference = expected(channels, from: try render(Self.allSignals, blockFrames: 4_096))
        #expect(reference.contains { $0 != 0 })
        for blockFrames in [1, 64, 333, 4_096] {
            let out = try render(channels, blockFrames: blockFrames)
            #expect(out.map(\.bitPattern) == reference.map(\.bitPattern), "block \(blockFrames)")
        }
    }

    /// Audio and acceleration overlap in the test pattern, so the `audition` pair really adds.
    @Test func auditionPairAddsBothSignals() throws {
        let plain = try render(Self.allSignals, blockFrames: 4_096)
        let n = RenderSignal.allCases.count
        let both = (0..<(plain.count / n)).filter { plain[$0 * n] != 0 && plain[$0 * n + 3] != 0 }
        #expect(both.count > 1_000)
    }

    /// Channels that read only audio (or only the actuator) leave the other kind of voice
    /// out, so an `audio` render runs no actuator and a `haptic` one no synthesizer; the
    /// recipes above check that the remaining signals keep their bits.
    @Test func voicesNoChannelHearsAreLeftOut() throws {
        let (timeline, audio) = mixedTimeline()
        let kinds = timeline.voices.kind
        func voices(_ channels: [OutputChannel]) throws -> Int {
            try PatternRenderer(
                timeline: timeline, audio: audio,
                configuration: RenderConfiguration(channels: channels)
            )
            .schedule.all.count
        }
        let haptic = kinds.filter(\.isHaptic).count
        #expect(haptic > 0 && haptic < kinds.count)
        #expect(try voices([.signal(.audioLeft), .signal(.audioRight)]) == kinds.count - haptic)
        #expect(try voices([.signal(.excursion)]) == haptic)
        #expect(try voices([.mix(.audioLeft, plus: 0.5, times: .acceleration)]) == kinds.count)
    }

    @Test func noChannelsIsAnError() {
        #expect(throws: RenderError.noChannels) {
            _ = try PatternRenderer(
                timeline: mixedTimeline().0,
                configuration: RenderConfiguration(channels: [OutputChannel]()))
        }
    }
}
