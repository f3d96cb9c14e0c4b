extension PatternRenderer {
    /// Runs the haptic voices and the actuator for one chunk.
    ///
    /// Starts the actuator's groups over if a voice starts here and the actuator is at exact rest
    /// (``LRAModel/restartGroupsAtRest()``: every voice start begins a chunk, so a click from rest
    /// gives the same bits wherever it falls), then two passes, because only some voices read the actuator's state (``LRAModel/feedbackState()``:
    /// transient brakes, the continuous onset overdrive and offset brake) or the other voices':
    /// 1. steady continuous voices (``ContinuousHapticVoice``), voice-major, into
    ///    ``steadyDrive`` — a tight loop with no per-sample branching on the actuator;
    /// 2. per sample: that sum plus every other voice, the excursion guard, the actuator step.
    ///    When every voice was steady for the whole chunk, this is the bare actuator loop.
    ///
    /// Per sample the drive is summed in a fixed order — steady voices in pool order, then the
    /// other continuous voices, then transients — and which voices are steady at a sample is
    /// decided by absolute positions only (steady mode starts on the 256-sample grid, ends at
    /// the voice's scheduled end), so block size cannot change a bit.
    /// O(frames × (1 + active voices)), no allocation.
    mutating func renderHaptics(frames: Int) {
        // Fast path: nothing sounds and the actuator is at exact rest — stepping it with 0 V
        // is an identity, so the chunk is exact zeros either way (the model only counts the
        // samples towards Hi-Z).
        if continuous.count == 0, transients.count == 0, model.isAtRest {
            let out = actuatorOutputs()
            for i in 0..<frames { out.volts[i] = 0; out.acceleration[i] = 0; out.excursion[i] = 0 }
            model.skipAtRest(frames: frames)
            return
        }
        // Where a voice starts (a position of the pattern's, never of the block size).
        if nextVoice > 0 && voices[nextVoice &- 1].start == position { model.restartGroupsAtRest() }
        if position % Int64(chunk) == 0 { enterSteadyMode() }
        let allSteady = renderSteadyVoices(frames: frames)
        if allSteady && transients.count == 0 {
            runActuator(frames: frames)
        } else {
            runVoicesAndActuator(frames: frames)
        }
        compactHapticVoices()
    }

    /// Switches every continuous voice that has become steady to the voice-major path. Called
    /// on the 256-sample grid only. O(voices).
    mutating func enterSteadyMode() {
        for c in 0..<continuous.count {
            let p = continuous.storage + c
            guard !p.pointee.steady, !p.pointee.released, p.pointee.driver.isSteady,
                  position < p.pointee.spec.end else { continue }
            p.pointee.carrier = RotatingCarrier(phase: p.pointee.driver.oscillator.phase)
            // On the grid the ramp ends here and is retuned when advanced; otherwise tune now.
            if p.pointee.ramp.to != position {
                let ramp = p.pointee.ramp
                p.pointee.carrier.retune(radiansPerSample: radiansPerHz * ramp.point(at: position).hz,
                                         chirp: radiansPerHz * ramp.hzSlope)
            }
            p.pointee.steady = true
        }
    }

    /// Sums the steady voices' drive for the chunk into ``steadyDrive`` (pool order) and marks
    /// how far each got. A voice whose scheduled end falls inside the chunk leaves steady mode
    /// there. Voices go two at a time while both are steady (see
    /// ``ContinuousHapticVoice/renderSteady(_:_:from:count:into:slewStep:controls:radiansPerHz:)``),
    /// the longer-lived one alone after the other's end. Returns whether every continuous voice
    /// was steady for the whole chunk. O(frames × steady voices).
    mutating func renderSteadyVoices(frames: Int) -> Bool {
        for i in 0..<frames { steadyDrive[i] = 0 }
        var all = true
        var waiting: UnsafeMutablePointer<ContinuousHapticVoice>? = nil  // a steady voice without a partner yet
        for c in 0..<continuous.count {
            let p = continuous.storage + c
            guard p.pointee.steady else {
                p.pointee.steadyThrough = .min
                all = false
                continue
            }
            guard let a = waiting else {
                waiting = p
                continue
            }
            waiting = nil
            let countA = steadyCount(a, frames: frames), countB = steadyCount(p, frames: frames)
            let both = min(countA, countB)
            ContinuousHapticVoice.renderSteady(a, p, from: position, count: both, into: steadyDrive, slewStep: slewStep,
                                               controls: controls, radiansPerHz: radiansPerHz)
            let longer = countA > both ? a : p
            longer.pointee.renderSteady(from: position &+ Int64(both), count: max(countA, countB) &- both,
                                        into: steadyDrive + both, slewStep: slewStep, controls: controls,
                                        radiansPerHz: radiansPerHz)
            all = finishSteady(a, count: countA, frames: frames) && all
            all = finishSteady(p, count: countB, frames: frames) && all
        }
        if let a = waiting {
            let count = steadyCount(a, frames: frames)
            a.pointee.renderSteady(from: position, count: count, into: steadyDrive, slewStep: slewStep, controls: controls,
                                   radiansPerHz: radiansPerHz)
            all = finishSteady(a, count: count, frames: frames) && all
        }
        return all
    }

    /// How many of the chunk's `frames` samples the steady voice `p` renders: up to its
    /// scheduled end. O(1).
    @inline(__always)
    func steadyCount(_ p: UnsafeMutablePointer<ContinuousHapticVoice>, frames: Int) -> Int {
        let remaining = p.pointee.spec.end &- position
        return remaining <= 0 ? 0 : Int(min(Int64(frames), remaining))
    }

    /// Marks how far the steady voice `p` got (`count` samples of the chunk's `frames`); one
    /// that ended inside the chunk leaves steady mode. Returns whether it lasted the chunk. O(1).
    @inline(__always)
    func finishSteady(_ p: UnsafeMutablePointer<ContinuousHapticVoice>, count: Int, frames: Int) -> Bool {
        p.pointee.steadyThrough = position &+ Int64(count)
        guard count < frames else { return true }
        p.pointee.steady = false
        return false
    }

    /// Where the actuator writes: the drive, acceleration and excursion rows of the chunk, with
    /// their output scales. O(1).
    @inline(__always)
    func actuatorOutputs() -> HapticSignalBuffers {
        HapticSignalBuffers(
            volts: signals + 2 * chunk, voltsScale: driveScale,
            acceleration: signals + 3 * chunk, accelerationScale: accelerationScale,
            excursion: signals + 4 * chunk, excursionScale: excursionScale)
    }

    /// The actuator alone on the steady drive: every voice steady, no transient. Writes the
    /// drive and excursion rows only if a channel reads them. O(frames).
    mutating func runActuator(frames: Int) {
        let sink = GroupSink(actuatorOutputs())
        let setup = model.kernelSetup(excursionGuard, slew: slewStep)
        // Literal flags, so each call specializes the inlined kernel (no per-sample test).
        if writesDriveAndExcursion {
            model.runBlock(drive: steadyDrive, count: frames, setup: setup, into: sink, allSignals: true)
        } else {
            model.runBlock(drive: steadyDrive, count: frames, setup: setup, into: sink, allSignals: false)
        }
        // Every voice drove through the chunk.
        drivingLastSample = continuous.count
    }

    /// Every voice, sample by sample, and the actuator group by group: transient brakes, the
    /// onset overdrive and the offset brake read the actuator's feedback state — 3 samples old,
    /// so a group's four are known before it runs — and a group's drive is summed first (into ``steadyDrive``, over the
    /// steady voices' sum) and then runs through the actuator's block kernel (its setup and
    /// outputs prepared once per chunk). A sample's drive is summed in Double and stored as
    /// Float before the guard, as the steady path's sum is. The mixing rule reads which voices
    /// drove on the previous sample. O(frames × voices).
    mutating func runVoicesAndActuator(frames: Int) {
        let sink = GroupSink(actuatorOutputs())
        let setup = model.kernelSetup(excursionGuard, slew: slewStep)
        var drivingBefore = drivingLastSample
        var i = 0
        while i < frames {
            let groupEnd = min(frames, i &+ 4 &- model.groupPhase)
            let recentX = model.recentX, recentV = model.recentV
            for j in i..<groupEnd {
                let n = position &+ Int64(j)
                let x = Double(recentX[j &- i]), v = Double(recentV[j &- i])
                var sum = Double(steadyDrive[j])
                var driving = 0
                for c in 0..<continuous.count {
                    let p = continuous.storage + c
                    if n < p.pointee.steadyThrough {  // summed in steadyDrive
                        driving &+= 1
                        continue
                    }
                    let wasDriving = p.pointee.driver.isDriving
                    let others = drivingBefore - (wasDriving ? 1 : 0) > 0
                    var point = DrivePoint(hz: 0, volts: 0, excursionPerVolt: 0)
                    if !p.pointee.released {
                        if n >= p.pointee.spec.end {
                            p.pointee.driver.release(brake: true)
                            p.pointee.released = true
                        } else {
                            if n == p.pointee.ramp.to { controls.advance(&p.pointee, at: n) }
                            point = p.pointee.ramp.point(at: n)
                        }
                    }
                    sum += p.pointee.driver.drive(point, velocity: v, excursion: x, othersDriving: others)
                    if p.pointee.driver.isDriving { driving &+= 1 }
                }
                for t in 0..<transients.count {
                    let p = transients.storage + t
                    let wasDriving = p.pointee.driver.isDriving
                    let others = drivingBefore - (wasDriving ? 1 : 0) > 0
                    sum += p.pointee.driver.drive(velocity: v, excursion: x, othersDriving: others)
                    if p.pointee.driver.isDriving { driving &+= 1 }
                }
                drivingBefore = driving
                steadyDrive[j] = Float(sum)
            }
            // Literal flags, as in runActuator.
            if writesDriveAndExcursion {
                model.runBlock(drive: steadyDrive + i, count: groupEnd &- i, setup: setup, into: sink.advanced(by: i),
                               allSignals: true)
            } else {
                model.runBlock(drive: steadyDrive + i, count: groupEnd &- i, setup: setup, into: sink.advanced(by: i),
                               allSignals: false)
            }
            i = groupEnd
        }
        drivingLastSample = drivingBefore
    }

    /// Drops finished haptic voices, keeping the others in order (see ``VoicePool``). O(voices).
    mutating func compactHapticVoices() {
        continuous.removeAll { $0.driver.isFinished }
        transients.removeAll { $0.driver.isFinished }
    }
}
