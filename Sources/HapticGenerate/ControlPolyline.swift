/// The intensity control's points while they are being placed, on a whole-millisecond grid
/// (the file's resolution): one value per millisecond, read back the way the renderer reads
/// a chain of curves (neutral 1 before the first point, linear between, the last held).
struct ControlPolyline {
    private(set) var milliseconds: [Int] = []
    private(set) var values: [Double] = []

    /// Sets the value at `ms`, replacing one already there. O(points) worst case, O(1) when
    /// appending in time order.
    mutating func set(_ ms: Int, _ value: Double) {
        let i = index(atOrAfter: ms)
        if i < milliseconds.count, milliseconds[i] == ms {
            values[i] = value
        } else {
            milliseconds.insert(ms, at: i)
            values.insert(value, at: i)
        }
    }

    /// The value at `ms`. O(log points).
    func value(at ms: Int) -> Double {
        let i = index(atOrAfter: ms)
        if i < milliseconds.count, milliseconds[i] == ms { return values[i] }
        guard i > 0 else { return 1 }
        guard i < milliseconds.count else { return values[i - 1] }
        let t0 = Double(milliseconds[i - 1])
        let t1 = Double(milliseconds[i])
        return values[i - 1] + (values[i] - values[i - 1]) * (Double(ms) - t0) / (t1 - t0)
    }

    /// The points in seconds.
    var points: [(time: Double, value: Double)] {
        zip(milliseconds, values).map { (Double($0) / 1_000, $1) }
    }

    private func index(atOrAfter ms: Int) -> Int {
        if let last = milliseconds.last, last < ms { return milliseconds.count }
        var lo = 0
        var hi = milliseconds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if milliseconds[mid] < ms { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
