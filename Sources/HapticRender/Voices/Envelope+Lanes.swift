/// ``Envelope/gain(at:)`` for four offsets at once, for the vectorized tone mix.
///
/// Lane-wise the scalar arithmetic exactly: the same divisions and subtractions, and the
/// scalar `min`/`max` as the selects they are (`min(x, y) = y < x ? y : x`,
/// `max(x, y) = y >= x ? y : x`), so each lane equals the scalar gain bit for bit. The
/// sustained/decaying choice is made once, at construction. O(1) per call.
@usableFromInline struct EnvelopeLanes {
    @usableFromInline let attack: SIMD4<Float>
    /// Where the fall starts: `releaseStart` when sustained, else `attack`.
    @usableFromInline let fallStart: SIMD4<Float>
    /// The fall's length: `release` when sustained, else `decay`.
    @usableFromInline let fallLength: SIMD4<Float>

    @inlinable @inline(__always)
    init(_ e: Envelope) {
        attack = SIMD4(repeating: e.attack)
        fallStart = SIMD4(repeating: e.sustained ? e.releaseStart : e.attack)
        fallLength = SIMD4(repeating: e.sustained ? e.release : e.decay)
    }

    /// Whether the gain is exactly 1 at every offset in `first…last`: past the attack (the rise
    /// clamps to 1) and not past the fall's start (nothing to fall; the lengths are ≥ 1, so
    /// `0 / length` is +0). Then a caller may leave the factor out without changing a bit. O(1).
    @inlinable @inline(__always)
    func isOne(from first: Float, through last: Float) -> Bool {
        first >= attack[0] && last <= fallStart[0]
    }

    @inlinable @inline(__always)
    func gain(at offset: SIMD4<Float>) -> SIMD4<Float> {
        let zero = SIMD4<Float>(repeating: 0)
        let one = SIMD4<Float>(repeating: 1)
        let ratio = offset / attack
        let rise = ratio.replacing(with: one, where: one .< ratio)
        let late = offset - fallStart
        let fall = 1 - late.replacing(with: zero, where: zero .>= late) / fallLength
        let lower = rise.replacing(with: fall, where: fall .< rise)
        return lower.replacing(with: zero, where: zero .>= lower)
    }
}
