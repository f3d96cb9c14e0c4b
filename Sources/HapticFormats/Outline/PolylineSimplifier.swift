/// Ramer–Douglas–Peucker simplification of a polyline by vertical distance: the fewest points
/// (of the input's) whose straight lines stay within a tolerance of every dropped point.
/// Points at equal x (a step) keep both ends. The one curve simplifier of the package: the
/// conversions' traces and `generate`'s envelopes (``kept(_:tolerance:)``) both use it.
///
/// Where RDP splits a span (at its farthest point) does not depend on the tolerance, which
/// only decides whether to split: a simplifier keeps every split it has made, so simplifying
/// one polyline again at another tolerance (the bisection of ``kept(maxPoints:)``) costs only
/// the splits not made before.
package struct PolylineSimplifier {
    /// The longest run a trace simplifies as one: every `traceSpan`-th point is kept, so that
    /// a train of equal pulses (where each split peels off one point) costs O(n · traceSpan),
    /// not O(n²).
    static let traceSpan = 2_048

    /// One span of the polyline: its ends, its farthest point from the line through them and
    /// that distance, and where its two halves are in ``spans`` once it has been split.
    private struct Span {
        var a: Int
        var b: Int
        var worst: Int
        var distance: Double
        var halves: Int?
    }

    private let xs: [Double]
    private let ys: [Double]
    /// Every span met so far; the first is the whole polyline.
    private var spans: [Span] = []

    /// A simplifier for `points` (sorted by x).
    package init<P>(_ points: [P], x: (P) -> Double, y: (P) -> Double) {
        xs = points.map(x)
        ys = points.map(y)
        if points.count > 1 { spans = [span(from: 0, to: points.count - 1)] }
    }

    /// The span from `a` to `b` with its farthest point (the first of equals); a span without
    /// inner points is never split.
    ///
    /// - Complexity: O(b − a).
    private func span(from a: Int, to b: Int) -> Span {
        guard b - a > 1 else { return Span(a: a, b: b, worst: a, distance: -.infinity) }
        let (xa, ya, xb, yb) = (xs[a], ys[a], xs[b], ys[b])
        var worst = a
        var worstDistance = -1.0
        for i in (a + 1)..<b {
            let line = xb > xa ? ya + (yb - ya) * (xs[i] - xa) / (xb - xa) : ya
            let d = abs(ys[i] - line)
            if d > worstDistance { (worst, worstDistance) = (i, d) }
        }
        return Span(a: a, b: b, worst: worst, distance: worstDistance)
    }

    /// The indices of the points that keep every dropped one within `tolerance` (≥ 0) of the
    /// line through its kept neighbours, in order; first and last always kept.
    ///
    /// - Complexity: O(kept log kept) for the splits made before, plus O(n log n) typical,
    ///   O(n²) worst case, for the new ones.
    package mutating func kept(tolerance: Double) -> [Int] {
        guard xs.count > 2 else { return Array(xs.indices) }
        var kept = [0, xs.count - 1]
        var pending = [0]
        while let k = pending.popLast() {
            guard spans[k].distance > tolerance else { continue }
            kept.append(spans[k].worst)
            let halves = spans[k].halves ?? split(k)
            pending.append(halves)
            pending.append(halves + 1)
        }
        return kept.sorted()
    }

    /// Splits span `k` at its farthest point; where its halves are.
    private mutating func split(_ k: Int) -> Int {
        let s = spans[k]
        spans[k].halves = spans.count
        spans.append(span(from: s.a, to: s.worst))
        spans.append(span(from: s.worst, to: s.b))
        return spans.count - 2
    }

    /// The simplification with the smallest tolerance (found by bisection to 1e-4) that keeps
    /// at most `maxPoints` points (≥ 2).
    mutating func kept(maxPoints: Int) -> [Int] {
        guard xs.count > maxPoints else { return Array(xs.indices) }
        var lo = 0.0
        var hi = 1.0
        var best = kept(tolerance: hi)
        while best.count > maxPoints {
            hi *= 2
            best = kept(tolerance: hi)
        }
        while hi - lo > 1e-4 {
            let mid = (lo + hi) / 2
            let candidate = kept(tolerance: mid)
            if candidate.count <= maxPoints { (hi, best) = (mid, candidate) } else { lo = mid }
        }
        return best
    }

    /// The indices of `values` (equally spaced) kept within `tolerance`, in order.
    ///
    /// - Complexity: O(n log n) typical, O(n²) worst case.
    package static func kept(_ values: [Double], tolerance: Double) -> [Int] {
        var simplifier = PolylineSimplifier(
            Array(values.indices), x: { Double($0) }, y: { values[$0] })
        return simplifier.kept(tolerance: tolerance)
    }

    /// A trace's sample-indexed points simplified within `tolerance` in runs of ``traceSpan``
    /// points, each on its own (the points between runs kept).
    ///
    /// - Complexity: O(n log n) typical, O(n · ``traceSpan``) worst case.
    static func simplify(_ points: [(sample: Int64, value: Double)], tolerance: Double) -> [(
        sample: Int64, value: Double
    )] {
        guard let last = points.last else { return [] }
        var result: [(sample: Int64, value: Double)] = []
        for a in stride(from: 0, to: points.count - 1, by: traceSpan) {
            let run = points[a...min(a + traceSpan, points.count - 1)]
            var simplifier = PolylineSimplifier(
                Array(run), x: { Double($0.sample) }, y: { $0.value })
            result += simplifier.kept(tolerance: tolerance).dropLast().map { points[a + $0] }
        }
        result.append(last)
        return result
    }
}
