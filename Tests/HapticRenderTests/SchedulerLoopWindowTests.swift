import HapticPattern
import Testing

@testable import HapticRender

private typealias S = SchedulerFixtures

/// `LoopOptions.firstIteration`: a loop scheduled from an iteration on costs the iterations it
/// schedules, whatever the count before them, and agrees with the whole loop from there on —
/// voices sample for sample, lanes value for value.
@Suite struct SchedulerLoopWindowTests {
    /// A 0.3 s loop: transients, a continuous event, a parameter and a curve that starts with a
    /// point (both set their lanes afresh each iteration).
    static let pattern = HapticPattern(
        events: [S.transient(0), S.continuous(0.1, 0.1), S.transient(0.2, duration: 0.1)],
        parameters: [DynamicParameter(id: .hapticSharpnessControl, time: 0.05, value: 0.3)],
        curves: [S.curve(.hapticIntensityControl, 0, [(0, 1), (0.3, 0.5)])])

    static func window(_ pattern: HapticPattern, count: Int, first: Int) -> Timeline {
        S.timeline(
            pattern, sampleRate: 48_000,
            options: PlayerOptions(loop: LoopOptions(count: count, firstIteration: first)))
    }

    @Test func aWindowCostsItsIterationsWhateverCameBefore() {
        let minute = Self.window(Self.pattern, count: 234, first: 198)
        let hour = Self.window(Self.pattern, count: 12_034, first: 11_998)
        #expect(minute.voices.count == 3 * 36)
        #expect(hour.voices.count == minute.voices.count)
        let breakpoints = { (t: Timeline) in t.parameterLanes.reduce(0) { $0 + $1.count } }
        #expect(breakpoints(hour) == breakpoints(minute))
        // Scheduled whole, as an extension did before: 702 and 36,102 voices.
        #expect(Self.window(Self.pattern, count: 234, first: 0).voices.count == 3 * 234)
        #expect(Self.window(Self.pattern, count: 12_034, first: 0).voices.count == 3 * 12_034)
    }

    @Test func aWindowAgreesWithTheWholeLoopFromItsFirstIteration() {
        let whole = Self.window(Self.pattern, count: 40, first: 0)
        let window = Self.window(Self.pattern, count: 40, first: 30)
        let from = Int64((30 * 0.3 * 48_000).rounded())
        let kept = (0..<whole.voices.count).filter { whole.voices.start[$0] >= from }
        #expect(window.voices.start == kept.map { whole.voices.start[$0] })
        #expect(window.voices.end == kept.map { whole.voices.end[$0] })
        for id in DynamicParameterID.allCases {
            for n in stride(from: from, to: whole.patternDurationSamples + 4_800, by: 97) {
                #expect(
                    window.parameterLane(id).value(at: n) == whole.parameterLane(id).value(at: n),
                    "\(id.rawValue) at \(n)")
            }
        }
        #expect(window.patternDurationSamples == whole.patternDurationSamples)
    }

    /// A lane whose only item is a curve that starts by holding the value it found carries that
    /// value from the loop's first iteration: the window builds it from there.
    @Test func aLaneThatHoldsWhatItFoundIsBuiltFromTheFirstIteration() {
        var holding = Self.pattern
        holding.curves = [S.curve(.hapticIntensityControl, 0, [(0.1, 1), (0.3, 0.5)])]
        let whole = Self.window(holding, count: 40, first: 0)
        let window = Self.window(holding, count: 40, first: 30)
        let from = Int64((30 * 0.3 * 48_000).rounded())
        for n in stride(from: from, to: whole.patternDurationSamples, by: 97) {
            #expect(
                window.parameterLane(.hapticIntensityControl).value(at: n)
                    == whole.parameterLane(.hapticIntensityControl).value(at: n))
        }
        #expect(
            window.parameterLane(.hapticIntensityControl).count
                == whole.parameterLane(.hapticIntensityControl).count)
    }
}
