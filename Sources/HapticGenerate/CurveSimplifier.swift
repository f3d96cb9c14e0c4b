import HapticFormats
import HapticPattern
import HapticRenderKit

/// Envelope → parameter curves Core Haptics accepts: simplified by error (Ramer–Douglas–
/// Peucker, so flat stretches cost no points and fast moves keep theirs), then cut into
/// curves of at most 16 points, each repeating the previous one's last point so the value is
/// continuous, with point times relative to each curve's own `Time`.
enum CurveSimplifier {
    /// Core Haptics' (unofficial, widely relied on) limit of control points per curve.
    static let maxPointsPerCurve = CoreHapticsFacts.controlPointsPerCurve

    /// The indices of `values` (equally spaced) kept within `tolerance`: the package's one
    /// curve simplifier (HapticFormats' `PolylineSimplifier`). O(n log n) typical.
    static func simplify(_ values: [Double], tolerance: Double) -> [Int] {
        PolylineSimplifier.kept(values, tolerance: tolerance)
    }

    /// Curves for `points` (absolute times, ascending): chunks of ≤ 16 points sharing their
    /// boundary point. O(points).
    static func curves(_ id: DynamicParameterID, points: [ParameterCurve.ControlPoint])
        -> [ParameterCurve]
    {
        guard !points.isEmpty else { return [] }
        var result: [ParameterCurve] = []
        var start = 0
        repeat {
            let end = min(points.count, start + maxPointsPerCurve)
            let origin = points[start].time
            result.append(
                ParameterCurve(
                    id: id, time: origin,
                    points: points[start..<end].map {
                        ParameterCurve.ControlPoint(
                            time: Quantize.seconds($0.time - origin), value: $0.value)
                    }))
            start = end - 1
        } while start < points.count - 1
        return result
    }
}

/// Rounding of everything the generator writes: times to 1 ms, values to 0.001. Short, exact
/// decimal numbers in the file, and gaps that survive encoding.
enum Quantize {
    static func seconds(_ t: Double) -> Double { (t * 1_000).rounded() / 1_000 }
    static func value(_ v: Double) -> Double { (v * 1_000).rounded() / 1_000 }
}
