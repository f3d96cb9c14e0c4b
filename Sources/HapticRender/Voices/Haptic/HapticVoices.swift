/// The haptic voice stage: the continuous and transient voices, summed into one chunk of drive
/// and run through the ``ActuatorStage`` group by group.
///
/// Two passes, because only some voices read the actuator's state (transient brakes, the
/// continuous onset overdrive and offset brake) or the other voices':
/// 1. steady continuous voices (``ContinuousHapticVoice``), voice-major, into ``driveSum`` —
///    their block path, a tight loop with no per-sample branching on the actuator;
/// 2. per sample: that sum plus every other voice, then the actuator. When every voice was
///    steady for the whole chunk, this is the bare actuator loop.
///
/// Per sample the drive is summed in a fixed order — steady voices in pool order, then the
/// other continuous voices, then transients — and which voices are steady at a sample is
/// decided by absolute positions only (steady mode starts on the 256-sample grid, ends at the
/// voice's scheduled end), so block size cannot change a bit.
struct HapticVoices {
    private(set) var continuous: VoicePool<ContinuousHapticVoice>
    private(set) var transients: VoicePool<TransientHapticVoice>
    /// How many voices drove on the last sample rendered (the mixing rule's `othersDriving`).
    private var drivingLastSample = 0
    /// Lanes and tables for continuous voices' control points.
    let controls: ContinuousControl
    private let driverConfig: ActuatorDriverConfig
    /// 2π/fs: carrier radians per sample per Hz.
    let radiansPerHz: Double
    /// ``ActuatorDriverConfig/slewPerSample``.
    let slewStep: Double
    /// One chunk of the summed drive, volts: the steady voices' sum (Float: see
    /// ``RotatingCarrier``), then every voice's, which the actuator reads.
    private let driveSum: UnsafeMutablePointer<Float>

    /// Pools of `continuousCapacity` and `transientCapacity` voices. Prepare time only.
    init(continuousCapacity: Int, transientCapacity: Int, controls: ContinuousControl,
         driverConfig: ActuatorDriverConfig, sampleRate: Double, memory: RenderMemory) {
        continuous = VoicePool(capacity: continuousCapacity, memory: memory)
        transients = VoicePool(capacity: transientCapacity, memory: memory)
        self.controls = controls
        self.driverConfig = driverConfig
        radiansPerHz = 2 * Double.pi / sampleRate
        slewStep = driverConfig.slewPerSample
        driveSum = memory.allocate(PatternRenderer.chunkFrames, repeating: 0)
    }

    /// Whether no haptic voice sounds (or brakes).
    var isSilent: Bool { continuous.count == 0 && transients.count == 0 }

    /// No voice sounds. O(1).
    mutating func reset() {
        continuous.count = 0
        transients.count = 0
        drivingLastSample = 0
    }

    /// Starts a continuous voice at `n`, its first control period from the lanes there. O(1).
    mutating func startContinuous(_ spec: VoiceSpec, at n: Int64) {
        let first = controls.firstRamp(spec, at: n)
        var voice = ContinuousHapticVoice(spec: spec, driver: ContinuousDriver(config: driverConfig), ramp: first.ramp)
        voice.rampEndsAtChange = first.atChange
        voice.column = first.column
        continuous.append(voice)
    }

    /// Starts a transient voice: intensity controls and curves scale it by `control`, their
    /// value at its onset. O(1).
    mutating func startTransient(_ spec: VoiceSpec, control: Float) {
        let intensity = Double(min(max(spec.level * control, 0), 1))
        transients.append(TransientHapticVoice(driver: TransientDriver(
            config: driverConfig, lookup: controls.lookup, sharpness: Double(spec.timbre), intensity: intensity)))
    }

    /// A runtime value changes `layer`'s haptic lanes at `n`: its continuous voices take the new
    /// value there, not at the end of their control period. O(voices).
    func laneChanged(layer: Int, at n: Int64) {
        for c in 0..<continuous.count where continuous.storage[c].spec.layer == layer {
            controls.cut(&continuous.storage[c], at: n)
        }
    }

    /// Renders the chunk `start ..< start + frames` through `actuator`, which writes the haptic
    /// rows. `voiceStarts`: a voice starts at `start` (a position of the pattern's, never of
    /// the block size), so the actuator's groups start over if it is at rest.
    /// O(frames × (1 + active voices)), no allocation.
    mutating func process(from start: Int64, frames: Int, voiceStarts: Bool, actuator: inout ActuatorStage) {
        // Nothing sounds and the actuator is at exact rest: stepping it with 0 V is an
        // identity, so the chunk is exact zeros either way.
        if isSilent && actuator.isAtRest {
            actuator.rest(frames: frames)
            return
        }
        if voiceStarts { actuator.restartGroupsAtRest() }
        if start % Int64(PatternRenderer.chunkFrames) == 0 { enterSteadyMode(at: start) }
        let allSteady = renderSteadyVoices(from: start, frames: frames)
        if allSteady && transients.count == 0 {
            actuator.run(driveSum, from: 0, count: frames)
            // Every voice drove through the chunk.
            drivingLastSample = continuous.count
        } else {
            renderVoicesPerSample(from: start, frames: frames, actuator: &actuator)
        }
        continuous.removeAll { $0.driver.isFinished }
        transients.removeAll { $0.driver.isFinished }
    }

    /// Switches every continuous voice that has become steady to the block path. Called
    /// on the 256-sample grid only. O(voices).
    private func enterSteadyMode(at position: Int64) {
        for c in 0..<continuous.count {
            let p = continuous.storage + c
            guard !p.pointee.steady, !p.pointee.released, p.pointee.driver.isSteady,
                  position < p.pointee.spec.end else { continue }
            // Tuned by the block path, which retunes on every grid point.
            p.pointee.carrier = RotatingCarrier(phase: p.pointee.driver.oscillator.phase)
            p.pointee.phase = p.pointee.driver.oscillator.phase
            p.pointee.phaseAt = position
            p.pointee.steady = true
        }
    }

    /// Sums the steady voices' drive for the chunk into ``driveSum`` (pool order) and marks
    /// how far each got. A voice whose scheduled end falls inside the chunk leaves steady mode
    /// there. Voices go two at a time while both are steady (see
    /// ``ContinuousHapticVoice/renderSteady(_:_:from:count:into:slewStep:controls:radiansPerHz:)``),
    /// the longer-lived one alone after the other's end, and the last one alone if their number
    /// is odd. Returns whether every continuous voice was steady for the whole chunk.
    /// O(frames × steady voices).
    private func renderSteadyVoices(from position: Int64, frames: Int) -> Bool {
        for i in 0..<frames { driveSum[i] = 0 }
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
            let countA = Self.steadyCount(a, from: position, frames: frames)
            let countB = Self.steadyCount(p, from: position, frames: frames)
            let both = min(countA, countB)
            ContinuousHapticVoice.renderSteady(a, p, from: position, count: both, into: driveSum, slewStep: slewStep,
                                               controls: controls, radiansPerHz: radiansPerHz)
            ContinuousHapticVoice.renderSteady(countA > both ? a : p, nil, from: position &+ Int64(both),
                                               count: max(countA, countB) &- both, into: driveSum + both,
                                               slewStep: slewStep, controls: controls, radiansPerHz: radiansPerHz)
            all = Self.finishSteady(a, from: position, count: countA, frames: frames) && all
            all = Self.finishSteady(p, from: position, count: countB, frames: frames) && all
        }
        if let a = waiting {
            let count = Self.steadyCount(a, from: position, frames: frames)
            ContinuousHapticVoice.renderSteady(a, nil, from: position, count: count, into: driveSum,
                                               slewStep: slewStep, controls: controls, radiansPerHz: radiansPerHz)
            all = Self.finishSteady(a, from: position, count: count, frames: frames) && all
        }
        return all
    }

    /// How many of the chunk's `frames` samples from `position` the steady voice `p` renders:
    /// up to its scheduled end. O(1).
    @inline(__always)
    private static func steadyCount(_ p: UnsafeMutablePointer<ContinuousHapticVoice>, from position: Int64,
                                    frames: Int) -> Int {
        let remaining = p.pointee.spec.end &- position
        return remaining <= 0 ? 0 : Int(min(Int64(frames), remaining))
    }

    /// Marks how far the steady voice `p` got (`count` samples of the chunk's `frames` from
    /// `position`); one that ended inside the chunk leaves steady mode. Returns whether it
    /// lasted the chunk. O(1).
    @inline(__always)
    private static func finishSteady(_ p: UnsafeMutablePointer<ContinuousHapticVoice>, from position: Int64,
                                     count: Int, frames: Int) -> Bool {
        p.pointee.steadyThrough = position &+ Int64(count)
        guard count < frames else { return true }
        p.pointee.steady = false
        return false
    }

    /// Every voice, sample by sample, and the actuator group by group: transient brakes, the
    /// onset overdrive and the offset brake read the actuator's feedback state — 3 samples old,
    /// so a group's four are known before it runs — and a group's drive is summed first (into
    /// ``driveSum``, over the steady voices' sum) and then runs through the actuator. A sample's
    /// drive is summed in Double and stored as Float before the guard, as the steady path's
    /// sum is. The mixing rule reads which voices drove on the previous sample.
    /// O(frames × voices).
    private mutating func renderVoicesPerSample(from position: Int64, frames: Int, actuator: inout ActuatorStage) {
        var drivingBefore = drivingLastSample
        var i = 0
        while i < frames {
            let groupEnd = min(frames, i &+ actuator.samplesToGroupEnd)
            let (recentX, recentV) = actuator.groupFeedback
            for j in i..<groupEnd {
                let n = position &+ Int64(j)
                let x = Double(recentX[j &- i]), v = Double(recentV[j &- i])
                var sum = Double(driveSum[j])
                var driving = 0
                for c in 0..<continuous.count {
                    let p = continuous.storage + c
                    if n < p.pointee.steadyThrough {  // summed in driveSum
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
                driveSum[j] = Float(sum)
            }
            actuator.run(driveSum, from: i, count: groupEnd &- i)
            i = groupEnd
        }
        drivingLastSample = drivingBefore
    }
}
