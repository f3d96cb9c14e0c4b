/// Silence that moves the sequential cursor.
///
/// `Pause(d)` takes the place of the gap that would precede the next element and
/// adds `d` to it: the next element starts `gap + d` after the end of the previous
/// one (`d` after it at the start of a group, where no gap is pending). So `Pause(0)`
/// changes nothing, and a pause is never followed by a second gap.
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Transient()     // 0.0 s
///     Pause(0.25)
///     Transient()     // 0.35 s = 0.0 + 0.1 gap + 0.25
/// }
/// ```
///
/// `Delay` is an alias.
public struct Pause: TimedPatternElement, Hashable {
    /// The pause length in seconds.
    public var duration: Double
    public var timing = ElementTiming()

    /// Creates a pause.
    ///
    /// - Parameter duration: Seconds of silence added after the pending gap (negative
    ///   values become 0).
    public init(_ duration: Double) {
        self.duration = max(0, duration)
    }

    public var patternNode: PatternNode {
        PatternNode(.pause(duration), timing: timing)
    }
}

/// Another name for ``Pause``: `Delay(0.5)`.
public typealias Delay = Pause
