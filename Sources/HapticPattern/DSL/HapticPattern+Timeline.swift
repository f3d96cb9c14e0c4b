extension HapticPattern {
    /// Every event, parameter and curve as a ``TimelineRow``, sorted by start time
    /// (stable: at equal times events come first, then parameters, then curves, each in
    /// pattern order). Works for any pattern, decoded or built with the DSL.
    ///
    /// ```swift
    /// for row in HapticPattern(gap: 0.1) { Transient(); Transient() }.resolvedTimeline {
    ///     print(row.start, row.kind)   // 0.0 event(hapticTransient), 0.1 event(hapticTransient)
    /// }
    /// ```
    public var resolvedTimeline: [TimelineRow] {
        let rows =
            events.map { event in
                TimelineRow(
                    start: event.time,
                    duration: event.type == .hapticTransient ? 0 : (event.duration ?? 0),
                    kind: .event(event.type))
            }
            + parameters.map { TimelineRow(start: $0.time, duration: 0, kind: .parameter($0.id)) }
            + curves.map {
                TimelineRow(start: $0.time, duration: $0.points.last?.time ?? 0, kind: .curve($0.id))
            }
        return rows.stableSorted { $0.start < $1.start }
    }

    /// ``resolvedTimeline`` as a printable table, one row per line, times in seconds:
    ///
    /// ```text
    ///    start  duration  kind
    ///    0.000     0.000  HapticTransient
    ///    0.100     1.000  HapticContinuous
    /// ```
    ///
    /// - Returns: The table, ending with a newline.
    public func timelineListing() -> String {
        var text = "   start  duration  kind\n"
        for row in resolvedTimeline {
            text += "\(TimelineRow.seconds(row.start))  \(TimelineRow.seconds(row.duration))  \(row.kind.name)\n"
        }
        return text
    }
}
