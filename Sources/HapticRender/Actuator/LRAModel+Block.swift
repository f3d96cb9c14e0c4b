/// Where ``LRAModel/run(drive:count:excursionGuard:into:)`` writes: the three haptic output
/// signals as Float, each with the scale that maps it to the renderer's full scale.
public struct HapticSignalBuffers {
    public var volts: UnsafeMutablePointer<Float>
    public var voltsScale: Float
    public var acceleration: UnsafeMutablePointer<Float>
    public var accelerationScale: Float
    public var excursion: UnsafeMutablePointer<Float>
    public var excursionScale: Float

    /// The buffers and their scales (rounded to Float: the outputs are scaled in Float, as the
    /// model computes them).
    @inlinable @_noLocks
    public init(volts: UnsafeMutablePointer<Float>, voltsScale: Double,
                acceleration: UnsafeMutablePointer<Float>, accelerationScale: Double,
                excursion: UnsafeMutablePointer<Float>, excursionScale: Double) {
        self.volts = volts
        self.voltsScale = Float(voltsScale)
        self.acceleration = acceleration
        self.accelerationScale = Float(accelerationScale)
        self.excursion = excursion
        self.excursionScale = Float(excursionScale)
    }

    /// The same buffers from sample `n` on. O(1).
    @inlinable @inline(__always) @_noLocks
    public func advanced(by n: Int) -> HapticSignalBuffers {
        var b = self
        b.volts += n
        b.acceleration += n
        b.excursion += n
        return b
    }

    /// Writes one step's outputs at `i`, scaled as the block kernel scales them (the sample's
    /// values are Float quantities carried in Double, so the conversions are exact). Only the
    /// acceleration unless `allSignals`. O(1).
    @inlinable @inline(__always) @_noLocks
    func write(_ s: LRASample, at i: Int, allSignals: Bool) {
        acceleration[i] = Float(s.acceleration) * accelerationScale
        if allSignals {
            volts[i] = Float(s.volts) * voltsScale
            excursion[i] = Float(s.excursion) * excursionScale
        }
    }
}

extension LRAModel {
    /// Runs a block of summed drive through the excursion guard and the model — per sample
    /// exactly `step(volts: guard.limit(drive[i], feedbackState()))` — and writes the applied volts,
    /// the body acceleration and the excursion, scaled, into `out`.
    ///
    /// Why a block kernel: the recursion is the render loop's critical path. Here the state
    /// stays in registers, and whole groups (see ``LRAModel``) of the three kinds that make up
    /// nearly every sample run inline — low-Z driven, low-Z counting down to Hi-Z with zero
    /// drive, and the free Hi-Z ring after it: four lanes of x and of v as `SIMD4<Float>`, the
    /// outputs and checks off the same registers. A group goes inline only if it is *quiet*: its
    /// anchor (what the guard reads) and all four states are below the guard's lower amplitude
    /// (so the guard passes the drive unchanged) and below x_max² (A² ≥ x², so clear of the end
    /// stop), with a 1e-5
    /// margin for the Float rounding of A², and there is no regime switch inside it; the rail
    /// clamp is applied inline. Otherwise, and for a group cut by the block's ends, the general
    /// step runs per sample. O(count), no allocation.
    @inlinable @_noLocks
    public mutating func run(drive: UnsafePointer<Float>, count: Int, excursionGuard: ExcursionGuard,
                             into out: HapticSignalBuffers) {
        runBlock(drive: drive, count: count, excursionGuard: excursionGuard, into: out, allSignals: true)
    }

    /// ``run(drive:count:excursionGuard:into:)``, writing the acceleration only if not
    /// `allSignals` (then `out`'s other pointers are not touched). A constant at each call
    /// site: the kernel is inlined and specialized per caller.
    @inlinable @inline(__always) @_noLocks
    mutating func runBlock(drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
                           into out: HapticSignalBuffers, allSignals: Bool) {
        var i = 0
        while i < count && groupPhase != 0 {
            generalStep(drive[i], excursionGuard: g, into: out, at: i, allSignals: allSignals)
            i &+= 1
        }
        // A² ≤ quiet: the guard's test `A² ≤ A_lo²`, and A² < x_max² (so |x| < x_max).
        let quiet = Float(min(g.lowSquared, maxExcursion * maxExcursion) * (1 - 1e-5))
        let w = Float(g.inverseOmega0)
        while count &- i >= 4 {
            let start = i
            if regime == 0 && drive[i &+ 3] != 0 {
                // Driven: the group's last sample is non-zero, so idle is 0 after every group;
                // entering with idle + 4 < hold keeps its zero samples, if any, in low-Z.
                if idleSamples &+ 4 < lowZHoldSamples {
                    i = runGroups(lowZGroup, driven: true, drive: drive, from: i, to: count, quiet: quiet,
                                  inverseOmega0: w, into: out, allSignals: allSignals)
                    if i != start { idleSamples = 0 }
                }
            } else if regime == 0 {
                // Counting down with zero drive: whole groups while idle + 4 < hold.
                let groups = max(0, (lowZHoldSamples &- idleSamples &- 1) / 4)
                i = runGroups(lowZGroup, driven: false, drive: drive, from: i, to: min(count, i &+ 4 &* groups),
                              quiet: quiet, inverseOmega0: w, into: out, allSignals: allSignals)
                idleSamples &+= i &- start
            } else if regime == 1 {
                // Free Hi-Z ring (idle saturated at the hold): zero drive.
                i = runGroups(hiZGroup, driven: false, drive: drive, from: i, to: count, quiet: quiet,
                              inverseOmega0: w, into: out, allSignals: allSignals)
            }
            if i == start {
                // Not quiet, another regime, contact, or a switch inside the group.
                for k in 0..<4 {
                    generalStep(drive[i &+ k], excursionGuard: g, into: out, at: i &+ k, allSignals: allSignals)
                }
                i &+= 4
            }
        }
        while i < count {
            generalStep(drive[i], excursionGuard: g, into: out, at: i, allSignals: allSignals)
            i &+= 1
        }
    }

    /// Quiet groups from `start` (a group boundary) on with set `c` until a group is not quiet
    /// or not of its kind — `driven`: non-zero last sample (clamped to the rail); else zero
    /// drive — or fewer than four samples are left before `end`; returns where it stopped. The
    /// caller keeps the idle count. O(groups done).
    ///
    /// Every lane computes the expressions of ``advance(volts:side:)`` operation for operation
    /// (``LRAGroupCoefficients/lanes(x0:v0:us:)``, the force, the acceleration), so the bits
    /// are those of the general step.
    @inlinable @inline(__always) @_noLocks
    mutating func runGroups(_ c: LRAGroupCoefficients, driven: Bool, drive: UnsafePointer<Float>, from start: Int,
                            to end: Int, quiet: Float, inverseOmega0 w: Float, into out: HapticSignalBuffers,
                            allSignals: Bool) -> Int {
        typealias F4 = SIMD4<Float>
        typealias U4 = SIMD4<UInt32>
        // The anchor must be quiet too: checked here for the first group, and as the previous
        // group's lane 3 for the others.
        let vw = v * w
        guard x * x + vw * vw <= quiet else { return start }
        let fpv = F4(repeating: c.forcePerVolt), w4 = F4(repeating: w), quiet4 = F4(repeating: quiet)
        let volts = out.volts, acceleration = out.acceleration, excursion = out.excursion
        let voltsScale = F4(repeating: out.voltsScale), accelerationScale = F4(repeating: out.accelerationScale)
        let excursionScale = F4(repeating: out.excursionScale)
        // The drive checks on the Float bits: |d| ≤ rail ⇔ |d|'s bits ≤ the rail's (IEEE
        // magnitudes order as their bit patterns; NaN is above ∞); d = ±0 ⇔ 0 bits.
        let rail = Float(voltageClamp)
        let railBits = U4(repeating: rail.bitPattern), magnitude = U4(repeating: 0x7fff_ffff)
        let infinity = U4(repeating: 0x7f80_0000)
        // The anchor and u_prev in every lane: the loop never leaves the vector registers.
        var x0 = F4(repeating: x), v0 = F4(repeating: v), uPrev = F4(repeating: self.uPrev)
        var i = start
        while end &- i >= 4 {
            var d = load4(drive + i)
            let bits = unsafeBitCast(d, to: U4.self) & magnitude
            if driven {
                guard bits[3] != 0 else { break }
                if any(bits .> railBits) {
                    // The rail clamp, as in the general step; summed voices sit on the rail
                    // for long runs (dense patterns), so this branch predicts well.
                    guard all(bits .<= infinity) else { break }
                    d.replace(with: F4(repeating: rail), where: d .> rail)
                    d.replace(with: F4(repeating: -rail), where: d .< -rail)
                }
            } else {
                guard bits == U4(repeating: 0) else { break }
            }
            let u = fpv * d
            let us = u + F4(uPrev[3], u[0], u[1], u[2])
            let s = c.lanes(x0: x0, v0: v0, us: us)
            // The guard's A² = x² + (v/ω0)² after each sample (before the next one).
            let vws = s.v * w4
            guard all(s.x * s.x + vws * vws .<= quiet4) else { break }
            store4(c.acceleration(force: u, x: s.x, v: s.v) * accelerationScale, acceleration + i)
            if allSignals {
                store4(d * voltsScale, volts + i)
                store4(s.x * excursionScale, excursion + i)
            }
            x0 = F4(repeating: s.x[3]); v0 = F4(repeating: s.v[3]); uPrev = u
            i &+= 4
        }
        x = x0[0]; v = v0[0]; self.uPrev = uPrev[3]
        return i
    }

    /// One sample through the guard, the rail clamp and the general step (any regime, contact,
    /// a group cut by the block), with its outputs. Out of line: the kernel's loop holds the
    /// common case only.
    @inlinable @inline(never) @_noLocks
    mutating func generalStep(_ drive: Float, excursionGuard g: ExcursionGuard, into out: HapticSignalBuffers,
                              at i: Int, allSignals: Bool) {
        let f = feedbackState()
        out.write(step(volts: g.limit(volts: Double(drive), excursion: f.excursion, velocity: f.velocity)),
                  at: i, allSignals: allSignals)
    }
}
