import HapticPattern
import HapticRender
import Testing

private typealias S = SchedulerFixtures

/// Player options (rate, loop, seek), layers and runtime parameters, at 1 kHz unless noted.
@Suite struct SchedulerPlayerTests {
    @Test func playbackRateScalesTimesAndDurationsButNotEnvelopesTransientsOrCustomAudio() {
        let p = HapticPattern(
            events: [
                S.continuous(1, 2, [(.attackTime, 0.5)]), S.transient(2),
                S.custom(1, path: "a.wav"),
            ],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 1, value: 0.5)],
            curves: [S.curve(.audioVolumeControl, 1, [(0, 0), (1, 1)])])
        let t = S.timeline(p, options: PlayerOptions(playbackRate: 2), lengths: ["a.wav": 1.5])
        let v = t.voices
        let hc = v.kind.firstIndex(of: .hapticContinuous)!
        let ht = v.kind.firstIndex(of: .hapticTransient)!
        let au = v.kind.firstIndex(of: .audioCustom)!
        #expect(v.start[hc] == 500 && v.releaseStart[hc] == 1500)
        #expect(v.attackSamples[hc] == 320 && v.end[hc] == 1520)
        #expect(v.start[ht] == 1000 && v.end[ht] == 1040)
        #expect(v.start[au] == 500 && v.end[au] == 2000)
        #expect(t.parameterLane(.hapticIntensityControl).sample == [500])
        #expect(t.parameterLane(.audioVolumeControl).sample == [500, 1000])
        #expect(t.parameterLane(.audioVolumeControl).value(at: 750) == 0.5)
        #expect(t.patternDurationSamples == 1500)  // pattern duration 3 s at rate 2
    }

    @Test func loopsUnrollEventsBeforeLoopEndAndParameterLanesPersistAcrossIterations() {
        let p = HapticPattern(
            events: [S.transient(0), S.continuous(0.25, 0.25), S.transient(0.5)],
            parameters: [
                DynamicParameter(id: .hapticIntensityControl, time: 0.1, value: 0.5),
                DynamicParameter(id: .hapticIntensityControl, time: 0.3, value: 0.75),
            ])
        let t = S.timeline(p, options: PlayerOptions(loop: LoopOptions(loopEnd: 0.4, count: 3)))
        #expect(t.voices.start == [0, 250, 400, 650, 800, 1050])
        #expect(t.voices.releaseStart == [40, 500, 440, 900, 840, 1300])
        #expect(t.patternDurationSamples == 1200)
        let lane = t.parameterLane(.hapticIntensityControl)
        #expect(lane.sample == [100, 300, 500, 700, 900, 1100])
        #expect(lane.value(at: 450) == 0.75)  // iteration 2 before its first parameter: persists
        #expect(lane.value(at: 550) == 0.5)
        #expect(t.validate().isEmpty)
    }

    @Test func loopEndZeroLoopsThePatternDurationIncludingItsLastInstant() {
        let p = HapticPattern(events: [S.transient(0), S.transient(0.5), S.continuous(0.25, 0.5)])
        let t = S.timeline(p, options: PlayerOptions(loop: LoopOptions(loopEnd: 0, count: 2)))
        #expect(t.voices.start == [0, 250, 500, 750, 1000, 1250])
        #expect(t.patternDurationSamples == 1500)
        let once = S.timeline(
            HapticPattern(events: [S.transient(1)]),
            options: PlayerOptions(loop: LoopOptions(count: 3)))
        #expect(once.voices.start == [1000, 2000, 3000])
    }

    @Test func seekDropsEventsStartingBeforeTheOffsetButKeepsParameterLaneState() {
        let p = HapticPattern(
            events: [
                S.transient(0), S.transient(0.2), S.continuous(0.25, 1), S.transient(0.3),
                S.transient(0.5),
            ],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 0.1, value: 0.375)])
        let t = S.timeline(p, options: PlayerOptions(startOffset: 0.3))
        #expect(t.voices.start == [0, 200])
        #expect(t.voices.kind == [.hapticTransient, .hapticTransient])
        let lane = t.parameterLane(.hapticIntensityControl)
        #expect(lane.sample == [0] && lane.value == [0.375])
        #expect(t.patternDurationSamples == 950)  // 1.25 − 0.3
    }

    @Test func seekIntoARampStartsTheParameterLaneMidRamp() {
        let p = HapticPattern(curves: [S.curve(.hapticIntensityControl, 0, [(0, 0), (1, 1)])])
        let lane = S.timeline(p, sampleRate: 1024, options: PlayerOptions(startOffset: 0.25))
            .parameterLane(
                .hapticIntensityControl)
        #expect(lane.sample == [0, 768])
        #expect(lane.value(at: 0) == 0.25 && lane.value(at: 256) == 0.5 && lane.value(at: 768) == 1)
    }

    @Test func seekAndRateCompose() {
        let t = S.timeline(
            HapticPattern(events: [S.transient(1.5)]),
            options: PlayerOptions(startOffset: 0.5, playbackRate: 2))
        #expect(t.voices.start == [500])
    }

    @Test func seekPastTheLoopEndStartsAtTheLoopStart() {
        let r = S.schedule(
            HapticPattern(events: [S.transient(0), S.transient(0.5)]),
            options: PlayerOptions(startOffset: 2, loop: LoopOptions(loopEnd: 1, count: 2)))
        #expect(r.timeline.voices.start == [0, 500, 1000, 1500])
        #expect(r.notes.count == 1)
    }

    @Test func layersHaveTheirOwnParameterLanesAndTheEarliestStartIsSampleZero() {
        let a = HapticPattern(
            events: [S.transient(0)],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 0, value: 0.5)])
        let b = HapticPattern(
            events: [S.transient(0)],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 0.5, value: 0.25)])
        let t = Timeline(
            scheduling: [
                PatternLayer(pattern: b, startTime: 3), PatternLayer(pattern: a, startTime: 2),
            ], sampleRate: 1000)
        #expect(t.layerCount == 2 && t.parameterLanes.count == 24)
        #expect(t.voices.start == [0, 1000])
        #expect(t.voices.layer == [1, 0])
        #expect(t.parameterLane(.hapticIntensityControl, layer: 1).value(at: 0) == 0.5)
        #expect(t.parameterLane(.hapticIntensityControl, layer: 0).value(at: 999) == 1)
        #expect(t.parameterLane(.hapticIntensityControl, layer: 0).value(at: 1500) == 0.25)
        #expect(t.parameterLane(.hapticIntensityControl, layer: 1).value(at: 1500) == 0.5)
        #expect(t.patternDurationSamples == 1500)
    }

    @Test func runtimeParametersAreStepsInPlayerTime() {
        let p = HapticPattern(parameters: [
            DynamicParameter(id: .hapticIntensityControl, time: 1, value: 0.875)
        ])
        let opts = PlayerOptions(
            playbackRate: 2,
            runtimeParameters: [
                RuntimeParameter(id: .hapticIntensityControl, value: 0.25, time: 0.25)
            ])
        let lane = S.timeline(p, options: opts).parameterLane(.hapticIntensityControl)
        #expect(lane.sample == [250, 500])  // runtime not rate-scaled; pattern parameter is
        #expect(lane.value == [0.25, 0.875])
    }

    @Test func runtimeParametersAreNotRepeatedByLoopsAndDriveEnvelopes() {
        let p = HapticPattern(events: [S.continuous(0, 1)])
        let opts = PlayerOptions(
            loop: LoopOptions(loopEnd: 2, count: 2),
            runtimeParameters: [
                RuntimeParameter(id: .hapticReleaseTimeControl, value: 0.5, time: 0.9)
            ])
        let t = S.timeline(p, options: opts)
        #expect(t.parameterLane(.hapticReleaseTimeControl).sample == [900])
        #expect(t.voices.releaseSamples == [320, 320])  // both releases start after 0.9 s
        #expect(t.voices.start == [0, 2000])
    }
}
