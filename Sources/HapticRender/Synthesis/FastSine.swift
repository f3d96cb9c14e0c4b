/// Real-time-safe sine of a phase given in cycles.
///
/// `sin(2π·phase)` for any finite `phase ≥ 0`, by range reduction to a quarter cycle and an
/// odd Taylor polynomial of degree 11 (max error ≈ 6·10⁻⁸, below Float's resolution of a
/// unit-amplitude sine). Used instead of libm's `sinf` because libm calls are not allowed in
/// `@_noLocks` code and because a branch-free polynomial vectorizes. O(1), no branches
/// besides selects.
@inlinable @inline(__always) @_noLocks
public func sinCycles(_ phase: Float) -> Float {
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
@inlinable @inline(__always) @_noLocks
public func wrapCycles(_ phase: Float) -> Float {
    phase - Float(Int32(truncatingIfNeeded: Int64(phase)))
}
