/// A parameter curve (an AHAP `ParameterCurve` item): a dynamic parameter that moves
/// linearly between control points whose times are relative to the curve's start.
///
/// A curve does not move the cursor. Unpinned, it starts where the next sequential
/// element would start, so writing it just before an event (or next to it inside a
/// ``Parallel``) lines it up with that event.
///
/// ```swift
/// Parallel {
///     Continuous(duration: 1)
///     Curve(.hapticSharpness) {
///         Point(0, 0.2)
///         Point(0.5, 0.8)
///     }
/// }
/// ```
///
/// Core Haptics only accepts curves of the six curvable IDs
/// (``DynamicParameterID/isCurvable``); the DSL builds any ID and leaves that check to
/// the linter.
public struct Curve: TimedPatternElement, Hashable {
    /// The dynamic parameter the curve drives.
    public var id: DynamicParameterID
    /// The control points, sorted by time (stable), values clamped to `id.range`.
    public var points: [Point]
    public var timing = ElementTiming()

    /// Creates a curve from a block of points.
    ///
    /// - Parameters:
    ///   - id: The dynamic parameter, e.g. `.hapticIntensity`.
    ///   - points: The control points; times are seconds after the curve's start.
    public init(_ id: DynamicParameterID, @CurveBuilder points: () -> [Point]) {
        self.init(id, points())
    }

    /// Creates a curve from an array of points.
    ///
    /// - Parameters:
    ///   - id: The dynamic parameter.
    ///   - points: The control points; times are seconds after the curve's start.
    public init(_ id: DynamicParameterID, _ points: [Point]) {
        self.id = id
        self.points =
            points
            .map { Point($0.time, min(max($0.value, id.range.lowerBound), id.range.upperBound)) }
            .stableSorted { $0.time < $1.time }
    }

    /// The time of the last control point: how long the curve lasts.
    public var length: Double { points.last?.time ?? 0 }

    public var patternNode: PatternNode {
        PatternNode(
            .curve(id, points: points.map { .init(time: $0.time, value: $0.value) }),
            timing: timing)
    }
}
