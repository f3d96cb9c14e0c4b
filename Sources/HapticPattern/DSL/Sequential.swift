/// An inline group whose elements play one after another.
///
/// It lays out its elements with the same cursor rules as a ``Pattern`` and then moves
/// the enclosing cursor by its own length. Differences from writing the elements in
/// place: ``TimedPatternElement/at(_:)`` inside it is relative to the group's start, and
/// the whole group can be pinned, offset, scaled or repeated. Unlike a ``Pattern``,
/// it inherits the enclosing gap unless you give one.
///
/// (Named `Sequential` rather than `Sequence` so it does not shadow Swift's
/// `Sequence` protocol in this module and in client code.)
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Sequential {                   // starts at 0 s, lasts 1.1 s
///         Transient()                // 0.0 s
///         Continuous(duration: 1)    // 0.1 s
///     }
///     .scaled(by: 0.5)               // now lasts 0.55 s
///     Transient()                    // 0.65 s
/// }
/// ```
public struct Sequential: TimedPatternElement, Hashable {
    /// The gap between consecutive elements, or `nil` to inherit the enclosing one.
    public var gap: Double?
    /// The elements, in order.
    public var elements: [PatternNode]
    public var timing = ElementTiming()

    /// Creates a sequential group.
    ///
    /// - Parameters:
    ///   - gap: Seconds between the end of one element and the start of the next
    ///     (≥ 0); `nil` inherits the enclosing group's gap.
    ///   - content: The elements.
    public init(gap: Double? = nil, @PatternBuilder _ content: () -> [PatternNode]) {
        self.gap = gap.map { max(0, $0) }
        self.elements = content()
    }

    public var patternNode: PatternNode {
        PatternNode(.sequence(elements, gap: gap), timing: timing)
    }
}
