/// Retuning, for the haptic voices: a continuous voice's frequency follows its control
/// period's line and may glide within it, so its carrier is retuned on group boundaries,
/// phase-continuously, and its steps turn by a chirp from group to group.
extension RotatingCarrier {
    /// Sets the frequency from lane `lane` of the current group on: `theta` radians per sample
    /// there, gliding by `chirp` radians per sample per sample (the phase at `m` samples on is
    /// `φ + θ·m + chirp·m(m − 1)/2`, what summing a linearly moving frequency sample by sample
    /// gives). The group is rebuilt around that lane's phasor, renormalized by one Newton step
    /// towards |z| = 1 (lanes before it take the phases the new glide would have given them,
    /// so the next group's rotation lands every lane right). The rotation constants are
    /// computed in Double and rounded once. `theta` must be below π/4 (any carrier below fs/8).
    /// O(1).
    /// Inlined: the same-frequency case, every grid point of a held sharpness, is a few vector
    /// operations; the rebuild stays out of line.
    @inline(__always)
    mutating func retune(radiansPerSample theta: Double, chirp: Double = 0, lane: Int = 0) {
        if theta == radiansPerSample && chirp == 0 && !chirping {
            // Same frequency (the common case: no sharpness change): only renormalize, each
            // phasor by its own Newton step.
            let f = 1.5 - 0.5 * (sines * sines + cosines * cosines)
            sines *= f
            cosines *= f
            return
        }
        rebuild(radiansPerSample: theta, chirp: chirp, lane: lane)
    }

    /// ``retune(radiansPerSample:chirp:lane:)`` at a new frequency or glide. O(1).
    @inline(never)
    mutating func rebuild(radiansPerSample theta: Double, chirp: Double, lane: Int) {
        var c0 = Double(cosines[lane])
        var s0 = Double(sines[lane])
        let f = 1.5 - 0.5 * (c0 * c0 + s0 * s0)  // Newton step for 1/√m near 1
        c0 *= f
        s0 *= f
        let (c1, s1) = Self.rotation(theta)
        let c2 = c1 * c1 - s1 * s1
        let s2 = 2 * c1 * s1
        let c3 = c2 * c1 - s2 * s1
        let s3 = s2 * c1 + c2 * s1
        let c4 = c2 * c2 - s2 * s2
        let s4 = 2 * c2 * s2
        for k in 0..<4 {
            // φₖ = φ_lane + θ·m + chirp·m(m − 1)/2, m = k − lane.
            let m = k &- lane
            let (cm, sm): (Double, Double) =
                switch m < 0 ? -m : m {
                case 0: (1, 0)
                case 1: (c1, s1)
                case 2: (c2, s2)
                default: (c3, s3)
                }
            let (cg, sg) = Self.rotation(chirp * Double(m * (m &- 1)) / 2)
            let sk = m < 0 ? -sm : sm
            let (ck, sk2) = (cm * cg - sk * sg, sk * cg + cm * sg)
            sines[k] = Float(s0 * ck + c0 * sk2)
            cosines[k] = Float(c0 * ck - s0 * sk2)
            // Lane k moves on by 4θ + chirp·(4m + 6) to the next group.
            let (cs, ss) = Self.rotation(chirp * Double(4 * m + 6))
            stepCos[k] = Float(c4 * cs - s4 * ss)
            stepSin[k] = Float(s4 * cs + c4 * ss)
        }
        let (cc, sc) = Self.rotation(16 * chirp)
        chirpCos = SIMD4(repeating: Float(cc))
        chirpSin = SIMD4(repeating: Float(sc))
        chirping = chirp != 0
        radiansPerSample = theta
    }

    /// Retunes to the frequency `ramp` has at sample `at` (the group's lane `at & 3`), gliding
    /// as it does: at a ramp's start, or on a grid point inside a held ramp (same frequency:
    /// the phasors are only renormalized). O(1).
    @inline(__always)
    mutating func retune(to ramp: DriveRamp, at: Int64, radiansPerHz: Double) {
        retune(
            radiansPerSample: radiansPerHz * ramp.point(at: at).hz,
            chirp: radiansPerHz * ramp.hzSlope,
            lane: Int(at & 3))
    }

    /// Turns every lane's step by the chirp, for the next group. O(1).
    @inline(__always)
    mutating func glide() {
        let sc = stepSin * chirpCos + stepCos * chirpSin
        stepCos = stepCos * chirpCos - stepSin * chirpSin
        stepSin = sc
    }

    /// cos α and sin α by Taylor series: |α| < π/4 keeps the error below 1e-16. O(1).
    @inline(__always)
    static func rotation(_ alpha: Double) -> (cos: Double, sin: Double) {
        let t2 = alpha * alpha
        var c: Double = 1.0 / 479_001_600
        c = c * -t2 + 1.0 / 3_628_800
        c = c * -t2 + 1.0 / 40_320
        c = c * -t2 + 1.0 / 720
        c = c * -t2 + 1.0 / 24
        c = c * -t2 + 0.5
        var s: Double = 1.0 / 6_227_020_800
        s = s * -t2 + 1.0 / 39_916_800
        s = s * -t2 + 1.0 / 362_880
        s = s * -t2 + 1.0 / 5_040
        s = s * -t2 + 1.0 / 120
        s = s * -t2 + 1.0 / 6
        return (1 - t2 * c, alpha - alpha * t2 * s)
    }
}
