import HapticPattern
import HapticTestSupport

/// A deterministic synthetic pattern for scale tests: `eventCount` events of all four types
/// spread over ten minutes, one parameter per 10 events and one 8-point curve per 25 events.
/// Built in code (no corpus files). O(eventCount).
enum SyntheticPattern {
    static let customAudioPath = "synthetic.wav"

    static func make(eventCount: Int, seed: UInt64 = 0x5EED) -> HapticPattern {
        var random = RandomPattern(seed: seed)
        let span = 0.0...600.0
        let curvable = DynamicParameterID.allCases.filter(\.isCurvable)
        var pattern = HapticPattern()
        for i in 0..<eventCount {
            switch i % 4 {
            case 0:
                pattern.events.append(random.transient(at: span, intensity: 0...1))
            case 1:
                pattern.events.append(
                    random.continuous(
                        at: span, duration: 0.01...2, intensity: 0...1, envelope: 0...0.3))
            case 2:
                pattern.events.append(random.tone(at: span, duration: 0.01...2))
            default:
                pattern.events.append(
                    random.customAudio(at: span, path: customAudioPath, mayLoop: false))
            }
            if i % 10 == 0 {
                let id = DynamicParameterID.allCases[random.count(0...11)]
                pattern.parameters.append(random.parameter(id, at: span))
            }
            if i % 25 == 0 {
                let id = curvable[random.count(0...(curvable.count - 1))]
                pattern.curves.append(random.curve(id, at: span, points: 8...8, spacing: 0...0.5))
            }
        }
        // Deliberately not canonicalized: the scheduler must not depend on input order.
        return pattern
    }
}
