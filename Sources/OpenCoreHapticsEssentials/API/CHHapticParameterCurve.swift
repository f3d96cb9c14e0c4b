import FoundationEssentials

/// A dynamic parameter that moves linearly through control points: every event of the pattern
/// that responds to it follows it.
open class CHHapticParameterCurve {
    /// One point of a curve: a value reached `relativeTime` seconds after the curve's start.
    open class ControlPoint {
        public var relativeTime: TimeInterval
        public var value: Float

        public init(relativeTime time: TimeInterval, value: Float) {
            relativeTime = time
            self.value = value
        }
    }

    /// The parameter the curve drives.
    public let parameterID: CHHapticDynamicParameter.ID
    /// Seconds from the pattern's start (or the time it is scheduled at).
    public var relativeTime: TimeInterval
    /// The points, in time order.
    public let controlPoints: [ControlPoint]

    public init(
        parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint],
        relativeTime: TimeInterval
    ) {
        self.parameterID = parameterID
        self.controlPoints = controlPoints
        self.relativeTime = relativeTime
    }
}
