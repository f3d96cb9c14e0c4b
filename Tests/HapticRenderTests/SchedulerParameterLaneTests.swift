import HapticPattern
import HapticRender
import Testing

private typealias S = SchedulerFixtures

/// Dynamic parameters and curves → lanes. Sample rate 1024 Hz so that ramp slopes are powers
/// of two and lane values are exact binary fractions: `==`, not tolerances.
@Suite struct SchedulerParameterLaneTests {
    let rate = 1024.0

    @Test func combineMultipliesIntensityAndVolumeAndAddsElsewhereWithClamping() {
        #expect(
            DynamicParameterID.hapticIntensityControl.combine(event: 0.75, control: 0.5) == 0.375)
        #expect(DynamicParameterID.audioVolumeControl.combine(event: 0.5, control: 0.5) == 0.25)
        #expect(DynamicParameterID.hapticIntensityControl.combine(event: 0.75, control: 1) == 0.75)
        #expect(DynamicParameterID.hapticSharpnessControl.combine(event: 0.75, control: 0.5) == 1)
        #expect(DynamicParameterID.hapticSharpnessControl.combine(event: 0.25, control: -0.5) == 0)
        #expect(
            DynamicParameterID.hapticSharpnessControl.combine(event: 0.25, control: 0.5) == 0.75)
        #expect(DynamicParameterID.audioPanControl.combine(event: -0.5, control: -0.75) == -1)
        #expect(DynamicParameterID.audioPitchControl.combine(event: 0.5, control: -0.25) == 0.25)
        #expect(DynamicParameterID.audioBrightnessControl.combine(event: 0.5, control: 0.75) == 1)
        #expect(DynamicParameterID.hapticReleaseTimeControl.combine(event: 0.25, control: -1) == 0)
    }

    @Test func parametersAreStepsOnTheirOwnLaneAndCombineWithVoices() {
        let p = HapticPattern(
            events: [
                S.continuous(0, 2, [(.hapticIntensity, 0.75), (.hapticSharpness, 0.25)]),
                S.continuous(0, 2, [(.audioVolume, 0.5)], audio: true),
            ],
            parameters: [
                DynamicParameter(id: .hapticIntensityControl, time: 0.5, value: 0.5),
                DynamicParameter(id: .hapticSharpnessControl, time: 1, value: 0.5),
                DynamicParameter(id: .audioVolumeControl, time: 0.25, value: 0.25),
            ])
        let t = S.timeline(p, sampleRate: rate)
        let intensity = t.parameterLane(.hapticIntensityControl)
        #expect(intensity.initialValue == 1)
        #expect(intensity.sample == [512] && intensity.value == [0.5] && intensity.slope == [0])
        #expect(
            intensity.value(at: 511) == 1 && intensity.value(at: 512) == 0.5
                && intensity.value(at: 99_999) == 0.5)
        let sharp = t.parameterLane(.hapticSharpnessControl)
        #expect(
            sharp.initialValue == 0 && sharp.value(at: 1023) == 0 && sharp.value(at: 1024) == 0.5)
        #expect(t.parameterLane(.audioVolumeControl).value(at: 256) == 0.25)
        // Untouched lanes stay empty.
        #expect(
            t.parameterLane(.audioPanControl).count == 0
                && t.parameterLane(.hapticAttackTimeControl).count == 0)
        // Effective values, as the synthesizer combines them.
        let h = t.voices.kind.firstIndex(of: .hapticContinuous)!
        let a = t.voices.kind.firstIndex(of: .audioContinuous)!
        #expect(
            DynamicParameterID.hapticIntensityControl.combine(
                event: Double(t.voices.level[h]), control: intensity.value(at: 600)) == 0.375)
        #expect(
            DynamicParameterID.hapticSharpnessControl.combine(
                event: Double(t.voices.timbre[h]), control: sharp.value(at: 1500)) == 0.75)
        #expect(
            DynamicParameterID.audioVolumeControl.combine(
                event: Double(t.voices.level[a]),
                control: t.parameterLane(.audioVolumeControl).value(at: 300)) == 0.125)
    }

    @Test func curvePointTimesAreRelativeToTheCurveAndInterpolateLinearly() {
        let p = HapticPattern(curves: [
            S.curve(.hapticIntensityControl, 1, [(0, 0), (0.5, 1), (1, 0.5)])
        ])
        let lane = S.timeline(p, sampleRate: rate).parameterLane(.hapticIntensityControl)
        #expect(lane.sample == [1024, 1536, 2048])
        #expect(lane.value == [0, 1, 0.5])
        #expect(lane.slope == [1.0 / 512, -0.5 / 512, 0])
        #expect(lane.value(at: 1023) == 1)  // neutral before
        #expect(lane.value(at: 1024) == 0)
        #expect(lane.value(at: 1280) == 0.5)
        #expect(lane.value(at: 1536) == 1)
        #expect(lane.value(at: 1792) == 0.75)
        #expect(lane.value(at: 2048) == 0.5)
        #expect(lane.value(at: 50_000) == 0.5)  // holds after the last point
    }

    @Test func beforeTheFirstPointTheLaneHoldsItsPreviousValue() {
        let p = HapticPattern(
            parameters: [DynamicParameter(id: .hapticSharpnessControl, time: 1, value: 0.5)],
            curves: [S.curve(.hapticSharpnessControl, 2, [(0.25, -0.5), (0.5, 0.5)])])
        let lane = S.timeline(p, sampleRate: rate).parameterLane(.hapticSharpnessControl)
        #expect(lane.value(at: 2100) == 0.5)  // curve started at 2048, first point at 2304
        #expect(lane.value(at: 2303) == 0.5)
        #expect(lane.value(at: 2304) == -0.5)  // absolute 2.25 s, not 0.25 s
        #expect(lane.value(at: 2432) == 0)
        #expect(lane.value(at: 2560) == 0.5)
        #expect(lane.value(at: 300) == 0)  // 0.25 s untouched
    }

    @Test func aLaterCurveTakesOverAndDropsTheEarlierCurvesRemainingPoints() {
        let p = HapticPattern(curves: [
            S.curve(.audioPanControl, 0, [(0, 0), (1, 1)]),
            S.curve(.audioPanControl, 0.5, [(0.25, -1), (0.5, -0.5)]),
        ])
        let lane = S.timeline(p, sampleRate: rate).parameterLane(.audioPanControl)
        #expect(lane.value(at: 256) == 0.25)
        #expect(lane.value(at: 512) == 0.5)  // takeover: frozen at the value reached
        #expect(lane.value(at: 700) == 0.5)
        #expect(lane.value(at: 768) == -1)
        #expect(lane.value(at: 1024) == -0.5)  // the first curve's (1 s, 1) point is gone
        #expect(lane.value(at: 4096) == -0.5)
        #expect(lane.sample == [0, 512, 768, 1024])
    }

    @Test func aParameterTakesOverACurveAndACurveTakesOverAParameter() {
        let p = HapticPattern(
            parameters: [
                DynamicParameter(id: .hapticIntensityControl, time: 0, value: 0.25),
                DynamicParameter(id: .hapticIntensityControl, time: 1.25, value: 0.125),
                DynamicParameter(id: .hapticIntensityControl, time: 3, value: 0.75),
            ],
            curves: [
                S.curve(.hapticIntensityControl, 1, [(0, 0), (1, 1)]),
                S.curve(.hapticIntensityControl, 2.5, [(0, 1)]),
            ])
        let lane = S.timeline(p, sampleRate: rate).parameterLane(.hapticIntensityControl)
        #expect(lane.value(at: 500) == 0.25)  // parameter before the curve
        #expect(lane.value(at: 1024) == 0)  // curve starts
        #expect(lane.value(at: 1152) == 0.125)  // ramp 0 → 1 over 1024 samples
        #expect(lane.value(at: 1280) == 0.125)  // parameter at 1.25 s cuts the ramp
        #expect(lane.value(at: 2000) == 0.125)  // ...and the curve's last point is dropped
        #expect(lane.value(at: 2560) == 1)  // a later curve
        #expect(lane.value(at: 3072) == 0.75)  // parameter after the curve's last point
    }

    @Test func duplicatePointTimesAreSteps() {
        let p = HapticPattern(curves: [
            S.curve(.hapticIntensityControl, 0, [(0, 0), (0.5, 0.5), (0.5, 1), (1, 0)])
        ])
        let lane = S.timeline(p, sampleRate: rate).parameterLane(.hapticIntensityControl)
        #expect(lane.sample == [0, 512, 1024])
        #expect(lane.value(at: 511) == 511.0 / 1024)
        #expect(lane.value(at: 512) == 1)
        #expect(lane.value(at: 768) == 0.5)
        #expect(lane.value(at: 1024) == 0)
    }

    @Test func anyNumberOfPointsAndUnsortedPointsFollowTime() {
        let points = (0...40).reversed().map { (Double($0) / 32, Double($0 % 2)) }
        let lane = S.timeline(
            HapticPattern(curves: [S.curve(.hapticIntensityControl, 0, points)]), sampleRate: rate
        ).parameterLane(.hapticIntensityControl)
        #expect(lane.count == 41)
        #expect(
            lane.value(at: 0) == 0 && lane.value(at: 32) == 1 && lane.value(at: 48) == 0.5
                && lane.value(at: 1280) == 0)
    }

    @Test func controlValuesAreClampedToTheirRange() {
        let p = HapticPattern(
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 0, value: 3)],
            curves: [S.curve(.audioPitchControl, 0, [(0, -7)])])
        let t = S.timeline(p, sampleRate: rate)
        #expect(t.parameterLane(.hapticIntensityControl).value(at: 0) == 1)
        #expect(t.parameterLane(.audioPitchControl).value(at: 0) == -1)
    }

    @Test func curvesOfEnvelopeControlsAreAppliedWithANote() {
        let p = HapticPattern(
            events: [S.continuous(1, 1)],
            curves: [S.curve(.hapticAttackTimeControl, 0, [(0, 0), (1, 0.5)])])
        let r = S.schedule(p, sampleRate: rate)
        #expect(r.notes.count == 1 && r.notes[0].eventIndex == nil)
        #expect(r.timeline.voices.attackSamples == [Int32((0.02 * 16 * rate).rounded())])  // T(0.5)
    }

    @Test func tiesAtOneSamplePreferCurvesThenRuntimeParameters() {
        // Ties at one sample: pattern parameters < curves < runtime parameters.
        let p = HapticPattern(
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 1, value: 0.25)],
            curves: [S.curve(.hapticIntensityControl, 1, [(0, 0.5)])])
        #expect(
            S.timeline(p, sampleRate: rate).parameterLane(.hapticIntensityControl).value(at: 1024)
                == 0.5)
        let withRuntime = S.timeline(
            p, sampleRate: rate,
            options: PlayerOptions(runtimeParameters: [
                RuntimeParameter(id: .hapticIntensityControl, value: 0.75, time: 1)
            ]))
        #expect(withRuntime.parameterLane(.hapticIntensityControl).value(at: 1024) == 0.75)
    }
}
