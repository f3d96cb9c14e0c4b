/// Where an actuator stage writes: the three haptic output signals as Float, each with the
/// scale that maps it to the renderer's full scale.
@_spi(Testing) public struct HapticSignalBuffers {
    public var volts: UnsafeMutablePointer<Float>
    public var voltsScale: Float
    public var acceleration: UnsafeMutablePointer<Float>
    public var accelerationScale: Float
    public var excursion: UnsafeMutablePointer<Float>
    public var excursionScale: Float

    /// The buffers and their scales (rounded to Float: the outputs are scaled in Float, as the
    /// model computes them).
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
struct GroupSink {
    var volts: UnsafeMutablePointer<Float>
    var acceleration: UnsafeMutablePointer<Float>
    var excursion: UnsafeMutablePointer<Float>
    let voltsScale: SIMD4<Float>
    let accelerationScale: SIMD4<Float>
    let excursionScale: SIMD4<Float>

    @inline(__always)
    init(_ b: HapticSignalBuffers) {
        volts = b.volts
        acceleration = b.acceleration
        excursion = b.excursion
        voltsScale = SIMD4(repeating: b.voltsScale)
        accelerationScale = SIMD4(repeating: b.accelerationScale)
        excursionScale = SIMD4(repeating: b.excursionScale)
    }

    /// The same pointers from sample `n` on. O(1).
    @inline(__always)
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
    @inline(__always)
    func write(_ s: LRASample, at i: Int, allSignals: Bool) {
        acceleration[i] = Float(s.acceleration) * accelerationScale[0]
        if allSignals {
            volts[i] = Float(s.volts) * voltsScale[0]
            excursion[i] = Float(s.excursion) * excursionScale[0]
        }
    }

    /// Writes a group's outputs at `i…i+3`, scaled as ``write(_:at:allSignals:)`` scales one
    /// sample. Only the acceleration unless `allSignals`. O(1).
    @inline(__always)
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
    /// The feedback state each sample of the current group reads (``recentX``, ``recentV``).
    var groupFeedback: (excursion: SIMD4<Float>, velocity: SIMD4<Float>) { (recentX, recentV) }

    /// Runs a block of summed drive through the model's output stage and the model — per
    /// sample exactly ``drive(_:through:)`` — and writes the applied volts, the body
    /// acceleration and the excursion, scaled, into `sink` (only the acceleration unless
    /// `allSignals`).
    ///
    /// Why a block kernel: the recursion is the render loop's critical path. Here the state
    /// stays in registers, and whole groups (see ``LRAModel``) of the three kinds that make up
    /// nearly every sample run inline — low-Z driven, low-Z counting down to Hi-Z with zero
    /// drive, and the free Hi-Z ring after it: four lanes of x and of v as `SIMD4<Float>`, the
    /// outputs and checks off the same registers. A group's four feedback states are the
    /// model's recent lanes (3 samples of latency for each sample), so the output stage takes
    /// a group as one vector too (``LRAOutputStage/applyGroup(_:velocity:vw:amplitudeSquared:after:)``).
    /// A group goes inline only if it stays *clear of the end stop* (its anchor and its four
    /// states have A² = x² + (v/ω0)² ≥ x² below x_max², with a 1e-5 margin for Float rounding)
    /// and there is no regime switch inside it (a zero-drive group goes inline only if nothing
    /// slew-limits). Otherwise, and for a group cut by the block's ends,
    /// ``drive(_:through:)`` runs per sample. O(count), no allocation.
    @inline(__always)
    mutating func process(
        _ drive: UnsafePointer<Float>, count: Int, into sink: GroupSink, allSignals: Bool
    ) {
        let k = outputStage
        processBlock(drive: drive, count: count, setup: k, into: sink, allSignals: allSignals)
    }

    /// The kernel through an output stage with `g` for a guard (and its slew limit) instead of
    /// the model's own, into `out`: for tests of the kernel with other guards. O(count).
    mutating func process(
        drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
        into out: HapticSignalBuffers
    ) {
        processBlock(
            drive: drive, count: count, setup: outputStage(g), into: GroupSink(out),
            allSignals: true)
    }

    /// An output stage with `g` for a guard and the model's rail: what ``process(drive:acceleration:)``
    /// and the tests run the kernel through. O(1).
    func outputStage(_ g: ExcursionGuard) -> LRAOutputStage {
        LRAOutputStage(g, rail: Float(voltageClamp))
    }

    /// One drive sample through the output stage `k` and the model: ``LRAOutputStage/apply(_:excursion:velocity:after:)``
    /// on the feedback state, then ``step(volts:)``. The reference engine's ``ReferenceLRA``
    /// defines the same in Double. O(1).
    mutating func drive(_ volts: Float, through k: LRAOutputStage) -> LRASample {
        applied = k.apply(volts, excursion: recentX[0], velocity: recentV[0], after: applied)
        return step(volts: Double(applied))
    }

    /// ``process(_:count:into:allSignals:)`` through the output stage `k`, writing the
    /// acceleration only if not `allSignals` (then `sink`'s other pointers are not touched). A
    /// constant at each call site: the kernel is inlined and specialized per caller.
    @inline(__always)
    mutating func processBlock(
        drive: UnsafePointer<Float>, count: Int, setup k: LRAOutputStage, into sink: GroupSink,
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
                    i = processDrivenGroups(
                        drive: drive, from: i, to: count, setup: k, into: sink,
                        allSignals: allSignals)
                    if i != start { idleSamples = 0 }
                }
            } else if regime == 0 {
                // Counting down with zero drive: whole groups while idle + 4 < hold.
                let groups = max(0, (lowZHoldSamples &- idleSamples &- 1) / 4)
                i = processIdleGroups(
                    lowZGroup, drive: drive, from: i, to: min(count, i &+ 4 &* groups), setup: k,
                    into: sink, allSignals: allSignals)
                idleSamples &+= i &- start
            } else if regime == 1 {
                // Free Hi-Z ring (idle saturated at the hold): zero drive.
                i = processIdleGroups(
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
    /// Every lane computes the expressions of ``drive(_:through:)`` operation for operation —
    /// the output stage's group form, ``LRAGroupCoefficients/lanes(x0:v0:u:previous:)``, the
    /// acceleration — so the bits are those of the per-sample path.
    mutating func processDrivenGroups(
        drive: UnsafePointer<Float>, from start: Int, to end: Int, setup k: LRAOutputStage,
        into sink: GroupSink, allSignals: Bool
    ) -> Int {
        typealias F4 = SIMD4<Float>
        let w4 = F4(repeating: k.excursionGuard.inverseOmega0)
        let vw = v * k.excursionGuard.inverseOmega0
        guard x * x + vw * vw <= clear else { return start }
        let clear4 = F4(repeating: clear)
        var x0 = F4(repeating: x)
        var v0 = F4(repeating: v)
        var previous = F4(repeating: uPrev)
        var fx = recentX
        var fv = recentV
        var last = applied
        // The feedback lanes' A²: after the first group, the previous group's own lanes.
        var fvw = fv * w4
        var fa2 = fx * fx + fvw * fvw
        var i = start
        while end &- i >= 4 {
            guard
                let d = k.applyGroup(
                    load4(drive + i), velocity: fv, vw: fvw, amplitudeSquared: fa2, after: last)
            else { break }
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
    mutating func processIdleGroups(
        _ c: LRAGroupCoefficients, drive: UnsafePointer<Float>, from start: Int,
        to end: Int, setup k: LRAOutputStage, into sink: GroupSink, allSignals: Bool
    ) -> Int {
        typealias F4 = SIMD4<Float>
        typealias U4 = SIMD4<UInt32>
        // The model's own 1/ω0 (the guard's is 0 when inactive, as in `process`): the rest test
        // must be the one ``settleAtRest()`` makes.
        let w = inverseOmega0
        let vw = v * w
        guard x * x + vw * vw <= clear, applied <= k.slew, applied >= -k.slew else {
            return start
        }
        let clear4 = F4(repeating: clear)
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

    /// One sample through ``drive(_:through:)``, with its outputs. Out of line: the kernel's
    /// loop holds the common case only.
    @inline(never)
    mutating func generalStep(
        _ volts: Float, setup k: LRAOutputStage, into out: GroupSink, at i: Int, allSignals: Bool
    ) {
        out.write(drive(volts, through: k), at: i, allSignals: allSignals)
    }
}
