extension CHHapticPattern {
    /// A key of a pattern dictionary (`CHHapticPattern.Key`): the AHAP file's key strings.
    public struct Key: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let version = Key("Version")
        public static let pattern = Key("Pattern")
        public static let event = Key("Event")
        public static let eventType = Key("EventType")
        public static let time = Key("Time")
        public static let eventDuration = Key("EventDuration")
        public static let eventWaveformPath = Key("EventWaveformPath")
        public static let eventWaveformUseVolumeEnvelope = Key("EventWaveformUseVolumeEnvelope")
        public static let eventWaveformLoopEnabled = Key("EventWaveformLoopEnabled")
        public static let eventParameters = Key("EventParameters")
        public static let parameter = Key("Parameter")
        public static let parameterID = Key("ParameterID")
        public static let parameterValue = Key("ParameterValue")
        public static let parameterCurve = Key("ParameterCurve")
        public static let parameterCurveControlPoints = Key("ParameterCurveControlPoints")
    }
}
