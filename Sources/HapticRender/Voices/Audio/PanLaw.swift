/// Constant-power stereo placement for `AudioPan` (−1 = left, 0 = centre, +1 = right).
///
/// `left = cos(θ)`, `right = sin(θ)` with `θ = (pan + 1)·π/4`, so `left² + right² = 1` at every
/// position and the centre sits at −3 dB per side. Apple does not document its pan law; the
/// constant-power law is the one every DAW defaults to, so an AHAP pans the way a sound
/// designer expects. O(1), real-time safe (polynomial sine).
@frozen package struct PanGains: Sendable, Hashable {
    package var left: Float
    package var right: Float

    @inlinable @inline(__always)
    package init(pan: Float) {
        let p = min(max(pan, -1), 1)
        let cycles = (p + 1) * 0.125  // θ/2π with θ = (p+1)·π/4
        left = sinCycles(cycles + 0.25)  // cos θ
        right = sinCycles(cycles)
    }
}
