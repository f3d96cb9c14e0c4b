import HapticPattern

/// Something that writes one parameter lane from its start on: a `Parameter`, a `ParameterCurve` or
/// a runtime parameter, already placed in output samples.
struct ParameterLaneWriter {
    /// Where it takes over the parameter lane.
    var start: Int64
    /// Tie-break among writers starting at the same sample: the larger wins (is applied last).
    /// Pattern parameters < pattern curves < runtime parameters, then unrolled item order.
    var order: Int
    /// Control points in output samples, non-decreasing, each ≥ `start`. A parameter has one
    /// point at `start`.
    var points: [(sample: Int64, value: Double)]
}

/// Turns writers into a ``ParameterLane``. The rules (Apple documents none beyond "steps" and
/// "linear"; all are choices, docs/ahap-format.md, Dynamic parameters and Parameter curves):
/// - the last started wins (``CoreHapticsFacts/laneOwners(_:start:order:)``): a curve's points
///   at or after the next writer's start are dropped, a ramp in flight is cut there;
/// - before a curve's first point the parameter lane holds the value it had when the curve started;
/// - points at the same sample are a step (the later point wins); after the last point the
///   value holds;
/// - breakpoints store slopes, so values come from the line equation, never accumulation.
///
/// O(w log w + p) for w writers with p points in total.
enum ParameterLaneBuilder {
    static func build(_ id: DynamicParameterID, writers all: [ParameterLaneWriter])
        -> ParameterLane
    {
        let writers = all.filter { !$0.points.isEmpty }
        var lane = ParameterLane(initialValue: id.neutralValue)
        for (w, until) in CoreHapticsFacts.laneOwners(writers, start: \.start, order: \.order) {
            let limit = until ?? Int64.max
            if w.points[0].sample > w.start {
                append(&lane, w.start, lane.value(atEnd: w.start), 0)
            }
            let pts = w.points
            for j in pts.indices {
                let s = pts[j].sample
                guard s < limit else { break }
                let slope: Double
                if j + 1 < pts.count {
                    let gap = pts[j + 1].sample - s
                    if gap == 0 { continue }  // a step: the next point at this sample wins
                    slope = (pts[j + 1].value - pts[j].value) / Double(gap)
                } else {
                    slope = 0
                }
                append(&lane, s, pts[j].value, slope)
            }
        }
        return lane
    }

    /// Removes everything before `sample` (a seek point or layer start) while keeping the state
    /// reached there: the line in flight is re-anchored at `sample`. O(count).
    static func trim(_ lane: inout ParameterLane, before sample: Int64) {
        guard let first = lane.sample.first, first < sample else { return }
        let keepFrom = lane.sample.firstIndex { $0 >= sample } ?? lane.count
        let k = keepFrom - 1
        let v = lane.value[k] + lane.slope[k] * Double(sample - lane.sample[k])
        let slope = lane.slope[k]
        lane.sample.removeSubrange(0..<keepFrom)
        lane.value.removeSubrange(0..<keepFrom)
        lane.slope.removeSubrange(0..<keepFrom)
        if lane.sample.first != sample {
            lane.sample.insert(sample, at: 0)
            lane.value.insert(v, at: 0)
            lane.slope.insert(slope, at: 0)
        }
    }

    /// Appends a breakpoint; one at the same sample as the last replaces it (later wins), so
    /// parameter lanes stay minimal and strictly increasing.
    private static func append(
        _ lane: inout ParameterLane, _ s: Int64, _ v: Double, _ slope: Double
    ) {
        if let last = lane.sample.last, last == s {
            lane.value[lane.count - 1] = v
            lane.slope[lane.count - 1] = slope
        } else {
            lane.sample.append(s)
            lane.value.append(v)
            lane.slope.append(slope)
        }
    }
}

extension ParameterLane {
    /// The value at `n` given the breakpoints appended so far, assuming `n` is at or after the
    /// last one (the builder only looks forward). O(1).
    fileprivate func value(atEnd n: Int64) -> Double {
        guard let s = sample.last else { return initialValue }
        return value[count - 1] + slope[count - 1] * Double(n - s)
    }
}
