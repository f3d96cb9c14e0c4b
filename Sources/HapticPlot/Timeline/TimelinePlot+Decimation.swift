/// Reduction of long signals and curves to what a pixel grid can show.
///
/// A 12-minute render at 48 kHz is ~35 M samples per signal; drawn point by point it would
/// make a file of hundreds of megabytes that no viewer opens. One pixel column can only show
/// the range of values that fall into it, so each signal becomes one (min, max) pair per
/// column — an envelope polygon. Min/max (not averaging or picking every n-th sample) keeps
/// every extreme: a single-sample spike stays visible however long the signal is.
struct MinMaxEnvelope: Equatable {
    /// Per-column minimum, clamped to the panel's −1…1.
    var minimum: [Float]
    /// Per-column maximum, clamped to the panel's −1…1.
    var maximum: [Float]

    /// Columns with data; fewer than requested when the signal ends before the plot does.
    var count: Int { minimum.count }

    /// Decimates `signal` (sample `i` at time `i / sampleRate`) into `columns` columns that
    /// evenly cover `0…duration`.
    ///
    /// Every sample inside `0…duration` lands in exactly one column, so extremes survive.
    /// When a column is narrower than a sample (short patterns, wide plots) it takes the
    /// sample that covers it, which draws the signal as steps rather than leaving gaps.
    ///
    /// O(samples + columns) time, O(columns) memory; one pass over the samples through an
    /// unsafe buffer because this loop dominates plotting time (and tests run unoptimized).
    static func decimate(
        _ signal: [Float], sampleRate: Double, duration: Double, columns: Int
    ) -> MinMaxEnvelope {
        guard columns > 0, duration > 0, sampleRate > 0, !signal.isEmpty else {
            return MinMaxEnvelope(minimum: [], maximum: [])
        }
        let samplesPerColumn = sampleRate * duration / Double(columns)
        var minimum: [Float] = []
        var maximum: [Float] = []
        minimum.reserveCapacity(columns)
        maximum.reserveCapacity(columns)
        signal.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            for column in 0..<columns {
                let lo = Int((Double(column) * samplesPerColumn).rounded(.down))
                if lo >= n { break }
                let end = Int((Double(column + 1) * samplesPerColumn).rounded(.down))
                let hi = min(n, max(lo + 1, end))
                var lowest = buffer[lo]
                var highest = buffer[lo]
                var i = lo + 1
                while i < hi {
                    let v = buffer[i]
                    if v < lowest { lowest = v }
                    if v > highest { highest = v }
                    i += 1
                }
                // NaN compares false above; a NaN first sample must not poison the column.
                minimum.append(lowest.isNaN ? 0 : max(-1, min(1, lowest)))
                maximum.append(highest.isNaN ? 0 : max(-1, min(1, highest)))
            }
        }
        return MinMaxEnvelope(minimum: minimum, maximum: maximum)
    }
}

extension TimelinePlot {
    /// Reduces a piecewise-linear curve to at most four points per pixel column (first, min,
    /// max, last — the "M4" scheme), which draws identically to the full curve at that width.
    ///
    /// Points are `(time, value)` in time order; `columnOf` maps a time to its column.
    /// Curves with few points are returned unchanged. O(points).
    static func reducePolyline(_ points: [PlotPoint], columns: Int, columnOf: (Double) -> Int)
        -> [PlotPoint]
    {
        guard points.count > 4 * max(1, columns) else { return points }
        var out: [PlotPoint] = []
        out.reserveCapacity(4 * columns)
        var i = 0
        while i < points.count {
            let column = columnOf(points[i].time)
            var j = i
            var lowest = i
            var highest = i
            while j + 1 < points.count, columnOf(points[j + 1].time) == column {
                j += 1
                if points[j].value < points[lowest].value { lowest = j }
                if points[j].value > points[highest].value { highest = j }
            }
            // Emit in time order so the polyline doesn't double back.
            var picks = [i, lowest, highest, j]
            picks.sort()
            var last = -1
            for k in picks where k != last {
                out.append(points[k])
                last = k
            }
            i = j + 1
        }
        return out
    }
}
