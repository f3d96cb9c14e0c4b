import HapticGenerate
import HapticPattern
import Testing

/// A generated AHAP is checked as its readers read it before it is written
/// (``HapticGeneration/readBackRefusal(_:maxPatternSeconds:)``): past the duration limit or
/// the 64 MiB input limit it is refused, saying what helps.
@Suite struct GeneratedReadBackTests {
    /// An AHAP of one continuous event of 1 s that ends at `end` s.
    static func pattern(endingAt end: Double) -> [UInt8] {
        var parameters = EventParameters()
        parameters.hapticIntensity = 0.5
        parameters.hapticSharpness = 0.5
        return AHAPEncoder().encode(
            HapticPattern(events: [
                HapticEvent(
                    type: .hapticContinuous, time: end - 1, duration: 1, parameters: parameters)
            ]))
    }

    @Test func pastTheDurationLimitSaysWhichOptionsHelp() throws {
        #expect(HapticGeneration.readBackRefusal(Self.pattern(endingAt: 3_599.9)) == nil)
        let refusal = try #require(
            HapticGeneration.readBackRefusal(Self.pattern(endingAt: 3_600.05)))
        #expect(refusal.contains("3600") && refusal.contains("--max-output-duration"), "\(refusal)")
        #expect(
            HapticGeneration.readBackRefusal(
                Self.pattern(endingAt: 3_600.05), maxPatternSeconds: 3_601) == nil)
    }

    @Test func pastTheInputSizeNoOptionHelps() throws {
        var bytes = Self.pattern(endingAt: 1)
        bytes += [UInt8](repeating: 0x20, count: PatternLimits.default.maxInputBytes)
        let refusal = try #require(HapticGeneration.readBackRefusal(bytes))
        #expect(
            refusal.contains("maxInputBytes") && refusal.contains("no option of its readers"),
            "\(refusal)")
    }
}
