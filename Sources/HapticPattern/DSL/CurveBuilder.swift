/// The result builder for the control points of a ``Curve``. Accepts ``Point``
/// expressions, arrays of points, `if`/`else`, `switch` and `for … in`.
///
/// ```swift
/// Curve(.hapticSharpness) {
///     for step in 0...10 {
///         Point(Double(step) * 0.1, Double(step) / 10)
///     }
/// }
/// ```
@resultBuilder
public enum CurveBuilder {
    /// Wraps one point.
    public static func buildExpression(_ point: Point) -> [Point] { [point] }
    /// Passes an array of points through.
    public static func buildExpression(_ points: [Point]) -> [Point] { points }
    /// Concatenates the statements of a block.
    public static func buildBlock(_ components: [Point]...) -> [Point] { components.flatMap { $0 } }
    /// `if` without `else`.
    public static func buildOptional(_ component: [Point]?) -> [Point] { component ?? [] }
    /// The `if` (or first `switch`) branch.
    public static func buildEither(first component: [Point]) -> [Point] { component }
    /// The `else` (or later `switch`) branch.
    public static func buildEither(second component: [Point]) -> [Point] { component }
    /// `for … in`.
    public static func buildArray(_ components: [[Point]]) -> [Point] { components.flatMap { $0 } }
    /// `if #available`.
    public static func buildLimitedAvailability(_ component: [Point]) -> [Point] { component }
}
