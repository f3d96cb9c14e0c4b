/// The twelve dynamic-parameter IDs, used by `Parameter` and `ParameterCurve` items
/// and by runtime `sendParameters(_:atTime:)` calls.
///
/// Combination rule (Apple, `CHHapticDynamicParameter`): intensity and volume controls
/// multiply the event's value; every other control adds to it; the result is clamped to
/// the event parameter's range. See docs/ahap-format.md, Dynamic parameters.
public enum DynamicParameterID: String, CaseIterable, Hashable, Sendable, Codable {
    case hapticIntensityControl = "HapticIntensityControl"
    case hapticSharpnessControl = "HapticSharpnessControl"
    case hapticAttackTimeControl = "HapticAttackTimeControl"
    case hapticDecayTimeControl = "HapticDecayTimeControl"
    case hapticReleaseTimeControl = "HapticReleaseTimeControl"
    case audioVolumeControl = "AudioVolumeControl"
    case audioPanControl = "AudioPanControl"
    case audioPitchControl = "AudioPitchControl"
    case audioBrightnessControl = "AudioBrightnessControl"
    case audioAttackTimeControl = "AudioAttackTimeControl"
    case audioDecayTimeControl = "AudioDecayTimeControl"
    case audioReleaseTimeControl = "AudioReleaseTimeControl"

    /// How a control value combines with the event parameter it modulates.
    public enum Combination: Sendable, Hashable {
        /// `effective = event × control` (intensity, volume).
        case multiply
        /// `effective = event + control` (everything else).
        case add
    }

    public var combination: Combination {
        switch self {
        case .hapticIntensityControl, .audioVolumeControl: return .multiply
        default: return .add
        }
    }

    /// The range Core Haptics clamps the control value to.
    public var range: ClosedRange<Double> {
        switch combination {
        case .multiply: return 0...1
        case .add: return -1...1
        }
    }

    /// The neutral value: the control has no effect at this value.
    public var neutralValue: Double { combination == .multiply ? 1 : 0 }

    /// `true` for `Haptic…` IDs (affect haptic events only), `false` for `Audio…` IDs.
    public var isHaptic: Bool { rawValue.hasPrefix("Haptic") }

    /// The event parameter this control modulates.
    public var target: EventParameterID {
        switch self {
        case .hapticIntensityControl: return .hapticIntensity
        case .hapticSharpnessControl: return .hapticSharpness
        case .hapticAttackTimeControl, .audioAttackTimeControl: return .attackTime
        case .hapticDecayTimeControl, .audioDecayTimeControl: return .decayTime
        case .hapticReleaseTimeControl, .audioReleaseTimeControl: return .releaseTime
        case .audioVolumeControl: return .audioVolume
        case .audioPanControl: return .audioPan
        case .audioPitchControl: return .audioPitch
        case .audioBrightnessControl: return .audioBrightness
        }
    }

    /// Whether Core Haptics accepts this ID in a `ParameterCurve` (iOS 26.1 client:
    /// only the six intensity/sharpness/volume/pan/pitch/brightness controls; the
    /// envelope-time controls raise −4820 at player creation).
    public var isCurvable: Bool {
        switch self {
        case .hapticIntensityControl, .hapticSharpnessControl, .audioVolumeControl,
            .audioPanControl, .audioPitchControl, .audioBrightnessControl:
            return true
        default:
            return false
        }
    }

    /// Stable dense index (0..<12) for struct-of-arrays storage.
    @inlinable public var index: Int {
        switch self {
        case .hapticIntensityControl: return 0
        case .hapticSharpnessControl: return 1
        case .hapticAttackTimeControl: return 2
        case .hapticDecayTimeControl: return 3
        case .hapticReleaseTimeControl: return 4
        case .audioVolumeControl: return 5
        case .audioPanControl: return 6
        case .audioPitchControl: return 7
        case .audioBrightnessControl: return 8
        case .audioAttackTimeControl: return 9
        case .audioDecayTimeControl: return 10
        case .audioReleaseTimeControl: return 11
        }
    }
}
