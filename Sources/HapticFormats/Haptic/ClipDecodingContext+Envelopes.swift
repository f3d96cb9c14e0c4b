import HapticPattern

extension ClipDecodingContext {
    /// `amplitude`: required, at least two breakpoints, a length > 0.
    mutating func decodeAmplitudeEnvelope(
        _ envelopes: [JSONMember], path: String, at position: JSONPosition
    )
        -> [AmplitudeBreakpoint]?
    {
        let here = join(path, "amplitude")
        guard let m = member(envelopes, "amplitude") else {
            add(
                .error, .hapticMissingKey, path, position,
                "The required amplitude envelope `\(here)` is missing.")
            return nil
        }
        guard let elements = m.value.arrayElements else {
            add(
                .error, .valueWrongType, here, m.value.position,
                "`\(here)` must be an array of breakpoints but is \(m.value.typeDescription).")
            return nil
        }
        var points: [(AmplitudeBreakpoint, JSONPosition)] = []
        for (i, element) in elements.enumerated() {
            let itemPath = "\(here)[\(i)]"
            guard let fields = object(element, path: itemPath),
                let time = time(fields, itemPath, at: element.position),
                let amplitude = value("amplitude", fields, itemPath, at: element.position)
            else { continue }
            checkKeys(fields, known: ["time", "amplitude", "emphasis"], path: itemPath)
            var point = AmplitudeBreakpoint(time: time.value, amplitude: amplitude)
            if let e = member(fields, "emphasis") {
                point.emphasis = emphasis(e, itemPath, envelope: amplitude)
            }
            points.append((point, time.position))
        }
        let sorted = sortedByTime(points, here)
        guard sorted.count >= 2 else {
            add(
                .error, .hapticTooFewBreakpoints, here, m.value.position,
                "The amplitude envelope has \(sorted.count) usable breakpoint\(sorted.count == 1 ? "" : "s"); a clip needs at least two (its start and end)."
            )
            return nil
        }
        guard sorted[sorted.count - 1].time > sorted[0].time else {
            add(
                .error, .hapticZeroDuration, here, m.value.position,
                "The amplitude envelope starts and ends at \(sorted[0].time) s; a clip's last breakpoint must come after its first."
            )
            return nil
        }
        return sorted
    }

    /// `frequency`: optional (absent, `null` or `[]` all mean "none").
    mutating func decodeFrequencyEnvelope(
        _ envelopes: [JSONMember], path: String, amplitude: [AmplitudeBreakpoint]
    )
        -> [FrequencyBreakpoint]
    {
        let here = join(path, "frequency")
        guard let m = member(envelopes, "frequency") else { return [] }
        if case .null = m.value.kind { return [] }
        guard let elements = m.value.arrayElements else {
            violation(
                .valueWrongType, here, m.value.position,
                "`\(here)` must be an array of breakpoints but is \(m.value.typeDescription).",
                repair: "It is ignored.")
            return []
        }
        let start = amplitude.first?.time ?? 0
        let end = amplitude.last?.time ?? 0
        var points: [(FrequencyBreakpoint, JSONPosition)] = []
        for (i, element) in elements.enumerated() {
            let itemPath = "\(here)[\(i)]"
            guard let fields = object(element, path: itemPath),
                let time = time(fields, itemPath, at: element.position),
                let frequency = value("frequency", fields, itemPath, at: element.position)
            else { continue }
            checkKeys(fields, known: ["time", "frequency"], path: itemPath)
            if time.value < start || time.value > end {
                violation(
                    .hapticFrequencyOutsideEnvelope, itemPath + ".time", time.position,
                    "The frequency breakpoint at \(time.value) s is outside the amplitude envelope (\(start)…\(end) s).",
                    repair: "It is kept; only the part inside the amplitude envelope plays.")
            }
            points.append(
                (FrequencyBreakpoint(time: time.value, frequency: frequency), time.position))
        }
        return sortedByTime(points, here)
    }

    /// A breakpoint's `time`: present, a number, ≥ 0; else reported and `nil` (skipped).
    private mutating func time(_ fields: [JSONMember], _ path: String, at position: JSONPosition)
        -> (value: Double, position: JSONPosition)?
    {
        guard let m = member(fields, "time") else {
            violation(
                .hapticMissingKey, path, position, "The breakpoint `\(path)` has no `time`.",
                repair: "It is skipped.")
            return nil
        }
        guard let t = number(m.value, path + ".time") else { return nil }
        guard t >= 0 else {
            violation(
                .hapticNegativeTime, path + ".time", m.value.position,
                "The breakpoint time \(t) s is negative.",
                repair: "The breakpoint is skipped.")
            return nil
        }
        return (t, m.value.position)
    }

    /// A normalized value `key` of a breakpoint: present, a number; clamped to 0…1 (lenient).
    private mutating func value(
        _ key: String, _ fields: [JSONMember], _ path: String, at position: JSONPosition
    ) -> Double? {
        guard let m = member(fields, key) else {
            violation(
                .hapticMissingKey, path, position, "The breakpoint `\(path)` has no `\(key)`.",
                repair: "It is skipped.")
            return nil
        }
        guard let v = number(m.value, path + "." + key) else { return nil }
        return clamped(v, path + "." + key, m.value.position)
    }

    /// `v` within 0…1, reporting a value outside.
    private mutating func clamped(_ v: Double, _ path: String, _ position: JSONPosition) -> Double {
        guard v < 0 || v > 1 else { return v }
        let c = min(max(v, 0), 1)
        violation(
            .hapticValueOutOfRange, path, position, "`\(path)` is \(v), outside 0…1.",
            repair: "Clamped to \(c).")
        return c
    }

    /// An `emphasis` object: amplitude and frequency in 0…1, amplitude ≥ the envelope's.
    private mutating func emphasis(_ m: JSONMember, _ path: String, envelope: Double) -> Emphasis? {
        let here = path + ".emphasis"
        guard let fields = m.value.objectMembers else {
            violation(
                .valueWrongType, here, m.value.position,
                "`\(here)` must be an object but is \(m.value.typeDescription).",
                repair: "It is ignored.")
            return nil
        }
        checkKeys(fields, known: ["amplitude", "frequency"], path: here)
        var values: [Double] = []
        for key in ["amplitude", "frequency"] {
            guard let field = member(fields, key) else {
                violation(
                    .hapticMissingKey, here, m.value.position,
                    "The emphasis `\(here)` has no `\(key)`.",
                    repair: "The emphasis is ignored.")
                return nil
            }
            guard let v = number(field.value, here + "." + key) else { return nil }
            values.append(clamped(v, here + "." + key, field.value.position))
        }
        var amplitude = values[0]
        if amplitude < envelope {
            violation(
                .hapticEmphasisBelowEnvelope, here + ".amplitude",
                member(fields, "amplitude")?.value.position,
                "The emphasis amplitude \(amplitude) is below the envelope's \(envelope) at its breakpoint; the spec requires at least the envelope.",
                repair: "Raised to \(envelope).")
            amplitude = envelope
        }
        return Emphasis(amplitude: amplitude, frequency: values[1])
    }

    /// The points in time order: reports the first decrease (lenient: sorted, stable).
    private mutating func sortedByTime<Point>(_ points: [(Point, JSONPosition)], _ path: String)
        -> [Point]
    where Point: TimedBreakpoint {
        guard
            let i = points.indices.dropFirst().first(where: {
                points[$0].0.time < points[$0 - 1].0.time
            })
        else {
            return points.map(\.0)
        }
        violation(
            .hapticUnsortedBreakpoints, "\(path)", points[i].1,
            "Breakpoint times must not decrease, but \(points[i].0.time) s follows \(points[i - 1].0.time) s.",
            repair: "The breakpoints are sorted by time.")
        return points.map(\.0).enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }
}

/// A breakpoint with a time, for the shared order check.
protocol TimedBreakpoint { var time: Double { get } }
extension AmplitudeBreakpoint: TimedBreakpoint {}
extension FrequencyBreakpoint: TimedBreakpoint {}
