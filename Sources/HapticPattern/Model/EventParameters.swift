/// The fixed parameters of one event (`EventParameters` in AHAP), one optional slot per ID.
///
/// `nil` means "not given in the file": renderers use ``EventParameterID/defaultValue``.
/// Values are stored already clamped to ``EventParameterID/range`` (the decoder clamps and
/// reports it, as Core Haptics clamps). When a file repeats an ID the last one wins.
public struct EventParameters: Hashable, Sendable {
    public var hapticIntensity: Double?
    public var hapticSharpness: Double?
    public var attackTime: Double?
    public var decayTime: Double?
    public var releaseTime: Double?
    public var sustained: Double?
    public var audioVolume: Double?
    public var audioPan: Double?
    public var audioPitch: Double?
    public var audioBrightness: Double?

    public init() {}

    /// Reads or writes the slot for `id`.
    public subscript(_ id: EventParameterID) -> Double? {
        get {
            switch id {
            case .hapticIntensity: return hapticIntensity
            case .hapticSharpness: return hapticSharpness
            case .attackTime: return attackTime
            case .decayTime: return decayTime
            case .releaseTime: return releaseTime
            case .sustained: return sustained
            case .audioVolume: return audioVolume
            case .audioPan: return audioPan
            case .audioPitch: return audioPitch
            case .audioBrightness: return audioBrightness
            }
        }
        set {
            switch id {
            case .hapticIntensity: hapticIntensity = newValue
            case .hapticSharpness: hapticSharpness = newValue
            case .attackTime: attackTime = newValue
            case .decayTime: decayTime = newValue
            case .releaseTime: releaseTime = newValue
            case .sustained: sustained = newValue
            case .audioVolume: audioVolume = newValue
            case .audioPan: audioPan = newValue
            case .audioPitch: audioPitch = newValue
            case .audioBrightness: audioBrightness = newValue
            }
        }
    }

    /// The value for `id`, or its default when the file does not give one.
    @inlinable public func value(_ id: EventParameterID) -> Double { self[id] ?? id.defaultValue }

    /// The IDs that are set, in canonical (declaration) order.
    public var setIDs: [EventParameterID] { EventParameterID.allCases.filter { self[$0] != nil } }

    /// Whether the envelope is sustained. Core Haptics treats only an explicit 0.0 as
    /// non-sustained; any other value (0.5 included) is sustained.
    @inlinable public var isSustained: Bool { sustained.map { $0 != 0 } ?? true }
}
