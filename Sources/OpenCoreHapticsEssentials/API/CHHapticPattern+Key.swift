extension CHHapticPattern {
    /// A key of a pattern dictionary (`CHHapticPattern.Key`): the AHAP file's key strings.
    ///
    /// It is `String` itself, so that the dictionaries Foundation's `JSONSerialization` reads
    /// cast to `[CHHapticPattern.Key: Any]` (Apple's HapticRicochet loads its AHAP files so)
    /// and ``exportDictionary()`` writes back through it. On Apple's platforms the key is a
    /// struct that bridges to `NSString`; on Linux a dictionary read from JSON has `String`
    /// keys, and Swift's runtime casts a `String` to no other struct.
    public typealias Key = String
}

/// The keys of a pattern dictionary, as Core Haptics names them (`CHHapticPattern.Key.event` …).
extension String {
    public static let version = "Version"
    public static let pattern = "Pattern"
    public static let event = "Event"
    public static let eventType = "EventType"
    public static let time = "Time"
    public static let eventDuration = "EventDuration"
    public static let eventWaveformPath = "EventWaveformPath"
    public static let eventWaveformUseVolumeEnvelope = "EventWaveformUseVolumeEnvelope"
    public static let eventWaveformLoopEnabled = "EventWaveformLoopEnabled"
    public static let eventParameters = "EventParameters"
    public static let parameter = "Parameter"
    public static let parameterID = "ParameterID"
    public static let parameterValue = "ParameterValue"
    public static let parameterCurve = "ParameterCurve"
    public static let parameterCurveControlPoints = "ParameterCurveControlPoints"

    /// `CHHapticPattern.Key(rawValue:)`: the key named `rawValue`.
    @_disfavoredOverload public init(rawValue: String) { self = rawValue }

    /// `CHHapticPattern.Key.rawValue`: the key's string.
    public var rawValue: String { self }
}
