import HapticPattern
import Testing

@Suite struct DSLCompositionTests {
    @Test func nestedPatternUsesItsOwnGapAndAdvancesByItsLength() {
        let inner = Pattern(gap: 0.5) {
            Transient()
            Transient()
        }
        #expect(inner.length == 0.5)
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            inner
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.1, 0.6, 0.7])
    }

    @Test func nestedPatternDoesNotInheritTheGap() {
        let pattern = HapticPattern(gap: 0.3) {
            Pattern {
                Transient()
                Continuous(duration: 1)
            }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0, 1.3])
    }

    @Test func sequentialInheritsTheGapAndPinsRelativeToItsStart() {
        let pattern = HapticPattern(gap: 0.1) {
            Continuous(duration: 1)
            Sequential {
                Transient().at(0.5)
                Transient()
                Transient()
            }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 1.1, 1.2, 1.3, 1.6])
    }

    @Test func sequentialWithItsOwnGap() {
        let pattern = HapticPattern(gap: 0.1) {
            Sequential(gap: 0.5) {
                Transient()
                Transient()
            }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.5, 0.6])
    }

    @Test func pauseAtTheEndOfAGroupLengthensItWithoutASecondGap() {
        let pattern = HapticPattern(gap: 0.1) {
            Sequential {
                Transient()
                Pause(0.5)
            }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.6])
    }

    @Test func repeatBlock() {
        let pattern = HapticPattern(gap: 0.1) {
            Repeat(3) {
                Transient()
                Continuous(duration: 0.4)
            }
            Transient()
        }
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient), row(0.1, 0.4, .hapticContinuous),
                row(0.6, 0, .hapticTransient), row(0.7, 0.4, .hapticContinuous),
                row(1.2, 0, .hapticTransient), row(1.3, 0.4, .hapticContinuous),
                row(1.8, 0, .hapticTransient),
            ])
    }

    @Test func repeatedModifierAndOwnGap() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient().repeated(3, gap: 0.25)
            Continuous(duration: 1).repeated(2)
        }
        #expect(eventTimes(pattern) == [0, 0.25, 0.5, 0.6, 1.7])
    }

    @Test func repeatZeroAddsNothingNotEvenAGap() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Repeat(0) { Continuous(duration: 5) }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.1])
        #expect(pattern.events.count == 2)
    }

    @Test func pinsInsideRepeatAreRelativeToEachRepetition() {
        let pattern = HapticPattern(gap: 0) {
            Repeat(2) {
                Continuous(duration: 1)
                Transient().at(0.5)
            }
        }
        #expect(
            eventRows(pattern) == [
                row(0, 1, .hapticContinuous), row(0.5, 0, .hapticTransient),
                row(1, 1, .hapticContinuous), row(1.5, 0, .hapticTransient),
            ])
    }

    @Test func parallelLanesStartTogetherAndLastAsTheLongest() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Parallel {
                Continuous(duration: 1)
                AudioTone(duration: 2)
                Sequential {
                    Transient()
                    Transient()
                }
                Transient().at(7)
            }
            Transient()
        }
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient),
                row(0.1, 1, .hapticContinuous),
                row(0.1, 2, .audioContinuous),
                row(0.1, 0, .hapticTransient),
                row(0.2, 0, .hapticTransient),
                row(2.2, 0, .hapticTransient),
                row(7.1, 0, .hapticTransient),
            ])
    }

    @Test func parallelOfPausesLeavesNoGapPending() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Layered {
                Pause(0.5)
                Pause(0.2)
            }
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.6])
    }

    @Test func offsetShiftsContentButNotTheCursor() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Transient().offset(by: 0.03)
            Transient()
            Sequential {
                Transient()
                Continuous(duration: 1)
            }.offset(by: 1).offset(by: 0.5)
            Transient()
            Transient().at(4).offset(by: -0.5)
        }
        // Sequential: starts at 0.3, content shifted to 1.8 / 1.9; cursor moves to 1.4.
        #expect(eventTimes(pattern) == [0, 0.13, 0.2, 1.5, 1.8, 1.9, 3.5])
        #expect(eventRows(pattern)[5] == row(1.9, 1, .hapticContinuous))
    }

    @Test func negativeResolvedTimesClampToZero() {
        let pattern = HapticPattern {
            Transient().offset(by: -1)
            Control(.hapticIntensity, 1).offset(by: -0.2)
        }
        #expect(eventTimes(pattern) == [0])
        #expect(pattern.parameters.map(\.time) == [0])
    }

    @Test func scaledScalesTimesDurationsCurvesAndLength() throws {
        let pattern = HapticPattern(gap: 0.1) {
            Sequential {
                Transient()
                Curve(.hapticIntensity) {
                    Point(0, 1)
                    Point(1, 0)
                }
                Continuous(duration: 1)
                Control(.hapticSharpness, 0.5).at(0.4)
            }
            .scaled(by: 0.5)
            Transient()
        }
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient),
                row(0.05, 0.5, .hapticContinuous),
                row(0.65, 0, .hapticTransient),
            ])
        #expect(pattern.events[0].duration == nil)
        let curve = try #require(pattern.curves.first)
        #expect(curve.time == 0.05)
        #expect(curve.points.map(\.time) == [0, 0.5])
        #expect(pattern.parameters.map(\.time) == [0.2])
    }

    @Test func scalesComposeAndApplyAroundThePinnedOrigin() {
        let pattern = HapticPattern {
            Pattern(gap: 0.2) {
                Transient()
                Continuous(duration: 1)
            }
            .at(3).scaled(by: 4).scaled(by: 0.5)
        }
        #expect(
            eventRows(pattern) == [
                row(3, 0, .hapticTransient),
                row(3.4, 2, .hapticContinuous),
            ])
    }

    @Test func rootPatternTimingApplies() {
        let pattern = Pattern(gap: 0.1) {
            Transient()
            Transient()
        }.scaled(by: 2).at(1)
        #expect(eventTimes(pattern.hapticPattern) == [1, 1.2])
        #expect(pattern.length == 0.2)
    }

    @Test func pausesScaleWithTheirGroup() {
        let pattern = HapticPattern {
            Sequential {
                Pause(1)
                Transient()
            }.scaled(by: 3)
            Pause(0.5).scaled(by: 2)
            Transient()
        }
        #expect(eventTimes(pattern) == [3, 4])
    }

    struct DoubleTap: PatternElement {
        var intensity: Double
        var patternNode: PatternNode {
            Sequential(gap: 0.08) {
                Transient(intensity: intensity)
                Transient(intensity: intensity * 0.5)
            }.patternNode
        }
    }

    @Test func customElementsCompose() {
        let pattern = HapticPattern(gap: 0.5) {
            DoubleTap(intensity: 1)
            DoubleTap(intensity: 0.5)
        }
        #expect(eventTimes(pattern) == [0, 0.08, 0.58, 0.66])
        #expect(pattern.events.map(\.parameters.hapticIntensity) == [1, 0.5, 0.5, 0.25])
    }

    @Test func patternsNestThreeLevelsDeep() {
        let tap = Pattern(gap: 0.05) {
            Transient()
            Transient()
        }
        let phrase = Pattern(gap: 0.2) {
            tap
            tap
        }
        let pattern = HapticPattern(gap: 1) {
            phrase
            phrase.offset(by: 0.01)
        }
        // phrase lasts 0.3 s; the second one starts at 0.3 + 1 and is nudged by 0.01.
        #expect(phrase.length == 0.3)
        #expect(eventTimes(pattern) == [0, 0.05, 0.25, 0.3, 1.31, 1.36, 1.56, 1.61])
    }
}
