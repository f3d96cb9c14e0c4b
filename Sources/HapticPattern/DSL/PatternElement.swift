/// Anything that can appear inside a ``PatternBuilder`` block.
///
/// Every DSL element — events (``Transient``, ``Continuous``, ``AudioTone``, ``AudioFile``),
/// ``Pause``, ``Control``, ``Curve`` and the groups (``Pattern``, ``Sequential``,
/// ``Parallel``, ``Repeat``) — conforms. You can conform your own types by returning
/// the node of an element you compose:
///
/// ```swift
/// struct DoubleTap: PatternElement {
///     var intensity: Double
///     var patternNode: PatternNode {
///         Sequential(gap: 0.08) {
///             Transient(intensity: intensity)
///             Transient(intensity: intensity * 0.6)
///         }.patternNode
///     }
/// }
/// ```
public protocol PatternElement: Sendable {
    /// The element as a node of the pattern tree, resolved by ``Pattern``.
    var patternNode: PatternNode { get }
}
