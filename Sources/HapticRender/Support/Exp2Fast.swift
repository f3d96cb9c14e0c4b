/// Real-time-safe `2^x` for control-rate mapping (pitch ratios, filter coefficients).
///
/// Splits `x` into an integer part, applied exactly through the float exponent bits, and a
/// fraction in [0, 1) evaluated with a degree-8 polynomial (relative error < 2·10⁻⁷). libm's
/// `exp2f` is not allowed in `@_noLocks` code. Valid for −126 < x < 127; callers clamp. O(1).
@inlinable @inline(__always)
package func exp2Fast(_ x: Float) -> Float {
    let clamped = min(max(x, -125), 126)
    // floor() without libm: truncate, then step down for negative non-integers.
    var i = Int32(clamped)
    if Float(i) > clamped { i -= 1 }
    let f = clamped - Float(i)
    // Taylor series of e^(f·ln2) to degree 8 on [0, 1).
    let y = f * 0.693_147_18
    var p: Float = 1.0 / 40_320
    p = p * y + 1.0 / 5_040
    p = p * y + 1.0 / 720
    p = p * y + 1.0 / 120
    p = p * y + 1.0 / 24
    p = p * y + 1.0 / 6
    p = p * y + 0.5
    p = p * y + 1
    p = p * y + 1
    let scale = Float(bitPattern: UInt32(bitPattern: (i + 127) << 23))
    return p * scale
}

/// Real-time-safe `e^x` built on ``exp2Fast(_:)``. O(1).
@inlinable @inline(__always)
package func expFast(_ x: Float) -> Float { exp2Fast(x * 1.442_695_04) }
