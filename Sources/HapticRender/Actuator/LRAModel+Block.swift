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
    @inlinable
    public init(
        volts: UnsafeMutablePointer<Float>, voltsScale: Double,
        acceleration: UnsafeMutablePointer<Float>, accelerationScale: Double,
        excursion: UnsafeMutablePointer<Float>, excursionScale: Double
    ) {
        self.volts = volts
        self.voltsScale = Float(voltsScale)
        self.acceleration = acceleration
        self.accelerationScale = Float(accelerationScale)
        self.excursion = excursion
        self.excursionScale = Float(excursionScale)
    }
}

/// ``HapticSignalBuffers`` unpacked for the block kernel's loop: its pointers and its scales in
/// every lane, as locals. (Through the buffers value itself, which the caller passes in memory
/// the output stores might alias, they were reloaded and re-broadcast every group.)
@usableFromInline struct GroupSink {
    @usableFromInline var volts: UnsafeMutablePointer<Float>
    @usableFromInline var acceleration: UnsafeMutablePointer<Float>
    @usableFromInline var excursion: UnsafeMutablePointer<Float>
    @usableFromInline let voltsScale: SIMD4<Float>
    @usableFromInline let accelerationScale: SIMD4<Float>
    @usableFromInline let excursionScale: SIMD4<Float>

    @inlinable @inline(__always)
    init(_ b: HapticSignalBuffers) {
        volts = b.volts
        acceleration = b.acceleration
        excursion = b.excursion
        voltsScale = SIMD4(repeating: b.voltsScale)
        accelerationScale = SIMD4(repeating: b.accelerationScale)
        excursionScale = SIMD4(repeating: b.excursionScale)
    }

    /// The same pointers from sample `n` on. O(1).
    @inlinable @inline(__always)
    func advanced(by n: Int) -> GroupSink {
        var s = self
        s.volts += n
        s.acceleration += n
        s.excursion += n
        return s
    }

    /// Writes one step's outputs at `i`, scaled as the group writes scale them (the sample's
    /// values are Float quantities carried in Double, so the conversions are exact). Only the
    /// acceleration unless `allSignals`. O(1).
    @inlinable @inline(__always)
    func write(_ s: LRASample, at i: Int, allSignals: Bool) {
        acceleration[i] = Float(s.acceleration) * accelerationScale[0]
        if allSignals {
            volts[i] = Float(s.volts) * voltsScale[0]
            excursion[i] = Float(s.excursion) * excursionScale[0]
        }
    }

    /// Writes a group's outputs at `i…i+3`, scaled as ``write(_:at:allSignals:)`` scales one
    /// sample. Only the acceleration unless `allSignals`. O(1).
    @inlinable @inline(__always)
    func write(
        acceleration a: SIMD4<Float>, volts v: SIMD4<Float>, excursion x: SIMD4<Float>, at i: Int,
        allSignals: Bool
    ) {
        store4(a * accelerationScale, acceleration + i)
        if allSignals {
            store4(v * voltsScale, volts + i)
            store4(x * excursionScale, excursion + i)
        }
    }
}

extension LRAModel {
    /// Runs a block of summed drive through the driver's output stage and the model — per
    /// sample exactly ``drive(_:setup:)`` — and writes the applied volts, the body acceleration
    /// and the excursion, scaled, into `out`. The slew limit is the one `excursionGuard` leads
    /// (``ExcursionGuard/init(profile:slewPerSample:sampleRate:lowFraction:highFraction:)``).
    ///
    /// Why a block kernel: the recursion is the render loop's critical path. Here the state
    /// stays in registers, and whole groups (see ``LRAModel``) of the three kinds that make up
    /// nearly every sample run inline — low-Z driven, low-Z counting down to Hi-Z with zero
    /// drive, and the free Hi-Z ring after it: four lanes of x and of v as `SIMD4<Float>`, the
    /// outputs and checks off the same registers. A group's four feedback states are the
    /// model's recent lanes (3 samples of latency for each sample), so the guard's factors are
    /// one vector too. A group goes inline only if it stays *clear of the end stop* (its anchor
    /// and its four states have A² = x² + (v/ω0)² ≥ x² below x_max², with a 1e-5 margin for
    /// Float rounding) and there is no regime switch inside it; the rail clamp and the slew
    /// limit are applied inline (a zero-drive group goes inline only if nothing slew-limits).
    /// Otherwise, and for a group cut by the block's ends, ``drive(_:setup:)`` runs per sample.
    /// O(count), no allocation.
    @inlinable
    public mutating func run(
        drive: UnsafePointer<Float>, count: Int, excursionGuard: ExcursionGuard,
        into out: HapticSignalBuffers
    ) {
        runBlock(
            drive: drive, count: count, setup: kernelSetup(excursionGuard), into: GroupSink(out),
            allSignals: true)
    }

    /// What the kernel reads besides the state and the coefficient sets. O(1).
    @inlinable @inline(__always)
    // mutating: no copy of the model
    mutating func kernelSetup(_ g: ExcursionGuard) -> KernelSetup {
        KernelSetup(
            excursionGuard: g, clear: Float(maxExcursion * maxExcursion * (1 - 1e-5)),
            rail: Float(voltageClamp))
    }

    /// One drive sample through the output stage and the model: the excursion guard on the
    /// feedback state, the rail clamp, the slew limit, then ``step(volts:)``. The reference
    /// engine's ``ReferenceActuator`` defines the same in Double. O(1).
    @inlinable
    public mutating func drive(_ volts: Float, setup k: KernelSetup) -> LRASample {
        var d = k.excursionGuard.limit(volts: volts, excursion: recentX[0], velocity: recentV[0])
        d = d > k.rail ? k.rail : (d < -k.rail ? -k.rail : d)
        d = d > applied + k.slew ? applied + k.slew : (d < applied - k.slew ? applied - k.slew : d)
        applied = d
        return step(volts: Double(d))
    }

    /// ``run(drive:count:excursionGuard:into:)`` with its setup and outputs prepared by the
    /// caller, writing the acceleration only if not `allSignals` (then `out`'s other pointers
    /// are not touched). A constant at each call site: the kernel is inlined and specialized
    /// per caller.
    @inlinable @inline(__always)
    mutating func runBlock(
        drive: UnsafePointer<Float>, count: Int, setup k: KernelSetup, into sink: GroupSink,
        allSignals: Bool
    ) {
        var i = 0
        while i < count && groupPhase != 0 {
            generalStep(drive[i], setup: k, into: sink, at: i, allSignals: allSignals)
            i &+= 1
        }
        while count &- i >= 4 {
            let start = i
            if regime == 0 && drive[i &+ 3] != 0 {
                // Driven: entering with idle + 4 < hold keeps the group's zero samples, if any,
                // in low-Z; the kernel stops at a group whose last applied sample is zero, so
                // idle is 0 after every group it ran.
                if idleSamples &+ 4 < lowZHoldSamples {
                    i = runDrivenGroups(
                        drive: drive, from: i, to: count, setup: k, into: sink,
                        allSignals: allSignals)
                    if i != start { idleSamples = 0 }
                }
            } else if regime == 0 {
                // Counting down with zero drive: whole groups while idle + 4 < hold.
                let groups = max(0, (lowZHoldSamples &- idleSamples &- 1) / 4)
                i = runIdleGroups(
                    lowZGroup, drive: drive, from: i, to: min(count, i &+ 4 &* groups), setup: k,
                    into: sink, allSignals: allSignals)
                idleSamples &+= i &- start
            } else if regime == 1 {
                // Free Hi-Z ring (idle saturated at the hold): zero drive.
                i = runIdleGroups(
                    hiZGroup, drive: drive, from: i, to: count, setup: k, into: sink,
                    allSignals: allSignals)
            }
            if i == start {
                // Contact, another regime, a switch inside the group, a slew-limited zero-drive
                // sample or a last sample the guard or the limit zeroed.
                for j in 0..<4 {
                    generalStep(
                        drive[i &+ j], setup: k, into: sink, at: i &+ j, allSignals: allSignals)
                }
                i &+= 4
            }
        }
        while i < count {
            generalStep(drive[i], setup: k, into: sink, at: i, allSignals: allSignals)
            i &+= 1
        }
    }

    /// Low-Z driven groups from `start` (a group boundary) on while their A² stays below
    /// x_max² (so clear of the end stop), the last sample of each is non-zero after the guard,
    /// the rail clamp and the slew limit, and four samples are left before `end`;
    /// returns where it stopped. The caller keeps the idle count. O(groups done).
    ///
    /// Every lane computes the expressions of ``drive(_:setup:)`` operation for operation — the
    /// guard with its lane's factor, the clamp, ``LRAGroupCoefficients/lanes(x0:v0:u:previous:)``,
    /// the acceleration — so the bits are those of the per-sample path.
    @inlinable
    mutating func runDrivenGroups(
        drive: UnsafePointer<Float>, from start: Int, to end: Int, setup k: KernelSetup,
        into sink: GroupSink, allSignals: Bool
    ) -> Int {
        typealias F4 = SIMD4<Float>
        typealias I4 = SIMD4<Int32>
        let g = k.excursionGuard
        let w4 = F4(repeating: g.inverseOmega0)
        let vw = v * g.inverseOmega0
        guard x * x + vw * vw <= k.clear else { return start }
        let clear4 = F4(repeating: k.clear)
        let slew4 = F4(repeating: k.slew)
        // The drive checks on the Float bits: |d| ≤ rail ⇔ |d|'s bits ≤ the rail's (IEEE
        // magnitudes order as their bit patterns; NaN is above ∞); d = ±0 ⇔ 0 bits.
        // As Int32: magnitudes are below 2³¹, so the signed compare SSE2 has orders them too.
        let rail = k.rail
        let railBits = I4(repeating: Int32(bitPattern: rail.bitPattern))
        let magnitude = I4(repeating: 0x7fff_ffff)
        let infinity = I4(repeating: 0x7f80_0000)
        var x0 = F4(repeating: x)
        var v0 = F4(repeating: v)
        var previous = F4(repeating: uPrev)
        var fx = recentX
        var fv = recentV
        var last = applied
        // The feedback lanes' A²: after the first group, the previous group's own lanes.
        var fvw = fv * w4
        var fa2 = fx * fx + fvw * fvw
        let low4 = F4(repeating: g.lowSquared)
        let leadAtRail = F4(repeating: g.leadGain * g.railSquared)
        var i = start
        while end &- i >= 4 {
            var d = load4(drive + i)
            // The led A² is at most its value at the rail (Float rounding is monotonic): below
            // A_lo there, the guard passes the group unchanged.
            // (NaN, never expected, enters)
            if any(.!(fa2 + leadAtRail * magnitudes(fv) .<= low4)) {
                let led = g.ledAmplitudeSquared(fa2, volts: d, velocity: fv)
                if any(.!(led .<= low4)) {
                    let factor = g.factors(amplitudeSquared: led)
                    d.replace(
                        with: d * g.gated(factor, vw: fvw, amplitudeSquared: fa2),
                        where: (d * fv .> F4(repeating: 0)) .& (factor .!= F4(repeating: 1)))
                }
            }
            let bits = unsafeBitCast(d, to: I4.self) & magnitude
            guard bits[3] != 0 else { break }
            if any(bits .> railBits) {
                // The rail clamp, as in the per-sample path; summed voices sit on the rail for
                // long runs (dense patterns), so this branch predicts well.
                guard all(bits .<= infinity) else { break }
                d.replace(with: F4(repeating: rail), where: d .> rail)
                d.replace(with: F4(repeating: -rail), where: d .< -rail)
            }
            // Within the slew limit everywhere, the limiter returns the drive unchanged: the
            // per-sample test's own Float sums (`d > applied + slew`), not `d − applied`,
            // which rounds differently and let a limited sample through here.
            let previousDrive = F4(last, d[0], d[1], d[2])
            if !all((d .<= previousDrive + slew4) .& (d .>= previousDrive - slew4)) {
                // Summed voices outrun the limit now and then (two drivers each at their own
                // limit): the limiter lane by lane, as ``drive(_:setup:)`` applies it, keeps
                // the group here instead of four general steps.
                var applied = last
                for j in 0..<4 {
                    let dj = d[j]
                    let slew = k.slew
                    applied =
                        dj > applied + slew
                        ? applied + slew : (dj < applied - slew ? applied - slew : dj)
                    d[j] = applied
                }
                guard applied != 0 else { break }
            }
            let u = lowZGroup.forcePerVoltLanes * d
            let s = lowZGroup.lanes(x0: x0, v0: v0, u: u, previous: previous)
            // A² of every lane, as the guard computes it: A² ≥ x², so A² below x_max² keeps
            // the group clear of the end stop.
            let vws = s.v * w4
            let a2 = s.x * s.x + vws * vws
            guard all(a2 .<= clear4) else { break }
            sink.write(
                acceleration: lowZGroup.acceleration(force: u, x: s.x, v: s.v), volts: d,
                excursion: s.x,
                at: i, allSignals: allSignals)
            x0 = F4(repeating: s.x[3])
            v0 = F4(repeating: s.v[3])
            previous = u
            fx = s.x
            fv = s.v
            fvw = vws
            fa2 = a2
            last = d[3]
            i &+= 4
        }
        x = x0[0]
        v = v0[0]
        uPrev = previous[3]
        recentX = fx
        recentV = fv
        applied = last
        return i
    }

    /// Zero-drive groups with set `c` (low-Z counting down, or Hi-Z) from `start` (a group
    /// boundary) on while their A² stays below x_max², the drive is ±0, the last applied drive
    /// is within one slew step of 0 and four samples are left before `end`; returns where it
    /// stopped. The guard passes a zero drive unchanged; a group that ends below the rest
    /// threshold leaves the state at exact zero (``settleAtRest()``). O(groups done).
    @inlinable
    mutating func runIdleGroups(
        _ c: LRAGroupCoefficients, drive: UnsafePointer<Float>, from start: Int,
        to end: Int, setup k: KernelSetup, into sink: GroupSink, allSignals: Bool
    ) -> Int {
        typealias F4 = SIMD4<Float>
        typealias U4 = SIMD4<UInt32>
        // The model's own 1/ω0 (the guard's is 0 when inactive, as in `process`): the rest test
        // must be the one ``settleAtRest()`` makes.
        let w = inverseOmega0
        let vw = v * w
        guard x * x + vw * vw <= k.clear, applied <= k.slew, applied >= -k.slew else {
            return start
        }
        let clear4 = F4(repeating: k.clear)
        let w4 = F4(repeating: w)
        let magnitude = U4(repeating: 0x7fff_ffff)
        var x0 = F4(repeating: x)
        var v0 = F4(repeating: v)
        var previous = F4(repeating: uPrev)
        var fx = recentX
        var fv = recentV
        var i = start
        while end &- i >= 4 {
            let d = load4(drive + i)
            guard unsafeBitCast(d, to: U4.self) & magnitude == U4(repeating: 0) else { break }
            let u = c.forcePerVoltLanes * d
            var s = c.lanes(x0: x0, v0: v0, u: u, previous: previous)
            // A² as in the driven kernel (which also keeps v's lanes computed as vectors).
            let vws = s.v * w4
            let a2 = s.x * s.x + vws * vws
            guard all(a2 .<= clear4) else { break }
            sink.write(
                acceleration: c.acceleration(force: u, x: s.x, v: s.v), volts: d, excursion: s.x,
                at: i, allSignals: allSignals)
            if a2[3] < restSquared {
                s.x[3] = 0
                s.v[3] = 0
                anchorRegime = -1
            }
            x0 = F4(repeating: s.x[3])
            v0 = F4(repeating: s.v[3])
            previous = u
            fx = s.x
            fv = s.v
            i &+= 4
        }
        x = x0[0]
        v = v0[0]
        uPrev = previous[3]
        recentX = fx
        recentV = fv
        if i != start { applied = 0 }
        return i
    }

    /// One sample through ``drive(_:setup:)``, with its outputs. Out of line: the kernel's loop
    /// holds the common case only.
    @inlinable @inline(never)
    mutating func generalStep(
        _ volts: Float, setup k: KernelSetup, into out: GroupSink, at i: Int, allSignals: Bool
    ) {
        out.write(drive(volts, setup: k), at: i, allSignals: allSignals)
    }
}

/// What the block kernel reads besides the model's state and coefficient sets: the guard, the
/// end-stop margin x_max²·(1 − 1e-5) (Float rounding of A²), the rail clamp and the slew
/// limit (the guard's, ``ExcursionGuard/slewPerSample``), in Float.
public struct KernelSetup {
    @usableFromInline let excursionGuard: ExcursionGuard
    @usableFromInline let clear: Float
    @usableFromInline let rail: Float
    @usableFromInline let slew: Float

    @inlinable @inline(__always)
    init(excursionGuard: ExcursionGuard, clear: Float, rail: Float) {
        self.excursionGuard = excursionGuard
        self.clear = clear
        self.rail = rail
        slew = excursionGuard.slewPerSample
    }
}
