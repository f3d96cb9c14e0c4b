/// An optional element contributes its wrapped element, or nothing when `nil`.
///
/// ```swift
/// let accent: Transient? = strong ? Transient(intensity: 1) : nil
/// Pattern { accent; Continuous(duration: 1) }
/// ```
extension Optional: PatternElement where Wrapped: PatternElement {
    /// The wrapped element's node, or an empty node when `nil`.
    public var patternNode: PatternNode {
        map(\.patternNode) ?? .empty
    }
}
