/// One AHAP `ParameterCurve` item: a dynamic parameter that moves linearly between
/// control points.
public struct ParameterCurve: Hashable, Sendable {
    /// One `ParameterCurveControlPoints` entry.
    public struct ControlPoint: Hashable, Sendable {
        /// Seconds **relative to the curve's `time`** (Apple: "Time is relative to the
        /// start of the curve").
        public var time: Double
        /// `ParameterValue`, clamped to the ID's dynamic range.
        public var value: Double

        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// `ParameterID`.
    public var id: DynamicParameterID
    /// `Time`: curve start in seconds from the pattern start.
    public var time: Double
    /// Control points, sorted by time (stable: equal times keep file order and act as a step).
    public var points: [ControlPoint]

    public init(id: DynamicParameterID, time: Double, points: [ControlPoint]) {
        self.id = id
        self.time = time
        self.points = points
    }
}
