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
    public var resolvedTimeline: [TimelineRow] { detailedTimeline.map(\.row) }

    /// ``resolvedTimeline`` as a printable table, one row per line: start and duration in
    /// seconds, the kind, and the values that are set.
    ///
    /// ```text
    ///    start  duration  kind
    ///    0.000     0.000  HapticTransient  I=1.00 S=0.50
    ///    0.100     1.000  HapticContinuous  I=0.60 S=0.30 A=0.20 R=0.40
    ///    1.100     0.000  Parameter HapticIntensityControl  0.50
    /// ```
    ///
    /// - Returns: The table, ending with a newline.
    public func timelineListing() -> String {
        var text = "   start  duration  kind\n"
        for (row, detail) in detailedTimeline {
            text +=
                "\(TimelineRow.seconds(row.start))  \(TimelineRow.seconds(row.duration))  \(row.kind.name)"
            text += detail.isEmpty ? "\n" : "  \(detail)\n"
        }
        return text
    }

    /// The rows with a short description of their values.
    private var detailedTimeline: [(row: TimelineRow, detail: String)] {
        let rows: [(row: TimelineRow, detail: String)] =
            events.map { event in
                let row = TimelineRow(
                    start: event.time,
                    duration: event.type == .hapticTransient ? 0 : (event.duration ?? 0),
                    kind: .event(event.type))
                return (row, Self.detail(of: event))
            }
            + parameters.map {
                (
                    TimelineRow(start: $0.time, duration: 0, kind: .parameter($0.id)),
                    TimelineRow.decimal($0.value, places: 2)
                )
            }
            + curves.map { curve in
                let values = curve.points.map { TimelineRow.decimal($0.value, places: 2) }
                return (
                    TimelineRow(
                        start: curve.time, duration: curve.points.last?.time ?? 0,
                        kind: .curve(curve.id)),
                    "\(curve.points.count) points: " + values.joined(separator: " → ")
                )
            }
        return rows.stableSorted { $0.row.start < $1.row.start }
    }

    /// `I=… S=…` style summary of an event's set parameters and waveform keys.
    private static func detail(of event: HapticEvent) -> String {
        var parts: [String] = []
        if let path = event.waveformPath { parts.append("\"\(path)\"") }
        for id in event.parameters.setIDs {
            parts.append(
                "\(label(id))=\(TimelineRow.decimal(event.parameters.value(id), places: 2))")
        }
        if let envelope = event.waveformUsesVolumeEnvelope { parts.append("envelope=\(envelope)") }
        if let loop = event.waveformLoopEnabled { parts.append("loop=\(loop)") }
        return parts.joined(separator: " ")
    }

    /// A short column label for an event parameter.
    private static func label(_ id: EventParameterID) -> String {
        switch id {
        case .hapticIntensity: return "I"
        case .hapticSharpness: return "S"
        case .attackTime: return "A"
        case .decayTime: return "D"
        case .releaseTime: return "R"
        case .sustained: return "Sus"
        case .audioVolume: return "Vol"
        case .audioPan: return "Pan"
        case .audioPitch: return "Pitch"
        case .audioBrightness: return "Bright"
        }
    }
}
