import HapticPattern

/// Turns the bed and the hits into events and curves so that what a hand feels is what the
/// analysis asked for:
///
/// - **One intensity control for the whole file.** `HapticIntensityControl` multiplies every
///   event, transients included, so the bed's curve is also the transients' scale. Where a
///   transient falls, the control is at least the hit's level and at least ½ (raised for
///   ±2 ms when the bed is lower there, or set to 1 where no event sounds) and the
///   transient's own intensity is its level ÷ the control: its effective intensity is
///   exactly the level asked for, and no control halves what a transient asks for (what
///   `lint` notes as `pattern.transient-scaled`).
/// - **No control moves while an event still sounds.** Each continuous event's curve ends at
///   0 with the event and holds 0 for 100 ms after it (the release and the actuator's
///   ring-down last ≈ 30 ms) before anything else may change it; a long sound cut into
///   ≤ 30 s events continues its curve across the cut.
/// - Sharpness: each continuous event plays at the range's lower bound and its
///   `HapticSharpnessControl` adds the rest; a transient's own sharpness is its colour minus
///   the control at its time (controls add to transients too).
///
/// Deterministic; O(blocks + points · log points) when the hits come in time order.
enum PatternAssembler {
    /// How long the control holds after a continuous event ends, seconds.
    static let hold = 0.1
    /// Half-width of the control bump that lifts the control to a transient's level, ms.
    static let bumpMilliseconds = 2
    /// The least control at a transient: below ½ the transient plays under half of its own
    /// intensity; a thousandth above it, so that rounding in a player's interpolation between
    /// the bump's points never lands below.
    static let minimumControl = 0.501
    /// How long the bed is ducked after a transient, seconds.
    static let duckSeconds = 0.03
    /// Curve simplification tolerances (intensity, sharpness).
    static let intensityTolerance = 0.02
    static let sharpnessTolerance = 0.03

    static func assemble(
        bed: [Double], blockSeconds: Double, sharpness: [Double], hopSeconds: Double,
        hits: [TransientPicker.Hit], settings: GenerationSettings
    ) -> (events: [HapticEvent], curves: [ParameterCurve]) {
        var bed = bed
        duck(&bed, under: hits, blockSeconds: blockSeconds, by: settings.ducking)
        let base = Quantize.value(settings.sharpness.lowerBound)
        let segments = ContinuousSegmenter.segments(
            bed, hopSeconds: blockSeconds, bridgeSeconds: 0.15, minSeconds: 0.02)
        var control = ControlPolyline()
        var busy: [ClosedRange<Double>] = []
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        for (k, segment) in segments.enumerated() {
            let continues =
                k + 1 < segments.count && segments[k + 1].lowerBound == segment.upperBound
            var values = Array(bed[segment])
            values.append(continues ? bed[segment.upperBound] : 0)
            for i in CurveSimplifier.simplify(values, tolerance: intensityTolerance) {
                control.set(
                    milliseconds(Double(segment.lowerBound + i) * blockSeconds),
                    Quantize.value(values[i]))
            }
            let start = Quantize.seconds(Double(segment.lowerBound) * blockSeconds)
            let end = Quantize.seconds(Double(segment.upperBound) * blockSeconds)
            if !continues { control.set(milliseconds(end + hold), 0) }
            busy.append(start...(end + (continues ? 0 : hold)))
            var parameters = EventParameters()
            parameters.hapticIntensity = 1
            parameters.hapticSharpness = base
            events.append(
                HapticEvent(
                    type: .hapticContinuous, time: start, duration: Quantize.seconds(end - start),
                    parameters: parameters))
            curves += sharpnessCurves(
                sharpness, from: start, to: end, hopSeconds: hopSeconds, base: base)
        }
        // Whether a time lies in a busy span: the spans start in time order, so the last
        // one starting at or before it and the furthest any of them reaches tell. O(log n).
        var reach: [Double] = []
        reach.reserveCapacity(busy.count)
        for span in busy { reach.append(max(reach.last ?? -.infinity, span.upperBound)) }
        func isBusy(_ t: Double) -> Bool {
            let after = partitionPoint(in: 0..<busy.count) { busy[$0].lowerBound > t }
            return after > 0 && reach[after - 1] >= t
        }
        for hit in hits {
            let ms = milliseconds(hit.time)
            let needed = max(hit.intensity, minimumControl)
            guard control.value(at: ms) < needed else { continue }
            if isBusy(hit.time) {
                let before = control.value(at: ms - bumpMilliseconds)
                let after = control.value(at: ms + bumpMilliseconds)
                if ms >= bumpMilliseconds { control.set(ms - bumpMilliseconds, before) }
                control.set(ms + bumpMilliseconds, after)
                control.set(ms, needed)
            } else {
                control.set(ms, 1)
            }
        }
        curves += CurveSimplifier.curves(
            .hapticIntensityControl,
            points: control.points.map { .init(time: $0.time, value: $0.value) })
        let lanes = HapticPattern(events: [], curves: curves)
        let intensityLane = ControlLane(.hapticIntensityControl, in: lanes)
        let sharpnessLane = ControlLane(.hapticSharpnessControl, in: lanes)
        for hit in hits {
            var parameters = EventParameters()
            let scale = intensityLane.value(at: hit.time)
            parameters.hapticIntensity = Quantize.value(
                scale > 0 ? min(1, hit.intensity / scale) : 0)
            parameters.hapticSharpness = Quantize.value(
                min(1, max(0, hit.sharpness - sharpnessLane.value(at: hit.time))))
            events.append(
                HapticEvent(type: .hapticTransient, time: hit.time, parameters: parameters))
        }
        return (events, curves)
    }

    /// Lowers the bed by `amount` for ``duckSeconds`` after each hit.
    static func duck(
        _ bed: inout [Double], under hits: [TransientPicker.Hit], blockSeconds: Double,
        by amount: Double
    ) {
        guard amount > 0 else { return }
        let span = Int((duckSeconds / blockSeconds).rounded())
        for hit in hits {
            let k = Int((hit.time / blockSeconds).rounded())
            for i in (k + 1)..<min(bed.count, k + 1 + span) where i >= 0 {
                bed[i] = Quantize.value(bed[i] * (1 - amount))
            }
        }
    }

    /// The sharpness control of one continuous event: the per-frame sharpness above the
    /// event's base, simplified, from the frame nearest `start` to the one nearest `end`.
    static func sharpnessCurves(
        _ sharpness: [Double], from start: Double, to end: Double, hopSeconds: Double,
        base: Double
    ) -> [ParameterCurve] {
        guard !sharpness.isEmpty else { return [] }
        let first = min(sharpness.count - 1, Int((start / hopSeconds).rounded()))
        let last = max(first, min(sharpness.count - 1, Int((end / hopSeconds).rounded())))
        let values = sharpness[first...last].map { Quantize.value(max(0, $0 - base)) }
        let points = CurveSimplifier.simplify(values, tolerance: sharpnessTolerance).map { i in
            ParameterCurve.ControlPoint(
                time: Quantize.seconds(Double(first + i) * hopSeconds), value: values[i])
        }
        return CurveSimplifier.curves(.hapticSharpnessControl, points: points)
    }

    static func milliseconds(_ t: Double) -> Int { Int((t * 1_000).rounded()) }
}
