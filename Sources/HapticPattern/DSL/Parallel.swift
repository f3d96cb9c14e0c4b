/// A group whose elements all start together, at the group's start (layering).
///
/// Each element is laid out on its own branch from the group's start, with no gap
/// between branches; ``TimedPatternElement/at(_:)`` inside is relative to the group's
/// start. The group moves the enclosing cursor by its longest branch (pinned elements,
/// controls and curves do not count), and a gap follows it when any branch ended with an
/// event. Wrap a branch in ``Sequential`` to sequence elements inside it.
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Parallel {
///         Continuous(duration: 1)            // 0 s
///         AudioTone(duration: 0.5)           // 0 s
///         Curve(.hapticIntensity) { Point(0, 1); Point(1, 0.2) }  // 0 s
///     }
///     Transient()                            // 1.1 s
/// }
/// ```
public struct Parallel: TimedPatternElement, Hashable {
    /// The branches.
    public var elements: [PatternNode]
    public var timing = ElementTiming()

    /// Creates a parallel group.
    ///
    /// - Parameter content: The branches; each element (after control flow) is one branch.
    public init(@PatternBuilder _ content: () -> [PatternNode]) {
        self.elements = content()
    }

    public var patternNode: PatternNode {
        PatternNode(.parallel(elements), timing: timing)
    }
}

/// Another name for ``Parallel``: `Layered { … }`.
public typealias Layered = Parallel
