/// A haptic pattern written as a block of elements, resolved to a ``HapticPattern``.
///
/// ```swift
/// let pattern = Pattern(gap: 0.1) {
///     Transient(intensity: 1, sharpness: 0.5)                  // 0.0 s
///     Continuous(duration: 1, intensity: 0.6, sharpness: 0.3)  // 0.1 s
///         .attack(0.2).release(0.4)
///     Pause(0.25)
///     Transient()                                              // 1.45 s
///     Transient().at(5)                                        // 5.0 s
/// }
/// let model: HapticPattern = pattern.hapticPattern
/// print(pattern.timelineListing())
/// ```
///
/// ## Timing rules
///
/// Elements are laid out by a **sequential cursor** that starts at 0:
///
/// - An unpinned event starts at the cursor, plus the pattern's `gap` when the previous
///   sequential element was an event (no gap before the first element, and none after a
///   ``Pause``). It then moves the cursor to its end: `start + duration`. A ``Transient``
///   has no duration and moves the cursor by **0**, so transients are `gap` apart. An
///   ``AudioFile`` moves it by its `duration` if given, else 0.
/// - ``Pause``/`Delay` `(d)` moves the cursor by the pending gap plus `d`.
/// - ``TimedPatternElement/at(_:)`` pins an element to a time relative to the start of
///   the enclosing group (the pattern start at the top level); it does not move the
///   cursor, so the following elements continue after the last *sequential* element.
/// - ``Control`` and ``Curve`` never move the cursor; unpinned, they are placed where the
///   next sequential element would start (after the pending gap).
/// - Groups (a nested ``Pattern``, ``Sequential``, ``Repeat``, ``Parallel``) are laid out
///   in their own time frame, then placed like an event: they start at the cursor
///   (plus the pending gap), move it by their **length** — the final position of their
///   own cursor (for ``Parallel``, the longest branch) — and leave a gap pending when they
///   ended with an event. Content pinned inside a group, or past its cursor, does not
///   lengthen it.
/// - ``TimedPatternElement/offset(by:)`` shifts an element's content without moving the
///   cursor differently; ``TimedPatternElement/scaled(by:)`` multiplies every time and
///   duration inside the element, and its length.
/// - `if`, `for`, `switch` and optionals are transparent: their elements are laid out as
///   if written in place; an empty branch adds nothing (not even a gap).
///
/// A nested `Pattern` always uses its own `gap` (default 0), so it resolves the same
/// wherever it is used; ``Sequential`` and ``Repeat`` inherit the enclosing gap. A nested
/// pattern's metadata is ignored.
///
/// The resolved pattern is canonical (sorted by time); times and durations are rounded to
/// the nanosecond to cancel floating-point drift (`1.1 + 0.1` resolves to exactly `1.2`),
/// and resolved times below 0 (from negative offsets) are clamped to 0.
public struct Pattern: TimedPatternElement, Hashable {
    /// The gap in seconds between the end of a sequential event and the start of the next.
    public var gap: Double
    /// `Metadata` of the resolved pattern (ignored when this pattern is nested).
    public var metadata: [MetadataEntry]
    /// The elements, in order.
    public var elements: [PatternNode]
    public var timing = ElementTiming()

    /// Creates a pattern.
    ///
    /// - Parameters:
    ///   - gap: Seconds between consecutive sequential events (≥ 0, default 0).
    ///   - metadata: `Metadata` entries written with the pattern.
    ///   - content: The elements.
    public init(
        gap: Double = 0, metadata: [MetadataEntry] = [],
        @PatternBuilder _ content: () -> [PatternNode]
    ) {
        self.gap = max(0, gap)
        self.metadata = metadata
        self.elements = content()
    }

    public var patternNode: PatternNode {
        PatternNode(.sequence(elements, gap: gap), timing: timing)
    }

    /// How far this pattern moves the cursor when nested: the final position of its
    /// sequential cursor, times its scale.
    public var length: Double {
        PatternNode.snapped(PatternNode.layoutSequence(elements, gap: gap).length * timing.scale)
    }

    /// The resolved pattern, in canonical form. The pattern's own
    /// ``TimedPatternElement/at(_:)``, offset and scale apply.
    public var hapticPattern: HapticPattern {
        let content = PatternNode.layoutSequence(elements, gap: gap)
        var root = PatternLayout()
        root.place(content, origin: (timing.pinnedTime ?? 0) + timing.offset, scale: timing.scale)
        return root.hapticPattern(metadata: metadata)
    }

    /// The resolved elements as rows, sorted by start. See ``HapticPattern/resolvedTimeline``.
    public var resolvedTimeline: [TimelineRow] { hapticPattern.resolvedTimeline }

    /// A printable table of ``resolvedTimeline``. See ``HapticPattern/timelineListing()``.
    public func timelineListing() -> String { hapticPattern.timelineListing() }
}

extension PatternNode {
    /// `value` rounded to the nearest nanosecond.
    static func snapped(_ value: Double) -> Double {
        (value * 1e9).nearestInteger.map { Double($0) / 1e9 } ?? value
    }
}

extension PatternLayout {
    /// The content as a canonical pattern: times snapped and clamped to ≥ 0.
    func hapticPattern(metadata: [MetadataEntry]) -> HapticPattern {
        let time = { (t: Double) in max(0, PatternNode.snapped(t)) }
        var pattern = HapticPattern(
            metadata: metadata,
            events: events.map { event in
                var event = event
                event.time = time(event.time)
                event.duration = event.duration.map(PatternNode.snapped)
                return event
            },
            parameters: parameters.map { parameter in
                var parameter = parameter
                parameter.time = time(parameter.time)
                return parameter
            },
            curves: curves.map { curve in
                var curve = curve
                curve.time = time(curve.time)
                for i in curve.points.indices {
                    curve.points[i].time = PatternNode.snapped(curve.points[i].time)
                }
                return curve
            })
        pattern.canonicalize()
        return pattern
    }
}
