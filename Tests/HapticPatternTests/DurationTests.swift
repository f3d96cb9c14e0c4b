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
}
