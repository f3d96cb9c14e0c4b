/// A ``PatternElement`` that carries its own ``ElementTiming`` and therefore supports
/// the timing modifiers ``at(_:)``, ``offset(by:)`` and ``scaled(by:)``.
///
/// Every element type of the DSL conforms; the modifiers return `Self`, so they chain
/// with type-specific modifiers in any order:
///
/// ```swift
/// Continuous(duration: 1).at(5).attack(0.2)
/// ```
public protocol TimedPatternElement: PatternElement {
    /// The element's placement relative to the cursor.
    var timing: ElementTiming { get set }
}

extension TimedPatternElement {
    /// Pins the element to `time` seconds after the start of the enclosing group
    /// (the pattern start at the top level). A pinned element does not move the
    /// sequential cursor: the next element starts where it would have started anyway.
    ///
    /// ```swift
    /// Pattern(gap: 0.1) {
    ///     Continuous(duration: 1)        // 0.0 s
    ///     Transient().at(5)              // 5.0 s, cursor unchanged
    ///     Continuous(duration: 1)        // 1.1 s
    /// }
    /// ```
    ///
    /// - Parameter time: Seconds from the start of the enclosing group. The last call wins.
    /// - Returns: The element, pinned.
    public func at(_ time: Double) -> Self {
        var copy = self
        copy.timing.pinnedTime = time
        return copy
    }

    /// Shifts the element's content by `seconds` without changing how far it moves the
    /// cursor: the following elements keep their positions. Useful to nudge an event
    /// slightly early (negative) or late. Offsets accumulate.
    ///
    /// ```swift
    /// Pattern {
    ///     Transient()                    // 0.00 s
    ///     Transient().offset(by: 0.03)   // 0.03 s
    ///     Transient()                    // 0.00 s (cursor not moved by the offset)
    /// }
    /// ```
    ///
    /// - Parameter seconds: Shift in seconds, may be negative. Resolved times below 0
    ///   are clamped to 0.
    /// - Returns: The shifted element.
    public func offset(by seconds: Double) -> Self {
        var copy = self
        copy.timing.offset += seconds
        return copy
    }

    /// Scales the element in time: every start time inside it (relative to its own
    /// start), every event duration, curve point time, internal gap and pause, and the
    /// distance it moves the cursor are multiplied by `factor`. Transients have no
    /// duration, so only their start times scale. Event parameter values (including
    /// the envelope Attack/Decay/Release values) are unchanged. Scales compose by
    /// multiplication.
    ///
    /// ```swift
    /// Pattern {
    ///     Sequential(gap: 0.1) { Transient(); Continuous(duration: 1) }.scaled(by: 0.5)
    ///     Transient()  // 0.55 s: the sequence lasted 0.05 + 0.5 s
    /// }
    /// ```
    ///
    /// - Parameter factor: Time factor, ≥ 0.
    /// - Returns: The scaled element.
    public func scaled(by factor: Double) -> Self {
        precondition(factor >= 0, "scaled(by:) needs a factor ≥ 0")
        var copy = self
        copy.timing.scale *= factor
        return copy
    }

    /// Repeats the element `count` times in sequence; shorthand for
    /// `Repeat(count) { self }`.
    ///
    /// ```swift
    /// Transient().repeated(4)   // four taps, separated by the enclosing gap
    /// ```
    ///
    /// - Parameters:
    ///   - count: Number of repetitions, ≥ 0 (0 produces nothing).
    ///   - gap: Gap between repetitions; `nil` inherits the enclosing group's gap.
    /// - Returns: A ``Repeat`` of this element.
    public func repeated(_ count: Int, gap: Double? = nil) -> Repeat {
        Repeat(count, gap: gap) { self }
    }
}
