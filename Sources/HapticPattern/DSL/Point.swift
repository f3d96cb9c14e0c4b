/// One control point of a ``Curve``.
///
/// ```swift
/// Curve(.hapticIntensity) {
///     Point(0, 0.2)
///     Point(0.5, 1)
/// }
/// ```
public struct Point: Hashable, Sendable {
    /// Seconds after the start of the curve (negative values become 0).
    public var time: Double
    /// The control value, clamped to the curve parameter's range when the curve is built.
    public var value: Double

    /// Creates a control point.
    ///
    /// - Parameters:
    ///   - time: Seconds relative to the curve's start.
    ///   - value: Control value at that time.
    public init(_ time: Double, _ value: Double) {
        self.time = max(0, time)
        self.value = value
    }
}
