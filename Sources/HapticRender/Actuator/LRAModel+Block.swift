/// Where ``LRAModel/run(drive:count:excursionGuard:into:)`` writes: the three haptic output
/// signals as Float, each with the scale that maps it to the renderer's full scale.
public struct HapticSignalBuffers {
    public var volts: UnsafeMutablePointer<Float>
    public var voltsScale: Double
    public var acceleration: UnsafeMutablePointer<Float>
    public var accelerationScale: Double
    public var excursion: UnsafeMutablePointer<Float>
    public var excursionScale: Double

    @inlinable @_noLocks
    public init(volts: UnsafeMutablePointer<Float>, voltsScale: Double,
                acceleration: UnsafeMutablePointer<Float>, accelerationScale: Double,
                excursion: UnsafeMutablePointer<Float>, excursionScale: Double) {
        self.volts = volts
        self.voltsScale = voltsScale
        self.acceleration = acceleration
        self.accelerationScale = accelerationScale
        self.excursion = excursion
        self.excursionScale = excursionScale
    }
}

extension LRAModel {
    /// Runs a block of summed drive through the excursion guard and the model — per sample
    /// exactly `step(volts: guard.limit(drive[i], x, v))` — and writes the applied volts,
    /// the body acceleration and the excursion, scaled, into `out`.
    ///
    /// Why a block kernel: the recursion x[n] → x[n+1] is the render loop's critical path. Here
    /// the state stays in registers, and whole pairs (see ``LRAModel``) of the three kinds that
    /// make up nearly every sample run inline — low-Z driven, low-Z counting down to Hi-Z with
    /// zero drive, and the free Hi-Z ring after it: the state advances by the two-step form,
    /// one multiply and two adds per pair, while the pair's middle state, its outputs and its
    /// checks hang off that chain. A pair goes inline only if it is *quiet*: its states after
    /// both samples — and before the first — are below the guard's lower amplitude (so the
    /// guard passes the drive unchanged) and strictly below x_max² (A² ≥ x², so clear of the
    /// end stop), and there is no regime switch inside it; the rail clamp is applied inline.
    /// Otherwise, and for a pair cut by the block's ends, the general step runs per sample.
    /// O(count), no allocation.
    @inlinable @_noLocks
    public mutating func run(drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
                             into out: HapticSignalBuffers) {
        runBlock(drive: drive, count: count, excursionGuard: g, into: out, allSignals: true)
    }

    /// ``run(drive:count:excursionGuard:into:)``, writing the acceleration only if not
    /// `allSignals` (then `out`'s other pointers are not touched). A constant at each call
    /// site: the kernel is inlined and specialized per caller.
    @inlinable @inline(__always) @_noLocks
    mutating func runBlock(drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
                           into out: HapticSignalBuffers, allSignals: Bool) {
        var i = 0
        if pairRegime >= 0 && count > 0 {
            generalStep(drive[0], excursionGuard: g, into: out, at: 0, allSignals: allSignals)
            i = 1
        }
        // A² ≤ quiet: the guard's test `A² ≤ A_lo²`, and A² < x_max² (so |x| < x_max).
        let quiet = min(g.lowSquared, (maxExcursion * maxExcursion).nextDown)
        let w = g.inverseOmega0
        while count &- i >= 2 {
            let start = i
            if regime == 0 && drive[i &+ 1] != 0 {
                // Driven: the pair's second sample is non-zero, so idle is 0 after every pair;
                // entering with idle + 2 < hold keeps the first pair's first sample in low-Z.
                if idleSamples &+ 2 < lowZHoldSamples {
                    i = runPairs(lowZ, driven: true, drive: drive, from: i, to: count, quiet: quiet,
                                 inverseOmega0: w, into: out, allSignals: allSignals)
                    if i != start { idleSamples = 0 }
                }
            } else if regime == 0 {
                // Counting down with zero drive: whole pairs while idle + 2 < hold.
                let pairs = max(0, (lowZHoldSamples &- idleSamples &- 1) / 2)
                i = runPairs(lowZ, driven: false, drive: drive, from: i, to: min(count, i &+ 2 &* pairs),
                             quiet: quiet, inverseOmega0: w, into: out, allSignals: allSignals)
                idleSamples &+= i &- start
            } else if regime == 1 {
                // Free Hi-Z ring (idle saturated at the hold): zero drive.
                i = runPairs(hiZ, driven: false, drive: drive, from: i, to: count, quiet: quiet,
                             inverseOmega0: w, into: out, allSignals: allSignals)
            }
            if i == start && count &- i >= 2 {
                // Not quiet, another regime, contact, or a switch inside the pair.
                generalStep(drive[i], excursionGuard: g, into: out, at: i, allSignals: allSignals)
                generalStep(drive[i &+ 1], excursionGuard: g, into: out, at: i &+ 1, allSignals: allSignals)
                i &+= 2
            }
        }
        if i < count { generalStep(drive[i], excursionGuard: g, into: out, at: i, allSignals: allSignals) }
    }

    /// Quiet pairs from `start` on with set `c` until a pair is not quiet or not of its kind —
    /// `driven`: non-zero second sample (clamped to the rail); else zero drive — or fewer than two
    /// samples are left before `end`; returns where it stopped. Starts and ends on a pair
    /// boundary; the caller keeps the idle count. O(pairs done).
    ///
    /// Written on `SIMD2<Double>` with the pair's two samples in the lanes: (x1, x2), (v1, v2),
    /// the two forces, the two outputs — so that the state update, the amplitudes and the
    /// outputs are packed SSE2 operations, and one float-to-Float conversion serves two
    /// samples. Every lane computes the scalar expression of ``oneStep(_:input:x:v:)`` (lane 0),
    /// ``twoSteps(_:x0:v0:input0:input1:x:v:)`` (lane 1), ``acceleration(_:force:x:v:)`` and
    /// ``ExcursionGuard/limit(volts:excursion:velocity:)``'s amplitude operation for operation
    /// (up to the commuted operands of a multiply or add, which IEEE 754 rounds identically),
    /// so the bits are those of the general step.
    @inlinable @inline(__always) @_noLocks
    mutating func runPairs(_ c: LRACoefficients, driven: Bool, drive: UnsafePointer<Float>, from start: Int,
                           to end: Int, quiet: Double, inverseOmega0 w: Double, into out: HapticSignalBuffers,
                           allSignals: Bool) -> Int {
        typealias D2 = SIMD2<Double>
        // The pair's first state must be quiet too: checked here for the first pair, and as
        // the previous pair's last state (lane 1 of `amplitudes`) for the others.
        let vw = v * w
        guard x * x + vw * vw <= quiet else { return start }
        // Lane 0 steps one sample (M), lane 1 two (M²): (x1, x2) = mx·x0 + my·v0 + inputs,
        // (v1, v2) = nx·x0 + ny·v0 + inputs.
        let mx = D2(c.m11, c.mm11), my = D2(c.m12, c.mm12), nx = D2(c.m21, c.mm21), ny = D2(c.m22, c.mm22)
        let b = D2(c.b1, c.b2), mb = D2(c.mb1, c.mb2)
        let fpv = c.forcePerVolt, gF = c.gF, gx = c.gx, gv = c.gv
        let volts = out.volts, acceleration = out.acceleration, excursion = out.excursion
        let voltsScale = out.voltsScale, accelerationScale = out.accelerationScale
        let excursionScale = out.excursionScale
        // The drive checks on the Float bits, in integer registers (the loop is bound by its
        // floating-point operations): |d| ≤ clamp ⇔ |d|'s bits ≤ those of the largest Float
        // ≤ clamp (IEEE magnitudes order as their bit patterns; NaN is above ∞); d = ±0 ⇔ 0 bits.
        let clamp = voltageClamp
        var rail = Float(clamp)
        if Double(rail) > clamp { rail = rail.nextDown }
        let railBits = rail.bitPattern, magnitude: UInt32 = 0x7fff_ffff, infinity: UInt32 = 0x7f80_0000
        // The state before the pair, in both lanes.
        var x0 = D2(repeating: x), v0 = D2(repeating: v), uPrev = self.uPrev
        var i = start
        while end &- i >= 2 {
            let bits0 = drive[i].bitPattern & magnitude, bits1 = drive[i &+ 1].bitPattern & magnitude
            var d = D2(Double(drive[i]), Double(drive[i &+ 1]))
            if driven {
                guard bits1 != 0 else { break }
                if bits0 > railBits || bits1 > railBits {
                    // The rail clamp, as in the general step; summed voices sit on the rail
                    // for long runs (dense patterns), so this branch predicts well.
                    guard bits0 <= infinity && bits1 <= infinity else { break }
                    d = D2(d[0] > clamp ? clamp : (d[0] < -clamp ? -clamp : d[0]),
                           d[1] > clamp ? clamp : (d[1] < -clamp ? -clamp : d[1]))
                }
            } else {
                guard bits0 | bits1 == 0 else { break }
            }
            let u = fpv * d
            let us = u + D2(uPrev, u[0])
            // Input terms (b·us0 | M·b·us0 + b·us1), for x and for v.
            let first = b * us[0], second = mb * us[0] + b * us[1]
            let xs = (mx * x0 + my * v0) + D2(first[0], second[0])
            let vs = (nx * x0 + ny * v0) + D2(first[1], second[1])
            // The guard's A² = x² + (v/ω0)² after each sample (before the next one).
            let vws = vs * w
            let amplitudes = xs * xs + vws * vws
            guard amplitudes[0] <= quiet && amplitudes[1] <= quiet else { break }
            let a = ((gF * u + gx * xs) + gv * vs) * accelerationScale
            acceleration[i] = Float(a[0]); acceleration[i &+ 1] = Float(a[1])
            if allSignals {
                let v2 = d * voltsScale, x2 = xs * excursionScale
                volts[i] = Float(v2[0]); volts[i &+ 1] = Float(v2[1])
                excursion[i] = Float(x2[0]); excursion[i &+ 1] = Float(x2[1])
            }
            x0 = D2(repeating: xs[1]); v0 = D2(repeating: vs[1])
            uPrev = u[1]
            i &+= 2
        }
        x = x0[0]; v = v0[0]; self.uPrev = uPrev
        return i
    }

    /// One sample through the guard, the rail clamp and the general step (any regime, contact,
    /// an open pair), with its outputs. Out of line: the kernel's loop holds the common case only.
    @inlinable @inline(never) @_noLocks
    mutating func generalStep(_ drive: Float, excursionGuard g: ExcursionGuard, into out: HapticSignalBuffers,
                              at i: Int, allSignals: Bool) {
        // The clamp as two compares (what `min(max(·))` is for non-NaN input): the generic
        // min/max add NaN handling, and a NaN drive never reaches the model.
        var volts = g.limit(volts: Double(drive), excursion: x, velocity: v)
        volts = volts > voltageClamp ? voltageClamp : (volts < -voltageClamp ? -voltageClamp : volts)
        let s = stepChangingRegime(volts: volts)
        out.acceleration[i] = Float(s.acceleration * out.accelerationScale)
        if allSignals {
            out.volts[i] = Float(volts * out.voltsScale)
            out.excursion[i] = Float(s.excursion * out.excursionScale)
        }
    }
}
