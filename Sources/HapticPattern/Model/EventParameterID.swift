/// The ten event (fixed) parameters of an AHAP `EventParameters` entry.
///
/// Ranges and defaults follow `CHHapticEvent.ParameterID` (header text) and the
/// capability tables read from Core Haptics; see docs/ahap-format.md, Event parameters.
public enum EventParameterID: String, CaseIterable, Hashable, Sendable, Codable {
    case hapticIntensity = "HapticIntensity"
    case hapticSharpness = "HapticSharpness"
    case attackTime = "AttackTime"
    case decayTime = "DecayTime"
    case releaseTime = "ReleaseTime"
    case sustained = "Sustained"
    case audioVolume = "AudioVolume"
    case audioPan = "AudioPan"
    case audioPitch = "AudioPitch"
    case audioBrightness = "AudioBrightness"

    /// The closed range Core Haptics clamps the value to.
    public var range: ClosedRange<Double> {
        switch self {
        case .audioPan, .audioPitch: return -1...1
        default: return 0...1
        }
    }

    /// The value used when an event does not set this parameter.
    ///
    /// Core Haptics' capability table gives intensity 0.75 and sharpness 0.5 for
    /// transients; the continuous-haptic defaults come from its server and are not public,
    /// so we use the same two values for every haptic event (a documented choice).
    public var defaultValue: Double {
        switch self {
        case .hapticIntensity: return 0.75
        case .hapticSharpness: return 0.5
        case .attackTime, .decayTime, .releaseTime: return 0
        case .sustained: return 1
        case .audioVolume: return 1
        case .audioPan, .audioPitch: return 0
        case .audioBrightness: return 1
        }
    }

    /// Whether the parameter belongs to haptic events (`true`), audio events (`false`),
    /// or both (`nil`: the envelope parameters).
    public var isHaptic: Bool? {
        switch self {
        case .hapticIntensity, .hapticSharpness: return true
        case .audioVolume, .audioPan, .audioPitch, .audioBrightness: return false
        case .attackTime, .decayTime, .releaseTime, .sustained: return nil
        }
    }
}
