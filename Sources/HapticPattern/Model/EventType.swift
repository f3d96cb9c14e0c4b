/// The four event types an AHAP `Event` can have (`EventType` key).
///
/// Core Haptics accepts exactly these spellings; anything else is rejected with
/// `CHHapticErrorCodeInvalidEventType` (−4821) when a player is created.
public enum EventType: String, CaseIterable, Hashable, Sendable, Codable {
    /// A brief, fixed-length impulse ("a tap"). `EventDuration` only pads the pattern.
    case hapticTransient = "HapticTransient"
    /// A haptic event of arbitrary length (capped at 30 s by Core Haptics) with an envelope.
    case hapticContinuous = "HapticContinuous"
    /// A synthesized audio tone of arbitrary length with an envelope.
    case audioContinuous = "AudioContinuous"
    /// Playback of an audio file named by `EventWaveformPath`.
    case audioCustom = "AudioCustom"

    /// Whether the event drives the actuator (`Haptic…`) rather than the speakers (`Audio…`).
    @inlinable public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

    /// The event parameters Core Haptics accepts on this event type; any other → −4820.
    public var acceptedParameters: [EventParameterID] {
        switch self {
        case .hapticTransient:
            // Attack/Decay/Release/Sustained are accepted but ignored on transients.
            return [
                .hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime,
                .sustained,
            ]
        case .hapticContinuous:
            return [
                .hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime,
                .sustained,
            ]
        case .audioContinuous, .audioCustom:
            return [
                .audioVolume, .audioPan, .audioPitch, .audioBrightness,
                .attackTime, .decayTime, .releaseTime, .sustained,
            ]
        }
    }
}
