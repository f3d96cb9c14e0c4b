import HapticPattern

/// The dynamic-parameter lanes the voices read, one slot per layer each: the haptic voices
/// read the first two at their control points, the audio voices the other four per sample.
/// (Envelope-time controls act at an event's start: the scheduler applies them.)
enum ParameterLaneSlot: Int, CaseIterable {
    case hapticIntensity, hapticSharpness, audioVolume, audioPan, audioPitch, audioBrightness

    /// Slots per layer (a literal: the render loop must not touch `allCases`, an array).
    static var count: Int { 6 }

    /// The slot of a runtime parameter, `nil` for one no voice reads per sample.
    init?(_ id: DynamicParameterID) {
        switch id {
        case .hapticIntensityControl: self = .hapticIntensity
        case .hapticSharpnessControl: self = .hapticSharpness
        case .audioVolumeControl: self = .audioVolume
        case .audioPanControl: self = .audioPan
        case .audioPitchControl: self = .audioPitch
        case .audioBrightnessControl: self = .audioBrightness
        default: return nil
        }
    }

    /// The parameter this slot holds.
    var id: DynamicParameterID {
        switch self {
        case .hapticIntensity: .hapticIntensityControl
        case .hapticSharpness: .hapticSharpnessControl
        case .audioVolume: .audioVolumeControl
        case .audioPan: .audioPanControl
        case .audioPitch: .audioPitchControl
        case .audioBrightness: .audioBrightnessControl
        }
    }

    /// Whether the haptic voices read it (at their control points, not from the chunk's scratch).
    var isHaptic: Bool { rawValue <= ParameterLaneSlot.hapticSharpness.rawValue }

    /// The lowest runtime value: intensity and volume controls multiply (0…1), the others
    /// add (−1…1).
    var lowestValue: Double {
        switch self {
        case .hapticIntensity, .audioVolume: 0
        case .hapticSharpness, .audioPan, .audioPitch, .audioBrightness: -1
        }
    }
}
