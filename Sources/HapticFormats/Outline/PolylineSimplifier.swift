/// Ramer–Douglas–Peucker simplification of a polyline by vertical distance: the fewest points
/// (of the input's) whose straight lines stay within a tolerance of every dropped point.
/// Points at equal x (a step) keep both ends.
///
/// Where RDP splits a span (at its farthest point) does not depend on the tolerance, which
/// only decides whether to split: a simplifier keeps every split it has made, so simplifying
/// one polyline again at another tolerance (the bisection of ``kept(maxPoints:)``) costs only
/// the splits not made before.
struct PolylineSimplifier {
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
    private var spans: [Span] = []
    /// The spans the polyline is cut into before any split: every `maxSpan` points.
    private var roots = 0..<0

    /// A simplifier for `points` (sorted by x), cut every `maxSpan` points.
    init<P>(_ points: [P], maxSpan: Int = .max, x: (P) -> Double, y: (P) -> Double) {
        xs = points.map(x)
        ys = points.map(y)
        let run = max(min(maxSpan, points.count - 1), 1)
        for a in stride(from: 0, to: points.count - 1, by: run) {
            spans.append(span(from: a, to: min(a + run, points.count - 1)))
        }
        roots = spans.indices
    }

    /// The span from `a` to `b` with its farthest point (the first of equals); a span without
    /// inner points is never split.
    ///
    /// - Complexity: O(b − a).
    private func span(from a: Int, to b: Int) -> Span {
        let (xa, ya, xb, yb) = (xs[a], ys[a], xs[b], ys[b])
        var worst = a
        var worstDistance = b - a > 1 ? -1.0 : -.infinity
        for i in (a + 1)..<max(b, a + 1) {
            let line = xb > xa ? ya + (yb - ya) * (xs[i] - xa) / (xb - xa) : ya
            let d = abs(ys[i] - line)
            if d > worstDistance { (worst, worstDistance) = (i, d) }
        }
        return Span(a: a, b: b, worst: worst, distance: worstDistance)
    }

    /// The indices of the points that keep every dropped one within `tolerance` (≥ 0) of the
    /// line through its kept neighbours, in order; first and last always kept, and every
    /// `maxSpan`-th.
    ///
    /// - Complexity: O(kept log kept) for the splits made before, plus O(n log n) typical,
    ///   O(n · min(n, `maxSpan`)) worst case, for the new ones.
    mutating func kept(tolerance: Double) -> [Int] {
        guard xs.count > 2 else { return Array(xs.indices) }
        var kept = roots.map { spans[$0].a } + [xs.count - 1]
        var pending = Array(roots)
        while let k = pending.popLast() {
            guard spans[k].distance > tolerance else { continue }
            kept.append(spans[k].worst)
            if spans[k].halves == nil { split(k) }
            pending.append(spans[k].halves!)
            pending.append(spans[k].halves! + 1)
        }
        return kept.sorted()
    }

    /// Splits span `k` at its farthest point.
    private mutating func split(_ k: Int) {
        let s = spans[k]
        spans[k].halves = spans.count
        spans.append(span(from: s.a, to: s.worst))
        spans.append(span(from: s.worst, to: s.b))
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

    /// ``kept(tolerance:)`` of a trace's sample-indexed points, in runs of at most
    /// ``traceSpan``.
    static func simplify(_ points: [(sample: Int64, value: Double)], tolerance: Double) -> [(
        sample: Int64, value: Double
    )] {
        var simplifier = PolylineSimplifier(
            points, maxSpan: traceSpan, x: { Double($0.sample) }, y: { $0.value })
        return simplifier.kept(tolerance: tolerance).map { points[$0] }
    }
}
