/// A DSL element that produces exactly one ``HapticEvent``: ``Transient``,
/// ``Continuous``, ``AudioTone`` and ``AudioFile``.
///
/// The envelope and parameter modifiers (``attack(_:)``, ``decay(_:)``, ``release(_:)``,
/// ``sustained(_:)``, ``parameter(_:_:)``) are available on all of them and return `Self`.
public protocol EventElement: TimedPatternElement {
    /// The event this element produces, with `time` 0 (the DSL resolves the time).
    var event: HapticEvent { get set }
}

extension EventElement {
    /// The event at the element's origin. It moves the cursor by its duration;
    /// a transient moves it by 0 (see ``Pattern`` for the timing rules).
    public var patternNode: PatternNode {
        let advance = event.type == .hapticTransient ? 0 : max(0, event.duration ?? 0)
        return PatternNode(.event(event, advance: advance), timing: timing)
    }
}

extension EventParameters {
    /// Sets `id` to `value` clamped to the parameter's range; `nil` leaves it unset.
    mutating func setClamped(_ id: EventParameterID, _ value: Double?) {
        guard let value else {
            self[id] = nil
            return
        }
        self[id] = min(max(value, id.range.lowerBound), id.range.upperBound)
    }
}
