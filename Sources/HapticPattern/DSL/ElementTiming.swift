/// Where an element is placed relative to the sequential cursor of its enclosing group.
///
/// You rarely build this directly: use the ``TimedPatternElement`` modifiers
/// ``TimedPatternElement/at(_:)``, ``TimedPatternElement/offset(by:)`` and
/// ``TimedPatternElement/scaled(by:)``.
///
/// An element's content is placed at
/// `origin + offset + scale × t`, where `origin` is ``pinnedTime`` (relative to the
/// enclosing group's start) or, when unpinned, the cursor position, and `t` is a time
/// inside the element. Only unpinned elements move the cursor, by `scale × length`.
public struct ElementTiming: Hashable, Sendable {
    /// The time, relative to the start of the enclosing group, the element is pinned to;
    /// `nil` places it at the sequential cursor.
    public var pinnedTime: Double?
    /// Seconds added to every time inside the element, without changing how far it
    /// moves the cursor. May be negative.
    public var offset: Double
    /// Factor applied to every time and duration inside the element and to the
    /// distance it moves the cursor. Must be ≥ 0.
    public var scale: Double

    /// Creates a timing. The default places the element at the cursor, unshifted, unscaled.
    ///
    /// - Parameters:
    ///   - pinnedTime: Absolute time within the enclosing group, or `nil` for the cursor.
    ///   - offset: Shift in seconds applied to the element's content.
    ///   - scale: Time-scaling factor, ≥ 0.
    public init(pinnedTime: Double? = nil, offset: Double = 0, scale: Double = 1) {
        precondition(scale >= 0, "ElementTiming.scale must be ≥ 0")
        self.pinnedTime = pinnedTime
        self.offset = offset
        self.scale = scale
    }
}
