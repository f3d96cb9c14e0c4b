import FoundationEssentials
import HapticPattern

/// A dynamic parameter: a value that modulates every event of a pattern that responds to it,
/// from a time on (a step).
open class CHHapticDynamicParameter {
    /// A dynamic parameter's ID (`CHHapticDynamicParameter.ID`).
    public struct ID: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let hapticIntensityControl = ID(
            DynamicParameterID.hapticIntensityControl.rawValue)
        public static let hapticSharpnessControl = ID(
            DynamicParameterID.hapticSharpnessControl.rawValue)
        public static let hapticAttackTimeControl = ID(
            DynamicParameterID.hapticAttackTimeControl.rawValue)
        public static let hapticDecayTimeControl = ID(
            DynamicParameterID.hapticDecayTimeControl.rawValue)
        public static let hapticReleaseTimeControl = ID(
            DynamicParameterID.hapticReleaseTimeControl.rawValue)
        public static let audioVolumeControl = ID(DynamicParameterID.audioVolumeControl.rawValue)
        public static let audioPanControl = ID(DynamicParameterID.audioPanControl.rawValue)
        public static let audioBrightnessControl = ID(
            DynamicParameterID.audioBrightnessControl.rawValue)
        public static let audioPitchControl = ID(DynamicParameterID.audioPitchControl.rawValue)
        public static let audioAttackTimeControl = ID(
            DynamicParameterID.audioAttackTimeControl.rawValue)
        public static let audioDecayTimeControl = ID(
            DynamicParameterID.audioDecayTimeControl.rawValue)
        public static let audioReleaseTimeControl = ID(
            DynamicParameterID.audioReleaseTimeControl.rawValue)
    }

    /// The parameter's ID.
    public let parameterID: ID
    /// The control value.
    public var value: Float
    /// Seconds from the pattern's start (in a pattern) or from the time it is sent at
    /// (``CHHapticPatternPlayer/sendParameters(_:atTime:)``).
    public var relativeTime: TimeInterval

    public init(parameterID: ID, value: Float, relativeTime time: TimeInterval) {
        self.parameterID = parameterID
        self.value = value
        relativeTime = time
    }
}
