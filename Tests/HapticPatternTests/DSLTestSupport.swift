import HapticPattern

/// Start times of the resolved events, in canonical order.
func eventTimes(_ pattern: HapticPattern) -> [Double] { pattern.events.map(\.time) }

/// `(start, duration, kind)` of the resolved events only.
func eventRows(_ pattern: HapticPattern) -> [TimelineRow] {
    pattern.resolvedTimeline.filter {
        if case .event = $0.kind { return true } else { return false }
    }
}

/// A timeline row for an event.
func row(_ start: Double, _ duration: Double, _ type: EventType) -> TimelineRow {
    TimelineRow(start: start, duration: duration, kind: .event(type))
}
