import HapticGenerate
import HapticPattern
import Testing

/// The density bound is the actuator's own click: measured here on the model `generate`'s
/// output is scored through, not taken on trust.
@Suite struct TransientBudgetTests {
    /// How long one transient at `sharpness` lasts above −20 dB of its peak, seconds.
    static func clickLength(sharpness: Double) throws -> Double {
        var parameters = EventParameters()
        parameters.hapticIntensity = 1
        parameters.hapticSharpness = sharpness
        let a = try FeltSignal.acceleration(
            HapticPattern(events: [
                HapticEvent(type: .hapticTransient, time: 0, parameters: parameters)
            ]))
        let peak = a.reduce(0) { max($0, abs($1)) }
        let first = try #require(a.firstIndex { abs($0) >= peak / 10 })
        let last = try #require(a.lastIndex { abs($0) >= peak / 10 })
        return Double(last - first + 1) / FeltSignal.rate
    }

    @Test func theGapIsTheLongestClickRoundedUpToAMillisecond() throws {
        let lengths = try stride(from: 0.0, through: 1.0, by: 0.25).map {
            try Self.clickLength(sharpness: $0)
        }
        let longest = try #require(lengths.max())
        #expect(longest <= TransientBudget.clickSeconds, "\(lengths)")
        #expect(longest > TransientBudget.clickSeconds - 0.001, "\(lengths)")
    }
}
