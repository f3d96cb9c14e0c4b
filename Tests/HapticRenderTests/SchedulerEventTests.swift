import HapticPattern
import HapticRender
import Testing

private typealias S = SchedulerFixtures

/// Lifetimes and envelopes of each event type, with exact sample positions. Most tests run at
/// 1 kHz so one sample is one millisecond; T(x) = 0.02·2^(8x) s gives 20 samples at x = 0,
/// 40 at 0.125, 80 at 0.25, 160 at 0.375, 320 at 0.5, 1280 at 0.75, 5120 at 1.
@Suite struct SchedulerEventTests {
    @Test func envelopeTimeLaw() {
        #expect(EnvelopeTime.seconds(0) == 0.02)
        #expect(EnvelopeTime.seconds(0.5) == 0.32)
        #expect(EnvelopeTime.seconds(1) == 5.12)
        #expect(EnvelopeTime.seconds(-3) == 0.02)  // clamped
        #expect(EnvelopeTime.seconds(7) == 5.12)
        #expect(TransientShape.lengthSeconds == 0.040)
    }

    @Test func transientHasFixedLengthAndDurationOnlyPadsThePattern() {
        let p = HapticPattern(events: [
            S.transient(0.5, duration: 2, [(.hapticIntensity, 0.8), (.hapticSharpness, 0.3)])
        ])
        let t = S.timeline(p)
        let v = t.voices
        #expect(v.count == 1)
        #expect(v.start == [500])
        #expect(v.end == [540])
        #expect(v.releaseStart == [540])
        #expect(v.kind == [.hapticTransient])
        #expect(v.level == [0.8] && v.timbre == [0.3])
        #expect(v.attackSamples == [0] && v.decaySamples == [0] && v.releaseSamples == [0])
        #expect(v.sustained == [false] && v.audioResource == [-1])
        #expect(t.patternDurationSamples == 2500)
        #expect(t.voicesEndSample == 540)
        #expect(t.validate().isEmpty)
    }

    @Test func transientDefaultsAt48kHz() {
        let t = S.timeline(HapticPattern(events: [S.transient(0.1)]), sampleRate: 48_000)
        #expect(t.voices.start == [4800])
        #expect(t.voices.end == [4800 + 1920])
        #expect(t.voices.level == [0.75] && t.voices.timbre == [0.5])
    }

    @Test func sustainedContinuousIsAttackHoldRelease() {
        let p = HapticPattern(events: [
            S.continuous(
                1, 2, [(.attackTime, 0.5), (.releaseTime, 0.125), (.hapticIntensity, 0.6)])
        ])
        let t = S.timeline(p)
        let v = t.voices
        #expect(v.start == [1000])
        #expect(v.attackSamples == [320])
        #expect(v.releaseStart == [3000])
        #expect(v.releaseSamples == [40])
        #expect(v.end == [3040])
        #expect(v.sustained == [true])
        #expect(v.decaySamples == [20])
        #expect(v.level == [0.6] && v.timbre == [0.5])
        // docs/ahap-format.md, Timing and duration: 1 + 2 + (0.02·2^1 − 0.04) = 3.
        #expect(t.patternDurationSamples == 3000)
    }

    @Test func defaultReleaseIsTwentyMillisecondsAndExplicitReleaseShortensThePattern() {
        let implicit = S.timeline(HapticPattern(events: [S.continuous(1, 2)]))
        #expect(implicit.voices.end == [3020])
        #expect(implicit.patternDurationSamples == 3000)
        let explicit = S.timeline(HapticPattern(events: [S.continuous(1, 2, [(.releaseTime, 0)])]))
        #expect(explicit.voices.end == [3020])
        #expect(explicit.patternDurationSamples == 2980)  // 3 + 0.02 − 0.04
    }

    @Test func nonSustainedIsAttackDecayAndIgnoresDuration() {
        let p = HapticPattern(events: [
            S.continuous(
                0, 1.5,
                [(.sustained, 0), (.attackTime, 0.25), (.decayTime, 0.375), (.releaseTime, 1)])
        ])
        let t = S.timeline(p)
        #expect(t.voices.sustained == [false])
        #expect(t.voices.attackSamples == [80])
        #expect(t.voices.releaseStart == [80])
        #expect(t.voices.decaySamples == [160])
        #expect(t.voices.end == [240])
        #expect(t.patternDurationSamples == 1500)  // non-sustained: fullDuration = EventDuration
        // Sustained 0.5 is sustained (only an explicit 0 is not).
        let half = S.timeline(HapticPattern(events: [S.continuous(0, 1, [(.sustained, 0.5)])]))
        #expect(half.voices.sustained == [true])
        #expect(half.voices.end == [1020])
    }

    @Test func nonSustainedWithoutDurationIsAccepted() {
        let r = S.schedule(HapticPattern(events: [S.continuous(0, nil, [(.sustained, 0)])]))
        #expect(r.notes.isEmpty)
        #expect(r.timeline.voices.end == [40])
    }

    @Test func sustainedWithoutDurationIsNoted() {
        let r = S.schedule(HapticPattern(events: [S.continuous(0.25, nil)]))
        #expect(r.notes.count == 1 && r.notes[0].eventIndex == 0)
        #expect(r.timeline.voices.releaseStart == [250])
        #expect(r.timeline.voices.end == [270])
    }

    @Test func audioContinuousCarriesAudioParametersAndIsNotCapped() {
        let p = HapticPattern(events: [
            S.continuous(
                0, 40,
                [
                    (.audioVolume, 0.625), (.audioPan, -0.5), (.audioPitch, 0.25),
                    (.audioBrightness, 0.375),
                ], audio: true)
        ])
        let r = S.schedule(p)
        let v = r.timeline.voices
        #expect(r.notes.isEmpty)
        #expect(v.kind == [.audioContinuous])
        #expect(v.level == [0.625] && v.pan == [-0.5] && v.pitch == [0.25] && v.timbre == [0.375])
        #expect(v.releaseStart == [40_000] && v.end == [40_020])
    }

    @Test func hapticContinuousIsCappedAtThirtySeconds() {
        let p = HapticPattern(events: [S.transient(0), S.continuous(1, 40)])
        let r = S.schedule(p)
        #expect(r.timeline.voices.releaseStart == [40, 31_000])
        #expect(r.timeline.voices.end == [40, 31_020])
        #expect(r.notes.count == 1)
        #expect(r.notes.first?.eventIndex == 1)
        // CHHapticPattern.duration uses the uncapped EventDuration.
        #expect(r.timeline.patternDurationSamples == 41_000)
    }

    @Test func audioCustomLastsTheFileLength() {
        let p = HapticPattern(events: [
            S.custom(0.25, path: "a.wav", duration: 9, [(.audioVolume, 0.5)])
        ])
        let t = S.timeline(p, lengths: ["a.wav": 1.5])
        let v = t.voices
        #expect(v.kind == [.audioCustom])
        #expect(v.start == [250] && v.end == [1750])
        #expect(v.attackSamples == [20] && v.releaseSamples == [20])
        #expect(v.releaseStart == [1730])
        #expect(v.usesVolumeEnvelope == [true] && v.loops == [false])
        #expect(v.audioResource == [0])
        #expect(t.audioResources == [AudioResourceReference(path: "a.wav", durationSeconds: 1.5)])
        #expect(t.patternDurationSamples == 1750)  // EventDuration 9 ignored
    }

    @Test func audioCustomWithoutVolumeEnvelopeHasNoFades() {
        let t = S.timeline(
            HapticPattern(events: [S.custom(0, path: "a.wav", envelope: false)]),
            lengths: ["a.wav": 0.5])
        #expect(t.voices.attackSamples == [0] && t.voices.releaseSamples == [0])
        #expect(t.voices.releaseStart == [500] && t.voices.end == [500])
    }

    @Test func loopedAudioCustomUsesEventDurationElseOneFileLength() {
        let p = HapticPattern(events: [
            S.custom(0, path: "a.wav", duration: 4, loop: true),
            S.custom(1, path: "b.wav", loop: true),
        ])
        let t = S.timeline(p, lengths: ["a.wav": 1.5, "b.wav": 0.75])
        #expect(t.voices.start == [0, 1000])
        #expect(t.voices.end == [4000, 1750])
        #expect(t.voices.loops == [true, true])
        #expect(t.voices.audioResource == [0, 1])
        #expect(t.patternDurationSamples == 4000)
    }

    @Test func audioCustomWithoutKnownLengthIsSkippedAndReported() {
        let p = HapticPattern(events: [S.transient(0), S.custom(0.5, path: "missing.wav")])
        let r = S.schedule(p, lengths: ["other.wav": 1])
        #expect(r.timeline.voices.count == 1)
        #expect(r.timeline.audioResources.isEmpty)
        #expect(r.notes.map(\.eventIndex) == [1])
        #expect(r.notes[0].message.contains("missing.wav"))
    }

    @Test func attackAndDecayControlsAreReadAtTheStartReleaseAtTheReleaseStart() {
        let p = HapticPattern(
            events: [
                S.continuous(0, 3, [(.releaseTime, 0.25)]),
                S.continuous(1, nil, [(.sustained, 0), (.attackTime, 0.125), (.decayTime, 0.25)]),
            ],
            parameters: [
                DynamicParameter(id: .hapticAttackTimeControl, time: 0, value: 0.25),
                DynamicParameter(id: .hapticDecayTimeControl, time: 0.5, value: 0.125),
                DynamicParameter(id: .hapticReleaseTimeControl, time: 2.5, value: 0.5),
                // Audio controls never touch haptic voices.
                DynamicParameter(id: .audioAttackTimeControl, time: 0, value: 1),
                DynamicParameter(id: .audioReleaseTimeControl, time: 0, value: 1),
            ])
        let v = S.timeline(p).voices
        // Event 0: attack T(0 + 0.25) = 80 (control at the same sample applies); release read
        // at 3000 where the control is 0.5: T(0.25 + 0.5) = 1280.
        #expect(v.attackSamples[0] == 80)
        #expect(v.releaseStart[0] == 3000 && v.releaseSamples[0] == 1280 && v.end[0] == 4280)
        // Event 1 (AD): attack T(0.125 + 0.25) = 160, decay T(0.25 + 0.125) = 160.
        #expect(v.start[1] == 1000)
        #expect(v.attackSamples[1] == 160 && v.decaySamples[1] == 160)
        #expect(v.releaseStart[1] == 1160 && v.end[1] == 1320)
    }

    @Test func envelopeControlsClampToTheUnitRange() {
        let p = HapticPattern(
            events: [S.continuous(0, 1, [(.attackTime, 0.5), (.releaseTime, 0.25)], audio: true)],
            parameters: [
                DynamicParameter(id: .audioAttackTimeControl, time: 0, value: 1),
                DynamicParameter(id: .audioReleaseTimeControl, time: 0, value: -1),
            ])
        let v = S.timeline(p).voices
        #expect(v.attackSamples == [5120])  // 0.5 + 1 → 1
        #expect(v.releaseSamples == [20])  // 0.25 − 1 → 0
    }

    @Test func invalidInputIsSkippedWithNotesInsteadOfTrapping() {
        let p = HapticPattern(
            events: [S.transient(.nan), S.transient(-1), S.continuous(0, -2), S.transient(0.5)],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: .infinity, value: 0.5)]
        )
        let r = S.schedule(
            p, options: PlayerOptions(startOffset: -1, playbackRate: 0, loop: LoopOptions(count: 0))
        )
        #expect(r.timeline.voices.start == [500])
        #expect(r.notes.compactMap(\.eventIndex) == [0, 1, 2])
        // rate, offset, loop count, parameter
        #expect(r.notes.filter { $0.eventIndex == nil }.count == 4)
        #expect(r.timeline.validate().isEmpty)
        #expect(Timeline(scheduling: [], sampleRate: 48_000).voices.count == 0)
    }
}
