import HapticPattern

/// A deterministic synthetic pattern for scale tests and the release timing: `eventCount`
/// events of all four types spread over ten minutes, one parameter per 10 events and one
/// 8-point curve per 25 events. Built in code (no corpus files). O(eventCount).
enum SyntheticPattern {
    static let customAudioPath = "synthetic.wav"

    static func make(eventCount: Int, seed: UInt64 = 0x5EED) -> HapticPattern {
        var state = seed
        func next() -> Double {  // 64-bit LCG, top 53 bits → [0, 1)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var pattern = HapticPattern()
        let span = 600.0
        for i in 0..<eventCount {
            let t = (next() * span * 1000).rounded() / 1000
            var p = EventParameters()
            switch i % 4 {
            case 0:
                p.hapticIntensity = next()
                p.hapticSharpness = next()
                pattern.events.append(HapticEvent(type: .hapticTransient, time: t, parameters: p))
            case 1:
                p.hapticIntensity = next()
                p.attackTime = next() * 0.3
                p.releaseTime = next() * 0.3
                if i % 3 == 0 {
                    p.sustained = 0
                    p.decayTime = next() * 0.3
                }
                pattern.events.append(
                    HapticEvent(
                        type: .hapticContinuous, time: t, duration: next() * 2, parameters: p))
            case 2:
                p.audioVolume = next()
                p.audioPan = next() * 2 - 1
                p.audioPitch = next() * 2 - 1
                pattern.events.append(
                    HapticEvent(
                        type: .audioContinuous, time: t, duration: next() * 2, parameters: p))
            default:
                pattern.events.append(
                    HapticEvent(
                        type: .audioCustom, time: t, parameters: p,
                        waveformPath: customAudioPath))
            }
            if i % 10 == 0 {
                let id = DynamicParameterID.allCases[Int(next() * 12) % 12]
                pattern.parameters.append(
                    DynamicParameter(
                        id: id, time: (next() * span * 1000).rounded() / 1000,
                        value: id.range.lowerBound + next()
                            * (id.range.upperBound - id.range.lowerBound)))
            }
            if i % 25 == 0 {
                let ids: [DynamicParameterID] = [
                    .hapticIntensityControl, .hapticSharpnessControl, .audioVolumeControl,
                    .audioPanControl,
                ]
                let id = ids[Int(next() * 4) % 4]
                var pts: [ParameterCurve.ControlPoint] = []
                var pt = 0.0
                for _ in 0..<8 {
                    pts.append(
                        .init(
                            time: pt,
                            value: id.range.lowerBound + next()
                                * (id.range.upperBound - id.range.lowerBound)))
                    pt += (next() * 500).rounded() / 1000
                }
                pattern.curves.append(
                    ParameterCurve(
                        id: id, time: (next() * span * 1000).rounded() / 1000, points: pts))
            }
        }
        // Deliberately not canonicalized: the scheduler must not depend on input order.
        return pattern
    }
}
