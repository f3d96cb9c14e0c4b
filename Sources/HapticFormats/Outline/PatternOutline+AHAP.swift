import HapticPattern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension PatternOutline {
    /// The outline as one AHAP pattern that Core Haptics loads (strict-valid: continuous
    /// events ≤ 30 s, curves ≤ 16 points) and that renders like the outline's two players
    /// (docs/formats.md, "From .haptic to AHAP"):
    ///
    /// - the continuous signal is one `HapticContinuous` event per sounding piece (pieces end
    ///   at silences and every 30 s), shaped by a `HapticIntensityControl` curve (the
    ///   intensity ÷ the event's, the envelope's attack and release divided out: ``AHAPForm/bed(_:fadesIn:fadesOut:)``)
    ///   and a `HapticSharpnessControl` curve (the sharpness, added to the event's 0). Where a
    ///   sounding signal is cut at 30 s, the event before the cut releases as the next one
    ///   attacks, both at one intensity, and the control divides their merged gain out: the
    ///   seam plays as the signal does (``AHAPForm/crossfadeGain(_:)``);
    /// - each transient is a `HapticTransient`. AHAP's intensity curve scales transients too,
    ///   so a transient's own intensity is its target ÷ the curve's value at its time; where
    ///   that would exceed 1 the curve is raised to the transient's level for
    ///   ``transientLift`` seconds from its start (noted: the continuous signal rises with it
    ///   for that moment).
    ///
    /// O(points · log points + transients · points) (each raise rewrites the curve).
    public func ahapPattern(notes: inout [ConversionNote]) -> HapticPattern {
        AHAPForm(outline: self).pattern(transients: true, notes: &notes)
    }

    /// The outline as a `.haptic` player plays it: the continuous signal and the transients
    /// on two players, so no curve scales a transient. Schedule them as two `PatternLayer`s
    /// starting together.
    public func playerLayers() -> (continuous: HapticPattern, transients: HapticPattern) {
        var ignored: [ConversionNote] = []
        let form = AHAPForm(outline: self)
        return (form.pattern(transients: false, notes: &ignored), form.transientLayer())
    }

    /// How long a raised intensity curve stays at a transient's level, in seconds: one sample
    /// at the lowest render rate (8 kHz), so every render holds it at the transient's start.
    public static let transientLift = 1.0 / 8_000
}

/// Builds the AHAP form of an outline (``PatternOutline/ahapPattern(notes:)``).
struct AHAPForm {
    let outline: PatternOutline
    /// A continuous event's shortest release (``EnvelopeTime/minimumSeconds``), plus a
    /// millisecond: the intensity curve keeps an event's value until its release is over.
    static let releaseGuard = EnvelopeTime.minimumSeconds + 0.001

    /// The pattern: the continuous pieces with their curves, and the transients if asked.
    func pattern(transients withTransients: Bool, notes: inout [ConversionNote]) -> HapticPattern {
        let pieces = outline.soundingPieces(
            maxLength: CoreHapticsFacts.hapticContinuousLimitSeconds)
        // A seam: the signal goes on where one piece ends and the next starts (a 30 s cut).
        let seams = zip(pieces, pieces.dropFirst()).map { a, b in
            a.end == b.start && a.points[a.points.count - 1].value > 0
        }
        let beds = Self.sharingLevels(
            pieces.indices.map { k in
                bed(
                    pieces[k], fadesIn: k > 0 && seams[k - 1], fadesOut: k < seams.count && seams[k]
                )
            }, seams: seams)
        let lastTransient = withTransients ? outline.transients.map(\.time).max() : nil
        var control = LiftedControl(controlCurve(beds, lastTransient: lastTransient))
        var events = beds.map(\.event)
        var lifts: [Double] = []
        if withTransients {
            // In time order: each lift then changes only the end of what is already built.
            for t in outline.transientsInTimeOrder {
                let c = control.value(at: t.time)
                var p = EventParameters()
                p.hapticSharpness = t.sharpness
                if t.intensity <= c || t.intensity == 0 {
                    p.hapticIntensity = t.intensity == 0 ? 0 : t.intensity / c
                } else {
                    p.hapticIntensity = 1
                    control.lift(
                        from: t.time, to: t.time + PatternOutline.transientLift,
                        value: t.intensity)
                    lifts.append(t.time)
                    notes.record(
                        .curveRaisedForTransient, at: t.time,
                        "AHAP's intensity curve scales transients: where the continuous signal is weaker than a transient, the curve is raised to the transient's level for \(PatternOutline.transientLift * 1000) ms from its start."
                    )
                }
                events.append(HapticEvent(type: .hapticTransient, time: t.time, parameters: p))
            }
        }
        if withTransients, events.isEmpty {
            // Nothing sounds: one silent event, since Core Haptics rejects an empty pattern.
            // (Only then: a silent continuous voice would keep transients from braking.)
            var p = EventParameters()
            p.hapticIntensity = 0
            let start = outline.intensity.first?.time ?? 0
            events.append(
                HapticEvent(
                    type: .hapticContinuous, time: start,
                    duration: max(outline.duration - start, 0.001), parameters: p))
        }
        var curves = ControlCurve.curves(
            .hapticIntensityControl, control.points(), breaks: lifts)
        if !outline.sharpness.isEmpty, let start = pieces.first?.start {
            var sharpness = outline.sharpness
            if sharpness[0].time > start {
                sharpness.insert(OutlinePoint(time: start, value: sharpness[0].value), at: 0)
            }
            curves += ControlCurve.curves(.hapticSharpnessControl, sharpness, breaks: [])
        }
        var pattern = HapticPattern(events: events, curves: curves)
        pattern.canonicalize()
        return pattern
    }

    /// The transients alone, at their own intensity (the second player of a clip).
    func transientLayer() -> HapticPattern {
        HapticPattern(
            events: outline.transients.map { t in
                var p = EventParameters()
                p.hapticIntensity = t.intensity
                p.hapticSharpness = t.sharpness
                return HapticEvent(type: .hapticTransient, time: t.time, parameters: p)
            })
    }

    /// One continuous event of the AHAP form and the intensity control it plays with.
    struct Bed {
        var event: HapticEvent
        /// The piece's intensity ÷ the envelope's gain, from the event's start: the control
        /// times the event's intensity.
        var ratios: [OutlinePoint]
        /// When the event has faded out (its release is over).
        var silentFrom: Double

        /// The event's intensity.
        var level: Double { event.parameters.hapticIntensity ?? 0 }
        /// The piece's intensity ÷ the event's (at most 1), from the event's start.
        var control: [OutlinePoint] {
            let level = self.level
            return ratios.map { OutlinePoint(time: $0.time, value: min($0.value / level, 1)) }
        }
    }

    /// `beds` with each run joined by seams (`seams[k]`: beds k and k + 1 meet) at the run's
    /// largest intensity: a seam's crossfade divides out the two events' merged gain, which
    /// is theirs only when they play at one intensity. O(beds).
    static func sharingLevels(_ beds: [Bed], seams: [Bool]) -> [Bed] {
        var beds = beds
        var start = 0
        while start < beds.count {
            var end = start
            while end < seams.count, seams[end] { end += 1 }
            let level = beds[start...end].map(\.level).max() ?? 0
            for k in start...end { beds[k].event.parameters.hapticIntensity = level }
            start = end + 1
        }
        return beds
    }

    /// The gain of a seam's two events together, `u` (0…1) of the way through the attack of
    /// the second: the first releasing (1 − u) as the second rises (u), their amplitudes —
    /// the intensities squared — adding, as ``PatternOutline/init(pattern:)`` merges voices.
    static func crossfadeGain(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return ((1 - u) * (1 - u) + u * u).squareRoot()
    }

    /// The event for a piece. AHAP gives a continuous event an attack of at least 20 ms: the
    /// control divides that ramp's gain back out (clamped to 1, so a jump at the start still
    /// rises within it). A fall from the last peak to silence, starting after the attack and
    /// 20 ms … 5.12 s long, becomes the event's release (``EnvelopeTime``) with the control
    /// dividing its gain out too, so the event is in the state Core Haptics gives such a ramp
    /// (a releasing voice lets a transient brake); otherwise the control drops to 0 where the
    /// piece ends, silencing the release. The event's intensity is the largest intensity ÷
    /// gain (at most 1).
    ///
    /// At a seam the events crossfade instead: one that `fadesOut` keeps its control to its
    /// end and releases over the shortest release while the next, which `fadesIn`, attacks;
    /// the second's control divides their merged gain out (``crossfadeGain(_:)``).
    func bed(_ piece: SoundingPiece, fadesIn: Bool = false, fadesOut: Bool = false) -> Bed {
        var points = piece.points
        let start = piece.start
        let end = piece.end
        let attack = EnvelopeTime.minimumSeconds
        var release: Double?
        var sustainEnd = end
        if points[points.count - 1].value == 0, let peak = Self.fallStart(points),
            points[peak].time >= start + attack,
            end - points[peak].time > EnvelopeTime.minimumSeconds - 1e-9,
            end - points[peak].time <= EnvelopeTime.seconds(1),
            Self.fallsLikeARelease(points, from: peak)
        {
            release = end - points[peak].time
            sustainEnd = points[peak].time
        }
        points = Self.densified(
            points,
            in: [(start, start + attack, fadesIn ? 0.00125 : 0.005), (sustainEnd, end, 0.005)])
        func gain(_ t: Double) -> Double {
            let rise =
                fadesIn ? Self.crossfadeGain((t - start) / attack) : min((t - start) / attack, 1)
            let fall = release.map { 1 - max(t - sustainEnd, 0) / $0 } ?? 1
            return max(min(rise, fall), 0)
        }
        var ratios = points.map { p -> Double? in
            let g = gain(p.time)
            return g > 1e-9 ? p.value / g : nil
        }
        // Where the gain is 0 (the first and last point) the control holds its neighbour's.
        if ratios[0] == nil { ratios[0] = ratios.dropFirst().first { $0 != nil } ?? 0 }
        if ratios[ratios.count - 1] == nil {
            ratios[ratios.count - 1] = ratios.dropLast().last { $0 != nil } ?? 0
        }
        let level = min(max(ratios.compactMap { $0 }.max() ?? 0, piece.peak), 1)
        var control = zip(points, ratios).map { OutlinePoint(time: $0.time, value: $1 ?? 0) }
        var p = EventParameters()
        p.hapticIntensity = level
        p.hapticSharpness = outline.sharpness.isEmpty ? PatternOutline.defaultSharpness : 0
        if let release {
            p.releaseTime = EnvelopeTime.value(seconds: release)
        } else if !fadesOut, control[control.count - 1].value > 0 {
            control.append(OutlinePoint(time: end, value: 0))
        }
        let event = HapticEvent(
            type: .hapticContinuous, time: start, duration: sustainEnd - start, parameters: p)
        return Bed(
            event: event, ratios: control,
            silentFrom: end + (release == nil ? Self.releaseGuard : 0.001))
    }

    /// The peak that starts the strictly falling run to the last point; nil when the last two
    /// points do not fall.
    static func fallStart(_ points: [OutlinePoint]) -> Int? {
        var i = points.count - 1
        while i > 0, points[i - 1].value > points[i].value, points[i - 1].time != points[i].time {
            i -= 1
        }
        return i == points.count - 1 ? nil : i
    }

    /// Whether the fall from `peak` to the last point stays under a straight release from the
    /// peak's value (within 5 %): only then does dividing a release's gain out keep the control
    /// at or below the peak's (a fall ending in a cliff would need a control far above it).
    static func fallsLikeARelease(_ points: [OutlinePoint], from peak: Int) -> Bool {
        let a = points[peak]
        let end = points[points.count - 1].time
        return points[peak...].dropLast().allSatisfy { p in
            p.value <= 1.05 * a.value * (end - p.time) / (end - a.time) + 1e-9
        }
    }

    /// `points` with a point every `step` seconds inside each of `windows` and at its end (on
    /// the polyline), so the control that divides a ramp's gain out stays within a few
    /// thousandths of it: every 5 ms for a ramp, every 1.25 ms for a seam's crossfade (whose
    /// gain bends).
    static func densified(_ points: [OutlinePoint], in windows: [(Double, Double, Double)])
        -> [OutlinePoint]
    {
        var extra: [OutlinePoint] = []
        for (a, b, step) in windows where b > a {
            var t = a + step
            while t < b - 1e-9 {
                extra.append(OutlinePoint(time: t, value: OutlinePoint.interpolate(points, at: t)))
                t += step
            }
            // The window's end, where the gain stops changing, unless a point is there.
            if !points.contains(where: { $0.time == b }) {
                extra.append(OutlinePoint(time: b, value: OutlinePoint.interpolate(points, at: b)))
            }
        }
        guard !extra.isEmpty else { return points }
        return (points + extra).enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }

    /// The intensity control over the whole pattern: each event's, held until its release is
    /// over, then 1 (neutral) until the next event starts. Before the first event the
    /// parameter lane is neutral without a point; after the last one it ends with that event's
    /// control unless a transient comes later (`lastTransient`), so the pattern ends where its
    /// sound does.
    func controlCurve(_ beds: [Bed], lastTransient: Double?) -> [OutlinePoint] {
        var points: [OutlinePoint] = []
        for (k, bed) in beds.enumerated() {
            if let last = points.last, last.time < bed.event.time {
                points.append(OutlinePoint(time: bed.event.time, value: last.value))
            }
            points += bed.control
            let nextStart =
                k + 1 < beds.count
                ? beds[k + 1].event.time
                : (lastTransient ?? -.infinity) >= bed.silentFrom ? .infinity : -.infinity
            if bed.silentFrom < nextStart {
                points.append(
                    OutlinePoint(time: bed.silentFrom, value: points[points.count - 1].value))
                points.append(OutlinePoint(time: bed.silentFrom, value: 1))
            }
        }
        return points
    }
}

/// The intensity control polyline of the AHAP form cut into ≤ 16-point curves.
enum ControlCurve {
    /// `points` as curves of at most ``CoreHapticsFacts/controlPointsPerCurve`` points, each
    /// starting at its first point's time (point times relative to it). A full curve's last
    /// point starts the next one; a step at a time in `breaks` starts a new curve at its upper
    /// point, so that curve starts exactly at that time.
    static func curves(_ id: DynamicParameterID, _ points: [OutlinePoint], breaks: [Double])
        -> [ParameterCurve]
    {
        let breaks = Set(breaks)
        var chunks: [[OutlinePoint]] = []
        var current: [OutlinePoint] = []
        for (i, p) in points.enumerated() {
            let stepsAtBreak = i > 0 && points[i - 1].time == p.time && breaks.contains(p.time)
            if stepsAtBreak, !current.isEmpty {
                chunks.append(current)
                current = []
            } else if current.count == CoreHapticsFacts.controlPointsPerCurve {
                chunks.append(current)
                current = [current[current.count - 1]]
            }
            current.append(p)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks.map { chunk in
            let start = chunk[0].time
            return ParameterCurve(
                id: id, time: start,
                points: chunk.map {
                    ParameterCurve.ControlPoint(
                        time: $0.time - start, value: min(max($0.value, 0), 1))
                })
        }
    }
}

/// The intensity control polyline of the AHAP form while transients raise it, in time order.
///
/// The polyline is what is built so far (`built`) followed by the control's points not yet
/// reached (`rest` from `next`). A lift from `start` replaces the points in `start…end` by a
/// step up to the transient's level and back: since lifts come in time order, only the end
/// of `built` (the previous lift's few points) can lie at or after `start`.
///
/// - Complexity: O((P + T) log P) for P control points and T lifts.
struct LiftedControl {
    private var built: [OutlinePoint] = []
    private let rest: [OutlinePoint]
    private var next = 0

    init(_ points: [OutlinePoint]) { rest = points }

    private var count: Int { built.count + rest.count - next }
    private func point(_ i: Int) -> OutlinePoint {
        i < built.count ? built[i] : rest[next + i - built.count]
    }

    /// The value at `t` (right-hand at a step; before the first point, neutral 1).
    func value(at t: Double) -> Double {
        guard count > 0, t >= point(0).time else { return 1 }
        // hi: the first point after t; lo: the last at or before it (after a step, its
        // right-hand value).
        let hi = partitionPoint(in: 1..<count) { !(point($0).time <= t) }
        let lo = hi - 1
        guard hi < count else { return point(lo).value }
        let a = point(lo)
        let b = point(hi)
        return a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time)
    }

    /// Holds `value` from `start` to `end`, stepping there from and back to the polyline.
    /// `start` and `end` are at or after the previous lift's.
    mutating func lift(from start: Double, to end: Double, value: Double) {
        while next < rest.count, rest[next].time < start {
            built.append(rest[next])
            next += 1
        }
        var atStart = built.count
        while atStart > 0, built[atStart - 1].time >= start { atStart -= 1 }
        let before =
            (built[atStart...].first { $0.time == start }
            ?? (next < rest.count && rest[next].time == start ? rest[next] : nil))?.value
            ?? self.value(at: start)
        let after = self.value(at: end)
        built.removeSubrange(atStart...)
        while next < rest.count, rest[next].time <= end { next += 1 }
        built += [
            OutlinePoint(time: start, value: before), OutlinePoint(time: start, value: value),
            OutlinePoint(time: end, value: value), OutlinePoint(time: end, value: after),
        ]
    }

    /// The whole polyline.
    func points() -> [OutlinePoint] { built + rest[next...] }
}
