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

    @inlinable @inline(__always) @_noLocks
    init(_ b: HapticSignalBuffers) {
        volts = b.volts; acceleration = b.acceleration; excursion = b.excursion
        voltsScale = SIMD4(repeating: b.voltsScale)
        accelerationScale = SIMD4(repeating: b.accelerationScale)
        excursionScale = SIMD4(repeating: b.excursionScale)
    }

    /// The same pointers from sample `n` on. O(1).
    @inlinable @inline(__always) @_noLocks
    func advanced(by n: Int) -> GroupSink {
        var s = self
        s.volts += n; s.acceleration += n; s.excursion += n
        return s
    }

    /// Writes one step's outputs at `i`, scaled as the group writes scale them (the sample's
    /// values are Float quantities carried in Double, so the conversions are exact). Only the
    /// acceleration unless `allSignals`. O(1).
    @inlinable @inline(__always) @_noLocks
    func write(_ s: LRASample, at i: Int, allSignals: Bool) {
        acceleration[i] = Float(s.acceleration) * accelerationScale[0]
        if allSignals {
            volts[i] = Float(s.volts) * voltsScale[0]
            excursion[i] = Float(s.excursion) * excursionScale[0]
        }
    }

    /// Writes a group's outputs at `i…i+3`, scaled as ``write(_:at:allSignals:)`` scales one
    /// sample. Only the acceleration unless `allSignals`. O(1).
    @inlinable @inline(__always) @_noLocks
    func write(acceleration a: SIMD4<Float>, volts v: SIMD4<Float>, excursion x: SIMD4<Float>, at i: Int,
               allSignals: Bool) {
        store4(a * accelerationScale, acceleration + i)
        if allSignals {
            store4(v * voltsScale, volts + i)
            store4(x * excursionScale, excursion + i)
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
    /// outputs and checks off the same registers. The guard reads the group's start state, so
    /// one factor per group scales the group's energy-adding samples
    /// (``ExcursionGuard/factor(excursion:velocity:)``).
    /// A group goes inline only if it stays *clear of the end stop*: its anchor and its four
    /// states have the guard's A² = x² + (v/ω0)² ≥ x² below x_max², with a 1e-5 margin for the
    /// Float rounding (so no sample of it, nor the next group's first, is in contact), and
    /// there is no regime switch inside it; the rail clamp is applied inline. Otherwise, and for
    /// a group cut by the block's ends, the general step runs per sample. O(count), no
    /// allocation.
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
        runBlock(drive: drive, count: count, setup: kernelSetup(g), into: GroupSink(out), allSignals: allSignals)
    }

    /// What the kernel reads besides the state and the coefficient sets. O(1). `mutating` only
    /// so that the call does not copy the model (see ``feedbackState()``).
    @inlinable @inline(__always) @_noLocks
    mutating func kernelSetup(_ g: ExcursionGuard) -> KernelSetup {
        KernelSetup(excursionGuard: g, clear: Float(maxExcursion * maxExcursion * (1 - 1e-5)), rail: Float(voltageClamp))
    }

    /// The kernel with its setup and outputs prepared by the caller — once per block, or once
    /// per chunk by a caller that runs the model a group at a time (the renderer's per-sample
    /// voice path).
    @inlinable @inline(__always) @_noLocks
    mutating func runBlock(drive: UnsafePointer<Float>, count: Int, setup k: KernelSetup, into sink: GroupSink,
                           allSignals: Bool) {
        let g = k.excursionGuard
        var i = 0
        while i < count && groupPhase != 0 {
            generalStep(drive[i], excursionGuard: g, into: sink, at: i, allSignals: allSignals)
            i &+= 1
        }
        while count &- i >= 4 {
            let start = i
            if regime == 0 && drive[i &+ 3] != 0 {
                // Driven: entering with idle + 4 < hold keeps the group's zero samples, if any,
                // in low-Z; the kernel stops at a group whose last applied sample is zero, so
                // idle is 0 after every group it ran.
                if idleSamples &+ 4 < lowZHoldSamples {
                    i = runDrivenGroups(drive: drive, from: i, to: count, setup: k, into: sink, allSignals: allSignals)
                    if i != start { idleSamples = 0 }
                }
            } else if regime == 0 {
                // Counting down with zero drive: whole groups while idle + 4 < hold.
                let groups = max(0, (lowZHoldSamples &- idleSamples &- 1) / 4)
                i = runIdleGroups(lowZGroup, drive: drive, from: i, to: min(count, i &+ 4 &* groups), setup: k,
                                  into: sink, allSignals: allSignals)
                idleSamples &+= i &- start
            } else if regime == 1 {
                // Free Hi-Z ring (idle saturated at the hold): zero drive.
                i = runIdleGroups(hiZGroup, drive: drive, from: i, to: count, setup: k, into: sink,
                                  allSignals: allSignals)
            }
            if i == start {
                // Contact, another regime, a switch inside the group, or a last sample the
                // guard zeroed.
                for j in 0..<4 {
                    generalStep(drive[i &+ j], excursionGuard: g, into: sink, at: i &+ j, allSignals: allSignals)
                }
                i &+= 4
            }
        }
        while i < count {
            generalStep(drive[i], excursionGuard: g, into: sink, at: i, allSignals: allSignals)
            i &+= 1
        }
    }

    /// Low-Z driven groups from `start` (a group boundary) on while their A² stays below
    /// x_max² (so clear of the end stop), the last sample of each is non-zero after the guard
    /// and the rail clamp, and four samples are left before `end`; returns where it stopped.
    /// The caller keeps the idle count. O(groups done).
    ///
    /// Every lane computes the expressions of the general step operation for operation — the
    /// guard (``ExcursionGuard/limit(volts:excursion:velocity:)`` with the group's factor), the
    /// clamp, ``LRAGroupCoefficients/lanes(x0:v0:u:previous:)``, the acceleration — so the bits
    /// are those of ``step(volts:)``.
    @inlinable @_noLocks
    mutating func runDrivenGroups(drive: UnsafePointer<Float>, from start: Int, to end: Int, setup k: KernelSetup,
                                  into sink: GroupSink, allSignals: Bool) -> Int {
        typealias F4 = SIMD4<Float>
        typealias I4 = SIMD4<Int32>
        let g = k.excursionGuard
        let w4 = F4(repeating: g.inverseOmega0)
        let vw = v * g.inverseOmega0
        guard x * x + vw * vw <= k.clear else { return start }
        let clear4 = F4(repeating: k.clear)
        // The drive checks on the Float bits: |d| ≤ rail ⇔ |d|'s bits ≤ the rail's (IEEE
        // magnitudes order as their bit patterns; NaN is above ∞); d = ±0 ⇔ 0 bits.
        // As Int32: magnitudes are below 2³¹, so the signed compare SSE2 has orders them too.
        let rail = k.rail
        let railBits = I4(repeating: Int32(bitPattern: rail.bitPattern)), magnitude = I4(repeating: 0x7fff_ffff)
        let infinity = I4(repeating: 0x7f80_0000)
        // The anchor, u_prev and the guard's factor (from the anchor: the group's start state).
        var x0 = F4(repeating: x), v0 = F4(repeating: v), previous = F4(repeating: uPrev)
        var factor = g.factor(excursion: x, velocity: v)
        var i = start
        while end &- i >= 4 {
            var d = load4(drive + i)
            if factor != 1 {
                d.replace(with: d * factor, where: d * v0 .> F4(repeating: 0))
            }
            let bits = unsafeBitCast(d, to: I4.self) & magnitude
            guard bits[3] != 0 else { break }
            if any(bits .> railBits) {
                // The rail clamp, as in the general step; summed voices sit on the rail for
                // long runs (dense patterns), so this branch predicts well.
                guard all(bits .<= infinity) else { break }
                d.replace(with: F4(repeating: rail), where: d .> rail)
                d.replace(with: F4(repeating: -rail), where: d .< -rail)
            }
            let u = lowZGroup.forcePerVoltLanes * d
            let s = lowZGroup.lanes(x0: x0, v0: v0, u: u, previous: previous)
            // A² of every lane, as the guard computes it: A² ≥ x², so A² below x_max² keeps
            // the group clear of the end stop, and lane 3's is the next group's guard input.
            let vw = s.v * w4
            let a2 = s.x * s.x + vw * vw
            guard all(a2 .<= clear4) else { break }
            sink.write(acceleration: lowZGroup.acceleration(force: u, x: s.x, v: s.v), volts: d, excursion: s.x,
                       at: i, allSignals: allSignals)
            x0 = F4(repeating: s.x[3]); v0 = F4(repeating: s.v[3]); previous = u
            factor = g.factor(amplitudeSquared: a2[3])
            i &+= 4
        }
        x = x0[0]; v = v0[0]; uPrev = previous[3]
        return i
    }

    /// Zero-drive groups with set `c` (low-Z counting down, or Hi-Z) from `start` (a group
    /// boundary) on while their A² stays below x_max², the drive is ±0 and four samples
    /// are left before `end`; returns where it stopped. The guard passes a zero drive
    /// unchanged. O(groups done).
    @inlinable @_noLocks
    mutating func runIdleGroups(_ c: LRAGroupCoefficients, drive: UnsafePointer<Float>, from start: Int,
                                to end: Int, setup k: KernelSetup, into sink: GroupSink, allSignals: Bool) -> Int {
        typealias F4 = SIMD4<Float>
        typealias U4 = SIMD4<UInt32>
        let w = k.excursionGuard.inverseOmega0
        let vw = v * w
        guard x * x + vw * vw <= k.clear else { return start }
        let clear4 = F4(repeating: k.clear), w4 = F4(repeating: w), magnitude = U4(repeating: 0x7fff_ffff)
        var x0 = F4(repeating: x), v0 = F4(repeating: v), previous = F4(repeating: uPrev)
        var i = start
        while end &- i >= 4 {
            let d = load4(drive + i)
            guard unsafeBitCast(d, to: U4.self) & magnitude == U4(repeating: 0) else { break }
            let u = c.forcePerVoltLanes * d
            let s = c.lanes(x0: x0, v0: v0, u: u, previous: previous)
            // A² as in the driven kernel (which also keeps v's lanes computed as vectors).
            let vws = s.v * w4
            guard all(s.x * s.x + vws * vws .<= clear4) else { break }
            sink.write(acceleration: c.acceleration(force: u, x: s.x, v: s.v), volts: d, excursion: s.x,
                       at: i, allSignals: allSignals)
            x0 = F4(repeating: s.x[3]); v0 = F4(repeating: s.v[3]); previous = u
            i &+= 4
        }
        x = x0[0]; v = v0[0]; uPrev = previous[3]
        return i
    }

    /// One sample through the guard, the rail clamp and the general step (any regime, contact,
    /// a group cut by the block), with its outputs. Out of line: the kernel's loop holds the
    /// common case only.
    @inlinable @inline(never) @_noLocks
    mutating func generalStep(_ drive: Float, excursionGuard g: ExcursionGuard, into out: GroupSink,
                              at i: Int, allSignals: Bool) {
        let f = groupStart()
        out.write(step(volts: Double(g.limit(volts: drive, excursion: f.x, velocity: f.v))), at: i, allSignals: allSignals)
    }
}

/// What the block kernel reads besides the model's state and coefficient sets: the guard, the
/// end-stop margin x_max²·(1 − 1e-5) (Float rounding of A²) and the rail clamp, in Float.
@usableFromInline struct KernelSetup {
    @usableFromInline let excursionGuard: ExcursionGuard
    @usableFromInline let clear: Float
    @usableFromInline let rail: Float

    @inlinable @inline(__always) @_noLocks
    init(excursionGuard: ExcursionGuard, clear: Float, rail: Float) {
        self.excursionGuard = excursionGuard
        self.clear = clear
        self.rail = rail
    }
}
