import HapticPattern
import HapticRender
import Testing

private typealias S = SchedulerFixtures

/// Whole-timeline properties: order independence, float32 times, polyphony, pattern duration,
/// the readable table, invariants and scale.
@Suite struct SchedulerTimelineTests {
    private static let mixed = HapticPattern(
        events: [
            S.transient(0.05, [(.hapticIntensity, 0.5)]),
            S.transient(0.05, [(.hapticIntensity, 0.9)]),
            S.continuous(0.1, 0.5, [(.releaseTime, 0.3)]),
            S.continuous(0.3, 0.2, [(.audioPan, 0.5)], audio: true),
            S.custom(0.2, path: "b.wav"), S.custom(0.4, path: "a.wav", duration: 1, loop: true),
            S.continuous(0.7, nil, [(.sustained, 0), (.decayTime, 0.2)]),
        ],
        parameters: [
            DynamicParameter(id: .hapticIntensityControl, time: 0.2, value: 0.5),
            DynamicParameter(id: .hapticReleaseTimeControl, time: 0.5, value: 0.25),
            DynamicParameter(id: .audioVolumeControl, time: 0.35, value: 0.8),
        ],
        curves: [
            S.curve(.hapticSharpnessControl, 0.15, [(0.1, 0.2), (0, -0.1), (0.3, 0.4)]),
            S.curve(.hapticSharpnessControl, 0.6, [(0, 0)]),
        ])

    @Test func outOfOrderInputGivesTheIdenticalTimeline() {
        let lengths = ["a.wav": 0.3, "b.wav": 0.6]
        let reference = S.timeline(Self.mixed, sampleRate: 48_000, lengths: lengths)
        var reversed = Self.mixed
        reversed.events.reverse()
        reversed.parameters.reverse()
        reversed.curves.reverse()
        var rotated = Self.mixed
        rotated.events = Array(rotated.events[3...] + rotated.events[..<3])
        rotated.parameters = [rotated.parameters[2], rotated.parameters[0], rotated.parameters[1]]
        var canonical = Self.mixed
        canonical.canonicalize()
        for variant in [reversed, rotated, canonical] {
            let t = S.timeline(variant, sampleRate: 48_000, lengths: lengths)
            #expect(t == reference)
        }
        #expect(reference.voices.count == 7)
        #expect(reference.audioResources.map(\.path) == ["a.wav", "b.wav"])
        #expect(reference.validate().isEmpty)
    }

    @Test func eventTimesAreRoundedToFloat32BeforeSampling() {
        // 0.005 s × 44.1 kHz = 220.5 in double, but Float(0.005) × 44100 = 220.49999… → 220.
        let t = S.timeline(
            HapticPattern(events: [S.transient(0.005), S.continuous(0, 0.005)]), sampleRate: 44_100)
        #expect(t.voices.start == [0, 220])
        #expect(t.voices.releaseStart[0] == 220)  // EventDuration is float32 too
        // 256.002 s at 48 kHz: double gives 12 288 096, float32 gives 12 288 097.
        #expect(
            S.timeline(HapticPattern(events: [S.transient(256.002)]), sampleRate: 48_000).voices
                .start == [12_288_097])
        // Time 0.1 at 48 kHz: Float(0.1) = 0.100000001490116 → still sample 4800.
        #expect(
            S.timeline(HapticPattern(events: [S.transient(0.1)]), sampleRate: 48_000).voices.start
                == [4800])
    }

    @Test func curveTimeIsFloat32ButPointTimesAreDouble() {
        let atCurveTime = S.timeline(
            HapticPattern(curves: [S.curve(.hapticIntensityControl, 0.005, [(0, 0.5)])]),
            sampleRate: 44_100)
        #expect(atCurveTime.parameterLane(.hapticIntensityControl).sample == [220])
        let atPointTime = S.timeline(
            HapticPattern(curves: [S.curve(.hapticIntensityControl, 0, [(0.005, 0.5)])]),
            sampleRate: 44_100)
        #expect(atPointTime.parameterLane(.hapticIntensityControl).sample == [0, 221])
    }

    @Test func polyphonyIsTheExactPeakPerKind() {
        let p = HapticPattern(events: [
            S.transient(0), S.transient(0.01), S.transient(0.02), S.transient(0.04),
            S.continuous(0, 1), S.continuous(0.5, 1), S.continuous(2, 1),
            S.continuous(0, 1, audio: true), S.custom(0, path: "a.wav"),
            S.custom(0.5, path: "a.wav"),
        ])
        let t = S.timeline(p, lengths: ["a.wav": 0.5])
        // the first ends (exclusive) where the fourth starts
        #expect(t.maxPolyphony.hapticTransient == 3)
        #expect(t.maxPolyphony.hapticContinuous == 2)
        #expect(t.maxPolyphony.audioContinuous == 1)
        #expect(t.maxPolyphony.audioCustom == 1)
    }

    @Test func patternDurationFollowsCoreHaptics() {
        let sustained = HapticPattern(events: [S.continuous(0.1, 0.2, [(.releaseTime, 0.5)])])
        let expected = Double(Float(0.1)) + Double(Float(0.2)) + (0.32 - 0.04)
        #expect(sustained.duration == expected)
        let nonSustained = HapticPattern(events: [
            S.continuous(0.5, 0.25, [(.releaseTime, 0.5), (.sustained, 0)])
        ])
        #expect(nonSustained.duration == 0.75)
        let transient = HapticPattern(events: [S.transient(1, duration: 0.5)])
        #expect(transient.duration == 1.5)
        let curve = HapticPattern(
            events: [S.transient(1)],
            curves: [S.curve(.hapticIntensityControl, 2, [(0, 1), (1.5, 0)])])
        #expect(curve.duration == 3.5)
        let parameter = HapticPattern(
            events: [S.transient(1)],
            parameters: [DynamicParameter(id: .audioPanControl, time: 4, value: 0)])
        #expect(parameter.duration == 4)
        let custom = HapticPattern(events: [S.custom(1, path: "x.wav", duration: 9)])
        #expect(custom.duration(customAudioDurations: ["x.wav": 0.25]) == 1.25)
        #expect(S.timeline(curve).patternDurationSamples == 3500)
    }

    @Test func validateReportsBrokenInvariants() {
        var voices = VoiceTable()
        for s in [Int64(100), 50] {
            voices.start.append(s)
            voices.end.append(s - 1)
            voices.releaseStart.append(s)
            voices.kind.append(.hapticTransient)
            voices.layer.append(0)
            voices.level.append(1)
            voices.timbre.append(0)
            voices.pan.append(0)
            voices.pitch.append(0)
            voices.attackSamples.append(0)
            voices.decaySamples.append(0)
            voices.releaseSamples.append(0)
            voices.sustained.append(false)
            voices.audioResource.append(-1)
            voices.loops.append(false)
            voices.usesVolumeEnvelope.append(false)
        }
        var t = Timeline(sampleRate: 1000, voices: voices)
        let problems = t.validate()
        #expect(problems.contains { $0.contains("starts before") })
        #expect(problems.contains { $0.contains("ends before") })
        t = Timeline(sampleRate: 1000)
        t.parameterLanes[3] = ParameterLane(
            initialValue: 0, sample: [5, 4], value: [0, 1], slope: [0, 0.5])
        #expect(t.validate().count == 2)  // goes back in time; last slope not 0
        t.parameterLanes[3] = ParameterLane(
            initialValue: 0, sample: [5], value: [0, 1], slope: [0])
        #expect(t.validate() == ["lane 3: arrays differ in length"])
        #expect(Timeline(sampleRate: 1000).validate().isEmpty)
    }

    @Test func aSyntheticFiveThousandEventPatternSchedulesCleanly() {
        let p = SyntheticPattern.make(eventCount: 5000)
        let r = S.schedule(p, sampleRate: 48_000, lengths: [SyntheticPattern.customAudioPath: 0.5])
        #expect(r.notes.isEmpty)
        #expect(r.timeline.voices.count == 5000)
        #expect(r.timeline.validate().isEmpty)
        #expect(r.timeline.parameterLanes.reduce(0) { $0 + $1.count } > 500)
        #expect(r.timeline.maxPolyphony.hapticTransient >= 1)
        // Identical when the input order changes.
        var shuffled = p
        shuffled.events.reverse()
        shuffled.curves.reverse()
        #expect(
            S.schedule(
                shuffled, sampleRate: 48_000, lengths: [SyntheticPattern.customAudioPath: 0.5]
            ).timeline == r.timeline)
    }

    @Test func memoryDoesNotGrowWithDuration() {
        let short = S.timeline(
            HapticPattern(
                events: [S.continuous(0, 0.5)],
                curves: [S.curve(.hapticIntensityControl, 0, [(0, 0), (0.5, 1)])]))
        let long = S.timeline(
            HapticPattern(
                events: [S.continuous(0, 29)],
                curves: [S.curve(.hapticIntensityControl, 0, [(0, 0), (29, 1)])]))
        #expect(short.voices.count == long.voices.count)
        #expect(short.parameterLanes.map(\.count) == long.parameterLanes.map(\.count))
    }
}
