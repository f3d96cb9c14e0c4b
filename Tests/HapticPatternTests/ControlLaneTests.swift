import HapticPattern
import HapticTestSupport
import Testing

/// `ControlLane`: a dynamic parameter's value over time by the renderer's rules, and the
/// decoder's note for transients their own pattern's intensity control halves.
@Suite struct ControlLaneTests {
    func curve(
        _ id: DynamicParameterID = .hapticIntensityControl, at time: Double,
        _ points: [(Double, Double)]
    ) -> ParameterCurve {
        ParameterCurve(id: id, time: time, points: points.map { .init(time: $0.0, value: $0.1) })
    }

    @Test func neutralBeforeAnyItemLinearBetweenPointsLastValueHeld() {
        let pattern = HapticPattern(curves: [curve(at: 1, [(0, 0.2), (1, 0.6)])])
        let lane = ControlLane(.hapticIntensityControl, in: pattern)
        #expect(lane.value(at: 0.5) == 1)
        #expect(lane.value(at: 1) == 0.2)
        #expect(abs(lane.value(at: 1.5) - 0.4) < 1e-12)
        #expect(lane.value(at: 5) == 0.6)
        #expect(ControlLane(.hapticSharpnessControl, in: pattern).value(at: 1.5) == 0)
    }

    @Test func theLaterStartWinsAndCutsARampInFlight() {
        // The second curve starts mid-ramp: the first one's later points never play.
        let pattern = HapticPattern(
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 0.5, value: 0.9)],
            curves: [curve(at: 0, [(0, 0), (1, 1)]), curve(at: 0.5, [(0.25, 0.3)])])
        let lane = ControlLane(.hapticIntensityControl, in: pattern)
        #expect(abs(lane.value(at: 0.25) - 0.25) < 1e-12)
        // At 0.5 the curve (which wins over the parameter at the same start) holds the value
        // the lane had until its first point, then steps.
        #expect(abs(lane.value(at: 0.6) - 0.5) < 1e-12)
        #expect(lane.value(at: 0.75) == 0.3)
        #expect(lane.value(at: 2) == 0.3)
    }

    @Test func chainedCurvesSharingTheirBoundaryPointAreOneLine() {
        let pattern = HapticPattern(curves: [
            curve(at: 0, [(0, 0), (1, 1)]), curve(at: 1, [(0, 1), (1, 0)]),
        ])
        let lane = ControlLane(.hapticIntensityControl, in: pattern)
        for (t, v) in [(0.5, 0.5), (1.0, 1.0), (1.5, 0.5), (2.5, 0.0)] {
            #expect(abs(lane.value(at: t) - v) < 1e-12)
        }
    }

    @Test func aTransientTheControlHalvesIsNotedAtItsPosition() throws {
        let text = ahap(
            #"{"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 2, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"#,
            #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.3}, {"Time": 2, "ParameterValue": 0.3}]}}"#,
            #"{"Event": {"Time": 1.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"#
        )
        for mode in AHAPDecoder.Mode.allCases {
            let result = decode(text, mode)
            #expect(result.accepted, "\(mode)")
            let notes = result.with(.patternTransientScaled)
            let d = try #require(notes.first)
            #expect(notes.count == 1 && d.severity == .note)
            #expect(d.message.contains("intensity 1 but plays at 0.3"), "\(d.message)")
            let expected = try #require(
                location(of: #"{"Time": 1.0, "EventType": "HapticTransient""#, in: text))
            #expect(d.line == expected.line && d.column == expected.column)
        }
    }

    @Test func aTransientAtHalfOrMoreOrOutsideTheControlIsNotNoted() {
        let text = ahap(
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0.5}}"#,
            #"{"Event": {"Time": 1.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"#,
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 2, "ParameterValue": 0.1}}"#,
            #"{"Event": {"Time": 1.5, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}"#,
            #"{"Event": {"Time": 2.5, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0}]}}"#
        )
        #expect(decode(text).with(.patternTransientScaled).isEmpty)
        // A dynamic parameter scales as a curve does.
        let scaled = ahap(
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0.2}}"#,
            #"{"Event": {"Time": 1.0, "EventType": "HapticTransient"}}"#)
        let note = decode(scaled).with(.patternTransientScaled)
        #expect(
            note.count == 1
                && note.first?.message.contains("asks for intensity 0.75 but plays at 0.15")
                    == true,
            "\(note)")
    }

    /// Where a multiplying control is 0: held zeros, a ramp's foot, a ramp down to the end,
    /// and a zero that lasts for ever; a sharpness control (which adds) is at its floor only at −1.
    @Test func floorSpansAreWhereTheControlIsZero() {
        let pattern = HapticPattern(
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 10, value: 0)],
            curves: [
                curve(at: 1, [(0, 0), (1, 0), (2, 1)]),  // 0 over 1…2, then up to 1 at 3
                curve(at: 4, [(0, 1), (1, -1)]),  // down through 0 at 4.5, clamped below it
                curve(at: 6, [(0, 0.5)]),
                curve(.hapticSharpnessControl, at: 0, [(0, -1), (1, 0)]),
            ])
        #expect(
            ControlLane(.hapticIntensityControl, in: pattern).floorSpans == [
                1...2, 4.5...6, 10...Double.infinity,
            ])
        #expect(ControlLane(.hapticSharpnessControl, in: pattern).floorSpans == [0...0])
        #expect(ControlLane(.audioVolumeControl, in: pattern).floorSpans.isEmpty)
    }
}
