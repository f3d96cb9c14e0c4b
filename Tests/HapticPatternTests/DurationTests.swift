import Foundation
import HapticPattern
import Testing

@Suite struct DurationTests {
    @Test func followsTheCoreHapticsRule() {
        var release = EventParameters()
        release.releaseTime = 0.5
        var nonSustained = release
        nonSustained.sustained = 0
        let p = HapticPattern(
            events: [
                HapticEvent(type: .hapticTransient, time: 0.5, duration: 0.25),
                HapticEvent(type: .hapticContinuous, time: 1, duration: 1, parameters: release),
                HapticEvent(
                    type: .hapticContinuous, time: 1.5, duration: 0.5, parameters: nonSustained),
                HapticEvent(type: .audioCustom, time: 2, waveformPath: "a.wav"),
            ],
            parameters: [DynamicParameter(id: .hapticIntensityControl, time: 2.1, value: 1)],
            curves: [
                ParameterCurve(
                    id: .hapticIntensityControl, time: 1,
                    points: [.init(time: 0, value: 0), .init(time: 1.2, value: 1)])
            ])
        // Continuous with release 0.5: 1 + 1 + (0.02·2^4 − 0.04) = 2.28.
        #expect(abs(p.duration - 2.28) < 1e-12)
        #expect(abs(p.duration(customAudioDurations: ["b.wav": 9]) - 2.28) < 1e-12)
        #expect(p.duration(customAudioDurations: ["a.wav": 1.5]) == 3.5)
        #expect(
            HapticPattern(curves: [
                ParameterCurve(
                    id: .hapticIntensityControl, time: 3, points: [.init(time: 0.5, value: 0)])
            ]).duration == 3.5)
        #expect(
            HapticPattern(parameters: [DynamicParameter(id: .audioPanControl, time: 4, value: 0)])
                .duration == 4)
        #expect(
            HapticPattern(events: [HapticEvent(type: .hapticTransient, time: 0.5)]).duration == 0.5)
    }

    /// A looping custom audio event lasts its duration, the file repeating: Apple documents
    /// `EventWaveformLoopEnabled` ("events of type audioCustom should loop playback") and
    /// `CHHapticPattern.duration` ("the start time of the pattern's last event or parameter,
    /// plus that event's duration"). Not looping, it lasts its file, whatever its
    /// `EventDuration` (Core Haptics replaces an AHAP event's by the file's length); with a
    /// `ReleaseTime` it adds the release term as every sustained event does.
    @Test func customAudioLastsItsFileOrItsLoop() {
        let looping = HapticEvent(
            type: .audioCustom, time: 0.5, duration: 2, waveformPath: "a.wav",
            waveformLoopEnabled: true)
        var once = looping
        once.waveformLoopEnabled = false
        let lengths = ["a.wav": 0.3]
        #expect(HapticPattern(events: [looping]).duration(customAudioDurations: lengths) == 2.5)
        #expect(
            abs(HapticPattern(events: [once]).duration(customAudioDurations: lengths) - 0.8) < 1e-7)
        // Unknown file: a looping event still knows its length; one that does not loop is left
        // out (it cannot play).
        #expect(HapticPattern(events: [looping]).duration == 2.5)
        #expect(HapticPattern(events: [once]).duration == 0)
        var released = once
        released.parameters.releaseTime = 0.5
        #expect(
            abs(
                HapticPattern(events: [released]).duration(customAudioDurations: lengths)
                    - (0.5 + 0.3 + 0.28)) < 1e-7)
    }
}
