/// The value one dynamic parameter takes over a pattern's time, from its `Parameter` and
/// `ParameterCurve` items, by the rules the renderer applies (ahap-spec.md §4–§5):
/// - the last started wins (``CoreHapticsFacts/laneOwners(_:start:order:)``; at the same start
///   a curve wins over a parameter, then the later item);
/// - a parameter steps; a curve is linear between its points, holds its first point's
///   predecessor value before it and its last value after it; points at the same time step;
/// - before any item the lane holds ``DynamicParameterID/neutralValue``.
///
/// What a transient feels is its own intensity × the intensity control's value at its time
/// (controls apply to every event, transients included): the generator places its control
/// points with this, and the decoder notes transients a control scales below half.
public struct ControlLane: Sendable {
    /// Breakpoints: from `times[i]` the value is `values[i] + slopes[i] · (t − times[i])`.
    private var times: [Double] = []
    private var values: [Double] = []
    private var slopes: [Double] = []
    public let id: DynamicParameterID

    /// O(w log w + p) for w items of `id` with p points in total.
    public init(_ id: DynamicParameterID, in pattern: HapticPattern) {
        self.id = id
        typealias Writer = (start: Double, order: Int, points: [(time: Double, value: Double)])
        var writers: [Writer] = []
        for (i, p) in pattern.parameters.enumerated() where p.id == id {
            writers.append((p.time, i, [(p.time, p.value)]))
        }
        let curveOrder = pattern.parameters.count
        for (i, c) in pattern.curves.enumerated() where c.id == id && !c.points.isEmpty {
            writers.append((c.time, curveOrder + i, c.points.map { (c.time + $0.time, $0.value) }))
        }
        for (w, until) in CoreHapticsFacts.laneOwners(writers, start: \.start, order: \.order) {
            let limit = until ?? .infinity
            if w.points[0].time > w.start { append(w.start, self.value(at: w.start), 0) }
            for j in w.points.indices {
                let t = w.points[j].time
                guard t < limit else { break }
                if j + 1 < w.points.count {
                    let gap = w.points[j + 1].time - t
                    if gap <= 0 { continue }
                    append(t, w.points[j].value, (w.points[j + 1].value - w.points[j].value) / gap)
                } else {
                    append(t, w.points[j].value, 0)
                }
            }
        }
    }

    /// The lane's value at `t`, clamped to the parameter's range. O(log breakpoints).
    public func value(at t: Double) -> Double {
        // The breakpoints after `t` (written `!(… <= t)`, so a NaN `t` finds none before it).
        let after = times.partitioningIndex { !($0 <= t) }
        guard after > 0 else { return id.neutralValue }
        let k = after - 1
        let v = values[k] + slopes[k] * (t - times[k])
        return min(id.range.upperBound, max(id.range.lowerBound, v))
    }

    /// Whether any item writes this lane.
    public var isEmpty: Bool { times.isEmpty }

    /// The spans of time over which the lane's value is at its lower bound (0 for the
    /// intensity and volume controls, which multiply: every event they apply to is silent
    /// there), sorted and disjoint; the last may end at infinity. A span ends where a
    /// breakpoint lifts the value, so it may include that instant. O(breakpoints).
    package var floorSpans: [ClosedRange<Double>] {
        let floor = id.range.lowerBound
        var spans: [ClosedRange<Double>] = []
        func add(_ from: Double, _ to: Double) {
            guard from <= to else { return }
            if let last = spans.last, last.upperBound >= from {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, to)
            } else {
                spans.append(from...to)
            }
        }
        for k in times.indices {
            let start = times[k]
            let end = k + 1 < times.count ? times[k + 1] : .infinity
            let v = values[k]
            let s = slopes[k]
            if s == 0 || !s.isFinite {
                if v <= floor { add(start, end) }
            } else {
                let crossing = start + (floor - v) / s  // where the line meets the floor
                if s > 0 {
                    if v <= floor { add(start, min(crossing, end)) }
                } else {
                    add(max(crossing, start), end)
                }
            }
        }
        return spans
    }

    private mutating func append(_ t: Double, _ v: Double, _ s: Double) {
        if let last = times.last, last == t {
            values[values.count - 1] = v
            slopes[slopes.count - 1] = s
        } else {
            times.append(t)
            values.append(v)
            slopes.append(s)
        }
    }
}
