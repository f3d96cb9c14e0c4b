/// The LRA driver's output stage, between the summed voice drive and the plant
/// (docs/physics.md, Output stage): the excursion guard on the feedback state, the rail clamp,
/// the slew limit, in this order. Its own processor: ``apply(_:excursion:velocity:after:)``
/// per sample, ``applyGroup(_:velocity:vw:amplitudeSquared:after:)`` for the four samples of a
/// group, lane by lane the same operations, so the block kernel and the per-sample step give
/// the same bits; ``ReferenceLRA`` defines the same stage in Double.
///
/// In Float, as the model's state and the drive are. The rail is the largest Float not above
/// the profile's clamp, so a clamped drive is one Float value whichever path clamps it.
struct LRAOutputStage: Sendable {
    let excursionGuard: ExcursionGuard
    /// The rail clamp, V.
    let rail: Float
    /// The slew limit, V per sample (the one the guard leads: ``ExcursionGuard/slewPerSample``).
    let slew: Float

    init(_ excursionGuard: ExcursionGuard, rail: Float) {
        self.excursionGuard = excursionGuard
        self.rail = rail
        slew = excursionGuard.slewPerSample
    }

    /// One drive sample: `volts` through the guard on the feedback state (`x`, `v`), the rail
    /// clamp and the slew limit from the last applied drive `applied`. The clamps are two
    /// compares each (what `min(max(·))` is for non-NaN input). O(1).
    @inline(__always)
    func apply(_ volts: Float, excursion x: Float, velocity v: Float, after applied: Float)
        -> Float
    {
        var d = excursionGuard.limit(volts: volts, excursion: x, velocity: v)
        d = d > rail ? rail : (d < -rail ? -rail : d)
        return d > applied + slew ? applied + slew : (d < applied - slew ? applied - slew : d)
    }

    /// A group's four drive samples through the stage, lane k reading feedback lane k (its
    /// velocity `fv`, `fvw` = v/ω0 and A² = x² + (v/ω0)²), the first after `last`: what
    /// ``apply(_:excursion:velocity:after:)`` gives sample by sample. Nil where the block
    /// kernel does not take the group (its last sample is zero, so the driver state may change
    /// inside it; a NaN or infinite drive). O(1); about 10 vector operations when the guard
    /// and the limits pass the group unchanged.
    @inline(__always)
    func applyGroup(
        _ drive: SIMD4<Float>, velocity fv: SIMD4<Float>, vw fvw: SIMD4<Float>,
        amplitudeSquared fa2: SIMD4<Float>, after last: Float
    ) -> SIMD4<Float>? {
        typealias F4 = SIMD4<Float>
        typealias I4 = SIMD4<Int32>
        let g = excursionGuard
        var d = drive
        let low4 = F4(repeating: g.lowSquared)
        // The led A² is at most its value at the rail (Float rounding is monotonic): below
        // A_lo there, the guard passes the group unchanged.
        // (NaN, never expected, enters)
        if any(.!(fa2 + F4(repeating: g.leadGain * g.railSquared) * magnitudes(fv) .<= low4)) {
            let led = g.ledAmplitudeSquared(fa2, volts: d, velocity: fv)
            if any(.!(led .<= low4)) {
                let factor = g.factors(amplitudeSquared: led)
                d.replace(
                    with: d * g.gated(factor, vw: fvw, amplitudeSquared: fa2),
                    where: (d * fv .> F4(repeating: 0)) .& (factor .!= F4(repeating: 1)))
            }
        }
        // The drive checks on the Float bits: |d| ≤ rail ⇔ |d|'s bits ≤ the rail's (IEEE
        // magnitudes order as their bit patterns; NaN is above ∞); d = ±0 ⇔ 0 bits.
        // As Int32: magnitudes are below 2³¹, so the signed compare SSE2 has orders them too.
        let bits = unsafeBitCast(d, to: I4.self) & I4(repeating: 0x7fff_ffff)
        guard bits[3] != 0 else { return nil }
        if any(bits .> I4(repeating: Int32(bitPattern: rail.bitPattern))) {
            // The rail clamp; summed voices sit on the rail for long runs (dense patterns),
            // so this branch predicts well.
            guard all(bits .<= I4(repeating: 0x7f80_0000)) else { return nil }
            d.replace(with: F4(repeating: rail), where: d .> rail)
            d.replace(with: F4(repeating: -rail), where: d .< -rail)
        }
        // Within the slew limit everywhere, the limiter returns the drive unchanged: the
        // per-sample test's own Float sums (`d > applied + slew`), not `d − applied`, which
        // rounds differently and let a limited sample through here.
        let previousDrive = F4(last, d[0], d[1], d[2])
        let slew4 = F4(repeating: slew)
        if !all((d .<= previousDrive + slew4) .& (d .>= previousDrive - slew4)) {
            // Summed voices outrun the limit now and then (two drivers each at their own
            // limit): the limiter lane by lane keeps the group in the kernel instead of four
            // general steps.
            var applied = last
            for j in 0..<4 {
                let dj = d[j]
                applied =
                    dj > applied + slew
                    ? applied + slew : (dj < applied - slew ? applied - slew : dj)
                d[j] = applied
            }
            guard applied != 0 else { return nil }
        }
        return d
    }
}
