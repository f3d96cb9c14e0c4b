/// Its content played `count` times in sequence.
///
/// Each repetition is a ``Sequential`` group of the content; repetitions are separated
/// by the gap (inherited unless given), so `Repeat(n) { body }` is the same as writing
/// `Sequential { body }` n times. ``TimedPatternElement/at(_:)`` inside the body is
/// relative to each repetition's start. `Repeat(0)` produces nothing.
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Repeat(3) {
///         Transient()             // 0.0, 0.6, 1.2 s
///         Continuous(duration: 0.4) // 0.1, 0.7, 1.3 s
///     }
/// }
/// ```
///
/// ``TimedPatternElement/repeated(_:gap:)`` is shorthand for a single element.
public struct Repeat: TimedPatternElement, Hashable {
    /// Number of repetitions.
    public var count: Int
    /// The gap within and between repetitions, or `nil` to inherit the enclosing one.
    public var gap: Double?
    /// The body played at each repetition.
    public var elements: [PatternNode]
    public var timing = ElementTiming()

    /// Creates a repetition.
    ///
    /// - Parameters:
    ///   - count: Number of repetitions (values below 0 count as 0).
    ///   - gap: Seconds between elements and between repetitions; `nil` inherits.
    ///   - content: The body.
    public init(_ count: Int, gap: Double? = nil, @PatternBuilder _ content: () -> [PatternNode]) {
        self.count = max(0, count)
        self.gap = gap.map { max(0, $0) }
        self.elements = content()
    }

    public var patternNode: PatternNode {
        let body = PatternNode(.sequence(elements, gap: nil))
        return PatternNode(
            .sequence(Array(repeating: body, count: count), gap: gap), timing: timing)
    }
}
