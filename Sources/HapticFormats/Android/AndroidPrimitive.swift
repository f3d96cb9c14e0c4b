/// The haptic primitives of `VibrationEffect.Composition` (Android 11+), with what the
/// Pixel firmware (CS40L26) plays for each: its length, and the character our model of a
/// Pixel-class actuator gives it (docs/formats.md, "Android").
public enum AndroidPrimitive: String, CaseIterable, Sendable, Hashable {
    case click = "CLICK"
    case tick = "TICK"
    case lowTick = "LOW_TICK"
    case thud = "THUD"
    case spin = "SPIN"
    case quickRise = "QUICK_RISE"
    case slowRise = "SLOW_RISE"
    case quickFall = "QUICK_FALL"

    /// The API level that added the constant: `LOW_TICK`, `THUD` and `SPIN` came with
    /// Android 12 (API 31), the others with the Composition API itself (API 30).
    public var minimumAPILevel: Int {
        switch self {
        case .lowTick, .thud, .spin: return 31
        default: return 30
        }
    }

    /// What the Pixel firmware plays, in ms (`mEffectDurations` of the CS40L26 HAL, X-axis
    /// LRA; `TICK` is its LIGHT_TICK).
    public var pixelDurationMs: Int {
        switch self {
        case .click: return 12
        case .tick: return 5
        case .lowTick: return 12
        case .thud: return 300
        case .spin: return 133
        case .quickRise: return 150
        case .slowRise: return 500
        case .quickFall: return 100
        }
    }

    /// The `VibrationEffect.Composition.PRIMITIVE_…` constant's name.
    public var kotlinConstant: String { "VibrationEffect.Composition.PRIMITIVE_\(rawValue)" }

    /// Whether it is a click-like pulse (played as a transient); the others are shaped
    /// vibrations of their length.
    public var isPulse: Bool { self == .click || self == .tick || self == .lowTick }

    /// Strength at scale 1 relative to a `CLICK` at scale 1, as drive amplitude (a model
    /// choice: the light ticks are half a click).
    public var relativeStrength: Double { self == .tick || self == .lowTick ? 0.5 : 1 }
}
