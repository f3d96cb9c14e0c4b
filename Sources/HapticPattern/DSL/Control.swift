/// A dynamic parameter (an AHAP `Parameter` item): a control value that changes
/// abruptly at a point in time and applies to the events of its family playing then
/// and later.
///
/// A control does not move the cursor. Unpinned, it is placed where the next
/// sequential element would start (after the pending gap), so writing it just before an
/// event lines it up with that event; pin it with ``TimedPatternElement/at(_:)``
/// otherwise.
///
/// ```swift
/// Pattern {
///     Control(.hapticIntensity, 0.5)            // 0 s, with the continuous below
///     Continuous(duration: 2)
///     Control(.hapticSharpness, -0.3).at(1)     // 1 s
/// }
/// ```
public struct Control: TimedPatternElement, Hashable {
    /// The dynamic parameter.
    public var id: DynamicParameterID
    /// Its value, clamped to ``DynamicParameterID/range``.
    public var value: Double
    public var timing = ElementTiming()

    /// Creates a dynamic parameter.
    ///
    /// - Parameters:
    ///   - id: The dynamic parameter, e.g. `.hapticIntensity` (see
    ///     ``DynamicParameterID`` for the short names).
    ///   - value: The control value, clamped to `id.range` (0…1 for intensity and
    ///     volume, which multiply; −1…1 for the others, which add).
    public init(_ id: DynamicParameterID, _ value: Double) {
        self.id = id
        self.value = min(max(value, id.range.lowerBound), id.range.upperBound)
    }

    public var patternNode: PatternNode {
        PatternNode(.control(id, value: value), timing: timing)
    }
}
