/// Ramer–Douglas–Peucker simplification of a polyline by vertical distance: the fewest points
/// (of the input's) whose straight lines stay within a tolerance of every dropped point.
/// Points at equal x (a step) keep both ends.
enum PolylineSimplifier {
    /// The longest run a trace simplifies as one: every `traceSpan`-th point is kept, so that
    /// a train of equal pulses (where each split peels off one point) costs O(n · traceSpan),
    /// not O(n²).
    static let traceSpan = 2_048

    /// The points of `points` (sorted by x) that keep every dropped one within `tolerance`
    /// of the line through its kept neighbours; first and last always kept, and every
    /// `maxSpan`-th.
    ///
    /// - Complexity: O(n log n) typical, O(n · min(n, `maxSpan`)) worst case.
    static func simplify<P>(
        _ points: [P], tolerance: Double, maxSpan: Int = .max, x: (P) -> Double,
        y: (P) -> Double
    ) -> [P] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        var spans: [(Int, Int)] = []
        let span = min(maxSpan, points.count - 1)
        for a in stride(from: 0, to: points.count - 1, by: span) {
            spans.append((a, min(a + span, points.count - 1)))
            keep[a] = true
        }
        keep[points.count - 1] = true
        while let (a, b) = spans.popLast() {
            guard b - a > 1 else { continue }
            let xa = x(points[a])
            let ya = y(points[a])
            let xb = x(points[b])
            let yb = y(points[b])
            var worst = a
            var worstDistance = -1.0
            for i in (a + 1)..<b {
                let line = xb > xa ? ya + (yb - ya) * (x(points[i]) - xa) / (xb - xa) : ya
                let d = abs(y(points[i]) - line)
                if d > worstDistance { (worst, worstDistance) = (i, d) }
            }
            if worstDistance > tolerance {
                keep[worst] = true
                spans.append((a, worst))
                spans.append((worst, b))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// The simplification with the smallest tolerance (found by bisection to 1e-4) that keeps
    /// at most `maxPoints` points (≥ 2). O(n² log) worst case.
    static func simplify<P>(_ points: [P], maxPoints: Int, x: (P) -> Double, y: (P) -> Double)
        -> [P]
    {
        guard points.count > maxPoints else { return points }
        var lo = 0.0
        var hi = 1.0
        var best = simplify(points, tolerance: hi, x: x, y: y)
        while best.count > maxPoints {
            hi *= 2
            best = simplify(points, tolerance: hi, x: x, y: y)
        }
        while hi - lo > 1e-4 {
            let mid = (lo + hi) / 2
            let candidate = simplify(points, tolerance: mid, x: x, y: y)
            if candidate.count <= maxPoints { (hi, best) = (mid, candidate) } else { lo = mid }
        }
        return best
    }

    /// ``simplify(_:tolerance:maxSpan:x:y:)`` for a trace's sample-indexed points, in runs of
    /// at most ``traceSpan``.
    static func simplify(_ points: [(sample: Int64, value: Double)], tolerance: Double) -> [(
        sample: Int64, value: Double
    )] {
        simplify(
            points, tolerance: tolerance, maxSpan: traceSpan, x: { Double($0.sample) },
            y: { $0.value })
    }
}
