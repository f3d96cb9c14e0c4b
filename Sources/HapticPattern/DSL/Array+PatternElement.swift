/// An array of elements contributes its elements as if written in place, in order.
///
/// ```swift
/// let taps = (0..<4).map { Transient(intensity: 1 - Double($0) * 0.2) }
/// Pattern(gap: 0.05) { taps }
/// ```
extension Array: PatternElement where Element: PatternElement {
    /// A node holding the elements' nodes, laid out in place.
    public var patternNode: PatternNode {
        PatternNode(.fragment(map(\.patternNode)))
    }
}
