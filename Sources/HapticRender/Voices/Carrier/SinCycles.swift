/// Real-time-safe sine of a phase given in cycles, in Float: the sine of the audio tone's
/// carrier (its per-sample ``ToneOscillator`` and the seeds of its ``RotatingCarrier``) and of
/// the pan law.
///
/// `sin(2π·phase)` for any finite `phase ≥ 0`, by range reduction to a quarter cycle and an
/// odd Taylor polynomial of degree 11 (max error ≈ 6·10⁻⁸, below Float's resolution of a
/// unit-amplitude sine). Used instead of libm's `sinf` because libm calls are not allowed in
/// `@_noLocks` code and because a branch-free polynomial vectorizes. O(1), no branches
/// besides selects.
@inlinable @inline(__always)
package func sinCycles(_ phase: Float) -> Float {
    // Fractional part: phase is non-negative and far below 2^23 in every caller (phases are
    // wrapped once per sample or per block), so truncation through Int32 is exact.
    let q = phase - Float(Int32(truncatingIfNeeded: Int64(phase)))
    // sin(2πq) = −sin(2π(q − ½)), with x in [−½, ½).
    let x = q - 0.5
    let ax = abs(x)
    // Fold to a quarter cycle: sin(2π·a) = sin(2π·(½ − a)).
    let folded = ax > 0.25 ? 0.5 - ax : ax
    let t = folded * (2 * Float.pi)
    let t2 = t * t
    // Horner form of t − t³/3! + t⁵/5! − t⁷/7! + t⁹/9! − t¹¹/11!.
    var p: Float = -2.505_210_8e-8
    p = p * t2 + 2.755_731_9e-6
    p = p * t2 - 1.984_127e-4
    p = p * t2 + 8.333_333_3e-3
    p = p * t2 - 1.666_666_7e-1
    let s = t + t * t2 * p
    return x < 0 ? s : -s
}

/// Wraps a phase (in cycles) back into [0, 1). O(1).
@inlinable @inline(__always)
package func wrapCycles(_ phase: Float) -> Float {
    phase - Float(Int32(truncatingIfNeeded: Int64(phase)))
}

/// ``sinCycles(_:)`` for four phases in [0, 2) — lane-wise the same operations. The scalar
/// version takes the fractional part through an integer conversion; on [0, 2) that integer is
/// 0 or 1, so a compare and select give the same `q` without a vector float→int round trip
/// (SSE2 has none that truncates to Int64). O(1).
@inlinable @inline(__always)
func sinCycles4(_ phase: SIMD4<Float>) -> SIMD4<Float> {
    let one = SIMD4<Float>(repeating: 1)
    let q = phase - SIMD4<Float>(repeating: 0).replacing(with: one, where: phase .>= one)
    let x = q - 0.5
    let negative = x .< SIMD4<Float>(repeating: 0)
    // Negation as ×(−1): SIMD's prefix minus is 0 − v, which turns −s = −0 into +0.
    let ax = x.replacing(with: x * -1, where: negative)
    let folded = ax.replacing(with: 0.5 - ax, where: ax .> SIMD4<Float>(repeating: 0.25))
    let t = folded * (2 * Float.pi)
    let t2 = t * t
    var p = SIMD4<Float>(repeating: -2.505_210_8e-8)
    p = p * t2 + 2.755_731_9e-6
    p = p * t2 - 1.984_127e-4
    p = p * t2 + 8.333_333_3e-3
    p = p * t2 - 1.666_666_7e-1
    let s = t + t * t2 * p
    return (s * -1).replacing(with: s, where: negative)
}
