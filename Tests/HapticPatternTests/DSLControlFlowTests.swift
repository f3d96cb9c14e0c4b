import HapticPattern
import Testing

@Suite struct DSLControlFlowTests {
    enum Style: CaseIterable { case soft, hard, none }

    static func pattern(style: Style) -> HapticPattern {
        HapticPattern(gap: 0.1) {
            Transient()
            switch style {
            case .soft: Continuous(duration: 1, sharpness: 0.1)
            case .hard: Transient(sharpness: 0.9)
            case .none: Pause(0)
            }
            Transient()
        }
    }

    @Test func switchSelectsOneBranch() {
        #expect(eventTimes(Self.pattern(style: .soft)) == [0, 0.1, 1.2])
        #expect(Self.pattern(style: .soft).events[1].parameters.hapticSharpness == 0.1)
        #expect(eventTimes(Self.pattern(style: .hard)) == [0, 0.1, 0.2])
        #expect(Self.pattern(style: .hard).events[1].parameters.hapticSharpness == 0.9)
        #expect(eventTimes(Self.pattern(style: .none)) == [0, 0.1])
    }

    @Test(arguments: [false, true])
    func ifWithoutElseAddsNoGapWhenFalse(condition: Bool) {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            if condition { Continuous(duration: 1) }
            Transient()
        }
        #expect(eventTimes(pattern) == (condition ? [0, 0.1, 1.2] : [0, 0.1]))
    }

    @Test func forLoopBuildsInOrder() {
        let pattern = HapticPattern(gap: 0.05) {
            for i in 0..<4 {
                Transient(intensity: 1 - Double(i) * 0.25)
            }
        }
        #expect(eventTimes(pattern) == [0, 0.05, 0.1, 0.15])
        #expect(pattern.events.map(\.parameters.hapticIntensity) == [1, 0.75, 0.5, 0.25])
    }

    @Test func ifLetAndOptionalExpressions() {
        let accent: Transient? = Transient(intensity: 1)
        let missing: Continuous? = nil
        let duration: Double? = 0.5
        let pattern = HapticPattern(gap: 0.1) {
            accent
            missing
            if let duration { Continuous(duration: duration) }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.1, 0.7])
    }

    @Test func arraysOfElements() {
        let taps = (0..<3).map { Transient(intensity: Double($0) / 2) }
        let pattern = HapticPattern(gap: 0.2) {
            taps
            Continuous(duration: 1)
        }
        #expect(eventTimes(pattern) == [0, 0.2, 0.4, 0.6])
    }

    @Test func availabilityCheck() {
        let pattern = HapticPattern {
            if #available(macOS 15, *) {
                Transient()
            }
        }
        #expect(pattern.events.count == 1)
    }

    @Test func nestedControlFlowInsideGroups() {
        let pattern = HapticPattern(gap: 0.1) {
            Repeat(2) {
                for _ in 0..<2 { Transient() }
                if false { Pause(9) }
            }
            Parallel {
                if true { Continuous(duration: 1) } else { Transient() }
            }
        }
        #expect(eventTimes(pattern) == [0, 0.1, 0.2, 0.3, 0.4])
    }
}
