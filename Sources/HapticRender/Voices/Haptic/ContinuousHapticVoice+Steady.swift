/// The block path of a continuous haptic voice in its steady state: carrier running, onset
/// overdrive over, before the release. There the drive depends on neither the actuator nor
/// the other voices, so a whole chunk is computed in one loop over 4-sample groups instead of
/// inside the per-sample actuator loop.
///
/// One renderer takes one voice or two. Two go together because a lone voice's group loop is
/// bound by its carrier's rotation — a multiply and an add per group on the loop-carried
/// chain, about 8 cycles, while the loop's other work fits in 6 — so the core idles half the
/// time; two voices interleaved run two independent chains in the same cycles and share one
/// load and store of the sum per group. A pair adds `(sum + a) + b` per sample, the same
/// operations as `a` alone and then `b` alone, so pairing never changes a bit.
extension ContinuousHapticVoice {
    /// Adds the drive of voice `a` and, if given, `b` (in that order) for samples
    /// `n … n + count − 1` to `sum[0 ..< count]`; both stay steady through them.
    ///
    /// The chunk is cut at each voice's drive-period ends and at the drive grid. At a
    /// period's end the voice's ramp advances (``startPeriod(at:wave:grid:radiansPerHz:)``);
    /// there and on every grid point inside a held period its carrier is retuned to the ramp's
    /// frequency (`radiansPerHz` × Hz). Each span then goes through
    /// ``renderGroups(_:_:origin:free:glides:held:from:count:into:slewStep:)``: both voices in one
    /// loop when they can share it, else one after the other. Carriers and slew outputs stay in
    /// locals across the chunk. O(count), no allocation.
    static func renderSteady(
        _ a: UnsafeMutablePointer<ContinuousHapticVoice>,
        _ b: UnsafeMutablePointer<ContinuousHapticVoice>?,
        from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double,
        grid: DriveGrid, radiansPerHz: Double
    ) {
        var voiceA = SteadyVoice(wave: a.pointee.carrier, output: a.pointee.driver.tail.output)
        var voiceB = voiceA  // unused without `b`
        if let b {
            voiceB = SteadyVoice(wave: b.pointee.carrier, output: b.pointee.driver.tail.output)
        }
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            // Ramps end on the drive grid or at a parameter-lane breakpoint of their own layer
            // (held ones run over grid points, where their carriers are renormalized).
            if at == a.pointee.ramp.to {
                a.pointee.startPeriod(
                    at: at, wave: &voiceA.wave, grid: grid, radiansPerHz: radiansPerHz)
            }
            if let b, at == b.pointee.ramp.to {
                b.pointee.startPeriod(
                    at: at, wave: &voiceB.wave, grid: grid, radiansPerHz: radiansPerHz)
            }
            let onGrid = grid.isGridPoint(at)
            let p = a.pointee.ramp
            let q = b?.pointee.ramp
            if onGrid || at == p.from {
                voiceA.wave.retune(to: p, at: at, radiansPerHz: radiansPerHz)
            }
            voiceA.enter(p)
            let freeA = p.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep)
            var freeB = false
            var to = min(p.to, grid.nextGridPoint(after: at))
            if let q {
                if onGrid || at == q.from {
                    voiceB.wave.retune(to: q, at: at, radiansPerHz: radiansPerHz)
                }
                voiceB.enter(q)
                freeB = q.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep)
                to = min(to, q.to)
            }
            let end = min(count, Int(to &- n))
            // Together only where their unchecked groups fit the 16 SSE registers: one offsets
            // vector for both (ramps advanced on the same grid point start together; a held
            // ramp's volts `v + 0·k` do not depend on the offset, so it may share the other's)
            // and no gliding steps. A pair runs the line form (which gives a held line its
            // start's bits); a lone voice the loop for its case
            // (``renderAlone(_:origin:free:from:count:into:slewStep:)``).
            if let q,
                freeA && freeB && !voiceA.wave.chirping && !voiceB.wave.chirping
                    && (p.from == q.from || p.slope == 0 || q.slope == 0)
            {
                let origin = p.slope == 0 ? q.from : p.from
                renderGroups(
                    &voiceA, &voiceB, origin: origin, free: true, glides: false, held: false,
                    from: at, count: end &- j, into: sum + j, slewStep: slewStep)
            } else {
                renderAlone(
                    &voiceA, origin: p.from, free: freeA, from: at, count: end &- j, into: sum + j,
                    slewStep: slewStep)
                if let q {
                    renderAlone(
                        &voiceB, origin: q.from, free: freeB, from: at, count: end &- j,
                        into: sum + j,
                        slewStep: slewStep)
                }
            }
            j = end
        }
        a.pointee.carrier = voiceA.wave
        a.pointee.driver.tail.output = voiceA.output
        if let b {
            b.pointee.carrier = voiceB.wave
            b.pointee.driver.tail.output = voiceB.output
        }
    }

    /// Adds samples `n … n + count − 1` of voices `a` and `b` (inside one drive period each,
    /// their carriers on its frequency) to `sum[0 ..< count]`, `a` before `b`, advancing their
    /// carriers and slew outputs. `origin`: the sample the groups' offsets count from (the
    /// lines' start, or any sample for a held line). `free`: neither line can slew-limit
    /// (``DriveRamp/neverSlewLimits(radiansPerHz:slewStep:)``). `glides`: the carriers chirp
    /// (only a lone voice's may).
    ///
    /// The slew limit is the definition: every sample is `slew(output, toward: target)`. When
    /// the lines are free and a group's first targets are within the limit of the last
    /// outputs, every later step is too, so the outputs *are* the targets: from there, whole
    /// groups are computed as `SIMD4<Float>` without the check, the same samples either way.
    /// Other groups (and the partial ones at the span's ends) go through the limiter sample
    /// by sample, with the same SIMD-lane arithmetic. O(count), no allocation.
    ///
    /// `held`: both lines are flat (``SteadyVoice/isHeld``), so a group's volts are the line's
    /// start without the offsets (a lone voice only). Callers pass `glides` and `held` as
    /// constants: each combination is its own loop, without their tests or unused work inside
    /// (the table at the top of `HapticVoices.swift` lists them).
    @_transparent  // inlined into the chunk loop, so the voices stay in registers
    static func renderGroups<B: SteadyVoiceSlot>(
        _ a: inout SteadyVoice, _ b: inout B, origin: Int64, free: Bool,
        glides: Bool, held: Bool, from n: Int64, count: Int,
        into sum: UnsafeMutablePointer<Float>, slewStep: Double
    ) {
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            if free && at & 3 == 0 && count &- j >= 4 {
                // Offsets within the period are small integers: exact in Float.
                let offset = Float(at &- origin)
                var offsets = SIMD4<Float>(offset, offset + 1, offset + 2, offset + 3)
                if a.startsWithinLimit(a.targets(offsets, held: held), slewStep: slewStep)
                    && b.startsWithinLimit(b.targets(offsets, held: held), slewStep: slewStep)
                {
                    while true {
                        let targetsA = a.targets(offsets, held: held)
                        let targetsB = b.targets(offsets, held: held)
                        store4(
                            B.add(targetsB, to: SteadyVoice.add(targetsA, to: load4(sum + j))),
                            sum + j)
                        a.nextGroup(glides: glides)
                        b.nextGroup(glides: glides)
                        j &+= 4
                        if count &- j < 4 {
                            a.settle(targetsA)
                            b.settle(targetsB)
                            break
                        }
                        offsets += 4
                    }
                    continue
                }
            }
            let take = min(4 &- Int(at & 3), count &- j)
            a.renderLimited(from: at, count: take, into: sum + j, slewStep: slewStep)
            b.renderLimited(from: at, count: take, into: sum + j, slewStep: slewStep)
            j &+= take
        }
    }

    /// Adds samples `n … n + count − 1` of voice `a` alone to `sum[0 ..< count]`
    /// (``renderGroups(_:_:origin:free:glides:held:from:count:into:slewStep:)``), through the
    /// loop for its case: gliding, held, or a line. O(count), no allocation.
    @_transparent
    static func renderAlone(
        _ a: inout SteadyVoice, origin: Int64, free: Bool, from n: Int64, count: Int,
        into sum: UnsafeMutablePointer<Float>, slewStep: Double
    ) {
        var alone = NoSteadyVoice()
        if a.wave.chirping {
            renderGroups(
                &a, &alone, origin: origin, free: free, glides: true, held: false,
                from: n, count: count, into: sum, slewStep: slewStep)
        } else if a.isHeld {
            renderGroups(
                &a, &alone, origin: origin, free: free, glides: false, held: true,
                from: n, count: count, into: sum, slewStep: slewStep)
        } else {
            renderGroups(
                &a, &alone, origin: origin, free: free, glides: false, held: false,
                from: n, count: count, into: sum, slewStep: slewStep)
        }
    }

    /// Starts the drive period at `at` (the current one's end): advances the ramp. A carrier
    /// that glided, or that glides or changes frequency now, starts over from the exact
    /// ``phase``; the caller then retunes it to the new ramp. O(1).
    @inline(__always)
    mutating func startPeriod(
        at: Int64, wave: inout RotatingCarrier, grid: DriveGrid,
        radiansPerHz: Double
    ) {
        let glided = ramp.hzSlope != 0
        advancePhase(to: at)
        grid.advance(&self, at: at)
        if glided || ramp.hzSlope != 0 || radiansPerHz * ramp.hz != wave.radiansPerSample {
            wave = RotatingCarrier(phase: phase)
        }
    }

    /// Moves ``phase`` on to sample `n` (inside the current ramp period, or its end): the sum
    /// of the ramp's frequency line over the samples between, in cycles, wrapped. O(1).
    @inline(__always)
    mutating func advancePhase(to n: Int64) {
        let k = Double(n &- phaseAt)
        let hz = ramp.hz + ramp.hzSlope * Double(phaseAt &- ramp.from)
        var p =
            phase + (k * hz + ramp.hzSlope * (k * (k - 1) / 2))
            * driver.oscillator.inverseSampleRate
        if p >= 1 { p -= Double(Int(p)) }
        phase = p
        phaseAt = n
    }
}
