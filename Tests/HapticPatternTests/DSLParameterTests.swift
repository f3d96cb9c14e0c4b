import HapticPattern
import Testing

@Suite struct DSLParameterTests {
    @Test func shortNamesMapToEveryDynamicParameter() {
        let short: [DynamicParameterID] = [
            .hapticIntensity, .hapticSharpness, .hapticAttackTime, .hapticDecayTime,
            .hapticReleaseTime, .audioVolume, .audioPan, .audioPitch, .audioBrightness,
            .audioAttackTime, .audioDecayTime, .audioReleaseTime,
        ]
        #expect(short == DynamicParameterID.allCases)
    }

    @Test func controlLandsAtNextStartAndDoesNotMoveTheCursor() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Control(.hapticIntensity, 0.5)
            Continuous(duration: 1)
            Control(.audioPan, -0.5).at(2)
            Transient()
        }
        #expect(
            pattern.parameters == [
                DynamicParameter(id: .hapticIntensityControl, time: 0.1, value: 0.5),
                DynamicParameter(id: .audioPanControl, time: 2, value: -0.5),
            ])
        #expect(eventTimes(pattern) == [0, 0.1, 1.2])
    }

    @Test func controlValuesClampToTheDynamicRange() {
        let pattern = HapticPattern {
            Control(.hapticIntensity, -0.5)
            Control(.hapticSharpness, 2)
            Control(.audioPitch, -3)
        }
        #expect(pattern.parameters.map(\.value) == [0, 1, -1])
        #expect(pattern.parameters.map(\.time) == [0, 0, 0])
    }

    @Test func curveAlignsWithTheFollowingEventAndKeepsRelativePoints() throws {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Curve(.hapticSharpness) {
                Point(0, 0.2)
                Point(0.5, 0.8)
            }
            Continuous(duration: 1)
        }
        let curve = try #require(pattern.curves.first)
        #expect(curve.id == .hapticSharpnessControl)
        #expect(curve.time == 0.1)
        #expect(curve.points == [.init(time: 0, value: 0.2), .init(time: 0.5, value: 0.8)])
        #expect(eventTimes(pattern) == [0, 0.1])
    }

    @Test func curvePinnedSortedAndClamped() throws {
        let pattern = HapticPattern {
            Continuous(duration: 3)
            Curve(.hapticIntensity) {
                Point(1, 2)
                Point(0, -1)
                Point(0.5, 0.5)
            }.at(1.5)
        }
        let curve = try #require(pattern.curves.first)
        #expect(curve.time == 1.5)
        #expect(curve.points.map(\.time) == [0, 0.5, 1])
        #expect(curve.points.map(\.value) == [0, 0.5, 1])
    }

    @Test func curvePointsFromALoop() throws {
        let pattern = HapticPattern {
            Curve(.audioVolume) {
                for step in 0...4 {
                    Point(Double(step) * 0.25, 1 - Double(step) * 0.25)
                }
                if true { Point(2, 0) }
            }
        }
        let curve = try #require(pattern.curves.first)
        #expect(curve.points.map(\.time) == [0, 0.25, 0.5, 0.75, 1, 2])
        #expect(curve.points.map(\.value) == [1, 0.75, 0.5, 0.25, 0, 0])
    }

    @Test func curveInParallelWithItsEvent() {
        let pattern = HapticPattern(gap: 0.2) {
            Transient()
            Parallel {
                Continuous(duration: 1)
                Curve(.hapticIntensity) {
                    Point(0, 1)
                    Point(1, 0)
                }
                Control(.hapticSharpness, 0.3).at(0.5)
            }
            Transient()
        }
        #expect(pattern.curves.map(\.time) == [0.2])
        #expect(pattern.parameters.map(\.time) == [0.7])
        #expect(eventTimes(pattern) == [0, 0.2, 1.4])
    }
}
