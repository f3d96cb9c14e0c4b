import HapticPattern

/// The intensity control's points while they are being placed, on a whole-millisecond grid
/// (the file's resolution): one value per millisecond, read back the way the renderer reads
/// a chain of curves (neutral 1 before the first point, linear between, the last held).
///
/// A gap buffer: the points before the last one set, ascending, and those after it,
/// descending (the nearest last), so that setting points in time order — the bed's, then the
/// transients' bumps among them — moves each point across the gap once in all, instead of
/// shifting every later point at each insertion (quadratic in the input's length).
struct ControlPolyline {
    private var before: [(ms: Int, value: Double)] = []
    private var after: [(ms: Int, value: Double)] = []

    /// Sets the value at `ms`, replacing one already there. O(1) amortized in time order;
    /// O(distance to the previous `ms`) otherwise.
    mutating func set(_ ms: Int, _ value: Double) {
        while let last = before.last, last.ms >= ms { after.append(before.removeLast()) }
        while let next = after.last, next.ms < ms { before.append(after.removeLast()) }
        if let next = after.last, next.ms == ms {
            after[after.count - 1].value = value
        } else {
            before.append((ms, value))
        }
    }

    /// The value at `ms`. O(log points).
    func value(at ms: Int) -> Double {
        let count = before.count + after.count
        let i = index(atOrAfter: ms, count: count)
        if i < count, self[i].ms == ms { return self[i].value }
        guard i > 0 else { return 1 }
        guard i < count else { return self[i - 1].value }
        let (t0, v0) = self[i - 1]
        let (t1, v1) = self[i]
        return v0 + (v1 - v0) * (Double(ms) - Double(t0)) / (Double(t1) - Double(t0))
    }

    /// The points in seconds, in time order.
    var points: [(time: Double, value: Double)] {
        (before + after.reversed()).map { (Double($0.ms) / 1_000, $0.value) }
    }

    /// The `i`th point in time order.
    private subscript(i: Int) -> (ms: Int, value: Double) {
        i < before.count ? before[i] : after[after.count - 1 - (i - before.count)]
    }

    private func index(atOrAfter ms: Int, count: Int) -> Int {
        partitionPoint(in: 0..<count) { self[$0].ms >= ms }
    }
}
