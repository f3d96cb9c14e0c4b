/// The haptic voice stage: the continuous and transient voices, summed into one chunk of drive
/// and run through the ``ActuatorStage`` group by group.
///
/// Two passes, because only some voices read the actuator's state (transient brakes, the
/// continuous onset overdrive and offset brake) or the other voices':
/// 1. steady continuous voices (``ContinuousHapticVoice``), voice-major, into ``driveSum`` —
///    their block path, a tight loop with no per-sample branching on the actuator;
/// 2. every other voice over that sum, voice-major in spans or groups the actuator's feedback
///    allows (``renderVoicesPerSample(from:frames:actuator:)``), then the actuator. When every
///    voice was steady for the whole chunk, this is the bare actuator loop.
///
/// Per sample the drive is summed in a fixed order — steady voices in pool order, then the
/// other continuous voices, then transients — and which voices are steady at a sample is
/// decided by absolute positions only (steady mode starts on the 256-sample grid, ends at the
/// voice's scheduled end), so block size cannot change a bit.
///
/// ## Drive paths
///
/// A sounding carrier follows one law, ``carrierSample(volts:sine:output:slewStep:)``: volts ×
/// sine → slew limit → sum, in Double on the per-sample path and in Float on the steady block
/// path. Every path calls it, or (the unchecked groups) is its specialization where the slew
/// limit provably returns the target. The two drivers' `drive` are the definitions (the
/// reference engine runs them); every other path is checked against them or against its
/// general form, bit for bit (`bitPattern`):
///
/// | path | renders | guarded by |
/// |---|---|---|
/// | `ContinuousDriver.drive` | the definition; the end, release, brake | — |
/// | `addCarrier`, `GroupFeedback` | the onset overdrive, one group | `carrierSpans…` (1) |
/// | `addCarrier`, `NoFeedback` | the carrier before steady mode | `carrierSpans…` (1) |
/// | `TransientDriver.drive` | the definition; pulse end, brake | — |
/// | `TransientDriver.addIndependent` | the pulse, the release | `spansAdd…` (2) |
/// | steady pair, line form | two steady voices | `steadyPairAdds…` (3) |
/// | steady voice alone, line | one steady voice | `skippingTheSlew…` (3) |
/// | steady voice alone, held | a flat line, without offsets | `skippingTheSlew…` (3) |
/// | steady voice alone, gliding | a chirping carrier | `skippingTheSlew…` (3) |
/// | unchecked groups, in each steady loop | volts × sine, 4 at a time | `skippingTheSlew…` (3) |
///
/// (1) `ContinuousCarrierSpanTests.carrierSpansAddTheSamplesDriveReturns`, against `drive`;
/// (2) `TransientSpanTests.spansAddTheSamplesDriveReturns`, against `drive`;
/// (3) `RendererFastPathTests`: `steadyPairAddsWhatTwoPassesAdd` (a pair against each voice
/// alone) and `skippingTheSlewLimitChangesNoBit` (each loop against the line form with the
/// slew limit on every sample; a held line, a 40 Hz glide). Block size:
/// `denseHapticsAreBitIdenticalForEveryBlockSize`. The steady path (Float) agrees with the
/// per-sample definition (Double) within a tolerance: `steadyPathMatchesThePerSampleDefinition`.
/// Every path reads the control periods' lines (``ContinuousControl``), which the reference
/// does not have (it evaluates the mapping at every sample): short and long continuous events,
/// transients and their mixes agree with it on every preset within the release checks'
/// tolerance, `EngineAgreementTests.shortAndLongEventsAgreeOnEveryActuator`.
///
/// What the specialized loops buy: the steady pair 8–12 % of wall time (two rotation chains per
/// loop); the held loop 0.8 % and the gliding one 0.9 % of the dense haptic-only render's
/// instructions (callgrind).
struct HapticVoices {
    private(set) var continuous: VoicePool<ContinuousHapticVoice>
    private(set) var transients: VoicePool<TransientDriver>
    /// How many voices drove on the last sample rendered (the mixing rule's `othersDriving`).
    private var drivingLastSample = 0
    /// Parameter lanes and tables for continuous voices' grid points.
    let grid: DriveGrid
    private let driverConfig: ActuatorDriverConfig
    /// 2π/fs: carrier radians per sample per Hz.
    let radiansPerHz: Double
    /// ``ActuatorDriverConfig/slewPerSample``.
    let slewStep: Double
    /// One chunk of the summed drive, volts: the steady voices' sum (Float: see
    /// ``RotatingCarrier``), then every voice's, which the actuator reads.
    private let driveSum: UnsafeMutablePointer<Float>
    /// One chunk of the per-sample path's drive, summed in Double (see ``renderVoicesPerSample``).
    private let voiceSum: UnsafeMutablePointer<Double>

    /// Pools of `continuousCapacity` and `transientCapacity` voices. Prepare time only.
    init(
        continuousCapacity: Int, transientCapacity: Int, grid: DriveGrid,
        driverConfig: ActuatorDriverConfig, sampleRate: Double, memory: RenderMemory
    ) {
        continuous = VoicePool(capacity: continuousCapacity, memory: memory)
        transients = VoicePool(capacity: transientCapacity, memory: memory)
        self.grid = grid
        self.driverConfig = driverConfig
        radiansPerHz = 2 * Double.pi / sampleRate
        slewStep = driverConfig.slewPerSample
        driveSum = memory.allocate(PatternRenderer.chunkFrames, repeating: 0)
        voiceSum = memory.allocate(PatternRenderer.chunkFrames, repeating: 0)
    }

    /// Whether no haptic voice sounds (or brakes).
    var isSilent: Bool { continuous.count == 0 && transients.count == 0 }

    /// No voice sounds. O(1).
    mutating func reset() {
        continuous.count = 0
        transients.count = 0
        drivingLastSample = 0
    }

    /// Starts a continuous voice at `n`, its first drive period from the parameter lanes there.
    /// O(1).
    mutating func startContinuous(_ spec: VoiceSpec, at n: Int64) {
        let first = grid.firstRamp(spec, at: n)
        var voice = ContinuousHapticVoice(
            spec: spec, driver: ContinuousDriver(config: driverConfig), ramp: first.ramp)
        voice.rampEndsAtChange = first.atChange
        voice.column = first.column
        continuous.append(voice)
    }

    /// Starts a transient voice: intensity controls and curves scale it by `control`, their
    /// value at its onset. O(1).
    mutating func startTransient(_ spec: VoiceSpec, control: Float) {
        let intensity = Double(min(max(spec.level * control, 0), 1))
        transients.append(
            TransientDriver(
                config: driverConfig, lookup: grid.lookup, sharpness: Double(spec.timbre),
                intensity: intensity))
    }

    /// A runtime value changes `layer`'s haptic parameter lanes at `n`: its continuous voices take
    /// the new value there, not at the end of their drive period. O(voices).
    func parameterLaneChanged(layer: Int, at n: Int64) {
        for c in 0..<continuous.count where continuous.storage[c].spec.layer == layer {
            grid.cut(&continuous.storage[c], at: n)
        }
    }

    /// Renders the chunk `start ..< start + frames` through `actuator`, which writes the haptic
    /// rows. `voiceStarts`: a voice starts at `start` (a position of the pattern's, never of
    /// the block size), so the actuator's groups start over if it is at rest.
    /// O(frames × (1 + active voices)), no allocation.
    mutating func process<Model: ActuatorModel>(
        from start: Int64, frames: Int, voiceStarts: Bool, actuator: inout ActuatorStage<Model>
    ) {
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
            actuator.process(driveSum, from: 0, count: frames)
            // Every voice drove through the chunk.
            drivingLastSample = continuous.count
        } else {
            renderVoicesPerSample(from: start, frames: frames, actuator: &actuator)
        }
        continuous.removeAll { $0.driver.isFinished }
        transients.removeAll { $0.isFinished }
    }

    /// Switches every continuous voice that has become steady to the block path. Called
    /// on the 256-sample grid only. O(voices).
    private func enterSteadyMode(at position: Int64) {
        for c in 0..<continuous.count {
            let p = continuous.storage + c
            guard !p.pointee.steady, !p.pointee.released, p.pointee.driver.isSteady,
                position < p.pointee.spec.end
            else { continue }
            // Tuned by the block path, which retunes on every grid point.
            p.pointee.carrier = RotatingCarrier(phase: p.pointee.driver.oscillator.phase)
            p.pointee.phase = p.pointee.driver.oscillator.phase
            p.pointee.phaseAt = position
            p.pointee.steady = true
        }
    }

    /// Sums the steady voices' drive for the chunk into ``driveSum`` (pool order) and marks how far
    /// each got. A voice whose scheduled end falls inside the chunk leaves steady mode there.
    /// Voices go two at a time while both are steady (see
    /// ``ContinuousHapticVoice/renderSteady(_:_:from:count:into:slewStep:grid:radiansPerHz:)``),
    /// the longer-lived one alone after the other's end, and the last one alone if their number is
    /// odd. Returns whether every continuous voice was steady for the whole chunk. O(frames ×
    /// steady voices).
    private func renderSteadyVoices(from position: Int64, frames: Int) -> Bool {
        for i in 0..<frames { driveSum[i] = 0 }
        var all = true
        // a steady voice without a partner yet
        var waiting: UnsafeMutablePointer<ContinuousHapticVoice>? = nil
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
            ContinuousHapticVoice.renderSteady(
                a, p, from: position, count: both, into: driveSum, slewStep: slewStep,
                grid: grid, radiansPerHz: radiansPerHz)
            ContinuousHapticVoice.renderSteady(
                countA > both ? a : p, nil, from: position &+ Int64(both),
                count: max(countA, countB) &- both, into: driveSum + both,
                slewStep: slewStep, grid: grid, radiansPerHz: radiansPerHz)
            all = Self.finishSteady(a, from: position, count: countA, frames: frames) && all
            all = Self.finishSteady(p, from: position, count: countB, frames: frames) && all
        }
        if let a = waiting {
            let count = Self.steadyCount(a, from: position, frames: frames)
            ContinuousHapticVoice.renderSteady(
                a, nil, from: position, count: count, into: driveSum,
                slewStep: slewStep, grid: grid, radiansPerHz: radiansPerHz)
            all = Self.finishSteady(a, from: position, count: count, frames: frames) && all
        }
        return all
    }

    /// How many of the chunk's `frames` samples from `position` the steady voice `p` renders:
    /// up to its scheduled end. O(1).
    @inline(__always)
    private static func steadyCount(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from position: Int64,
        frames: Int
    ) -> Int {
        let remaining = p.pointee.spec.end &- position
        return remaining <= 0 ? 0 : Int(min(Int64(frames), remaining))
    }

    /// Marks how far the steady voice `p` got (`count` samples of the chunk's `frames` from
    /// `position`); one that ended inside the chunk leaves steady mode. Returns whether it
    /// lasted the chunk. O(1).
    @inline(__always)
    private static func finishSteady(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from position: Int64,
        count: Int, frames: Int
    ) -> Bool {
        p.pointee.steadyThrough = position &+ Int64(count)
        guard count < frames else { return true }
        p.pointee.steady = false
        return false
    }

    /// Every other voice over the steady voices' sum, and the actuator: transient brakes, the
    /// onset overdrive and the offset brake read the actuator's feedback state — 3 samples old,
    /// so a group's four are known before it runs — and the mixing rule reads how many voices
    /// drove on the previous sample. Each sample's drive is summed in Double in a fixed order
    /// (the steady sum, the other continuous voices, the transients, each in pool order) and
    /// stored as Float before the guard, as the steady path's sum is.
    ///
    /// Voice-major, with a Double sum per sample (``voiceSum``), so each voice keeps its state
    /// in registers while the per-sample order of the additions, and so every bit, stays that
    /// of a sample-by-sample loop. Two kinds of step:
    /// - a *span* of whole groups in which no voice reads the actuator or the mixing rule (pulses
    ///   before their last sample, carriers without overdrive before their end, releases): the
    ///   voices first, then the actuator in one call;
    /// - otherwise one group, each voice reading the group's feedback (SIMD lanes) and, where a
    ///   voice can read it, how many voices drove on the sample before each
    ///   (``drivingBefore(from:atChunkStart:)``: a voice's driving phase ends at a sample its state
    ///   fixes in advance, so voices need not wait for one another).
    /// In both, a continuous voice's carrier
    /// (``addCarrier(_:from:count:excursion:velocity:into:)``) runs in its driver's own loop with
    /// its state in locals. O(frames × voices), no allocation.
    private mutating func renderVoicesPerSample<Model: ActuatorModel>(
        from position: Int64, frames: Int, actuator: inout ActuatorStage<Model>
    ) {
        var i = 0
        while i < frames {
            let n = position &+ Int64(i)
            let left = frames &- i
            let groupRest = min(actuator.samplesToGroupEnd, left)
            var independent = Int.max
            var mixingFree = Int.max
            for c in 0..<continuous.count {
                let p = continuous.storage + c
                let free = Self.mixingFreeSamples(p, from: n)
                mixingFree = min(mixingFree, free)
                independent = min(independent, Self.independentSamples(p, mixingFree: free))
            }
            for t in 0..<transients.count {
                let free = transients.storage[t].independentSamplesAhead
                independent = min(independent, free)
                mixingFree = min(mixingFree, free)
            }
            var count = groupRest
            if independent >= groupRest {
                // Whole groups (the kernel runs a cut group sample by sample), or up to the chunk's
                // end.
                count = min(independent, left)
                if count < left { count = groupRest &+ (count &- groupRest) & ~3 }
            }
            let sum = voiceSum
            Self.widen(driveSum + i, into: sum, count: count)
            if independent >= count {
                for c in 0..<continuous.count
                where continuous.storage[c].steadyThrough < n &+ Int64(count) {
                    addIndependent(continuous.storage + c, from: n, count: count, into: sum)
                }
                for t in 0..<transients.count {
                    transients.storage[t].addIndependent(count: count, into: sum)
                }
            } else {
                let (x, v) = actuator.groupFeedback
                let before =
                    mixingFree >= count
                    ? SIMD4(repeating: 0) : drivingBefore(from: n, atChunkStart: i == 0)
                for c in 0..<continuous.count
                where continuous.storage[c].steadyThrough < n &+ Int64(count) {
                    let p = continuous.storage + c
                    if Self.independentSamples(p, mixingFree: Self.mixingFreeSamples(p, from: n))
                        >= count
                    {
                        addIndependent(p, from: n, count: count, into: sum)
                    } else {
                        add(
                            p, from: n, count: count, into: sum, excursion: x, velocity: v,
                            drivingBefore: before)
                    }
                }
                for t in 0..<transients.count {
                    let p = transients.storage + t
                    if p.pointee.independentSamplesAhead >= count {
                        p.pointee.addIndependent(count: count, into: sum)
                        continue
                    }
                    for k in 0..<count {
                        let others = before[k] &- (p.pointee.isDriving ? 1 : 0) > 0
                        sum[k] += p.pointee.drive(
                            velocity: Double(v[k]), excursion: Double(x[k]),
                            othersDriving: others)
                    }
                }
            }
            Self.narrow(sum, into: driveSum + i, count: count)
            actuator.process(driveSum, from: i, count: count)
            i &+= count
        }
        drivingLastSample = drivingBefore(from: position &+ Int64(frames), atChunkStart: false)[0]
    }

    /// `sum[0 ..< count] = Double(drive[0 ..< count])`, four at a time (the same conversions).
    /// O(count).
    @inline(__always)
    private static func widen(
        _ drive: UnsafeMutablePointer<Float>, into sum: UnsafeMutablePointer<Double>,
        count: Int
    ) {
        var k = 0
        while count &- k >= 4 {
            store4(SIMD4<Double>(load4(drive + k)), sum + k)
            k &+= 4
        }
        while k < count {
            sum[k] = Double(drive[k])
            k &+= 1
        }
    }

    /// `drive[0 ..< count] = Float(sum[0 ..< count])`, four at a time (the same roundings).
    /// O(count).
    @inline(__always)
    private static func narrow(
        _ sum: UnsafeMutablePointer<Double>, into drive: UnsafeMutablePointer<Float>,
        count: Int
    ) {
        var k = 0
        while count &- k >= 4 {
            store4(SIMD4<Float>(load4(sum + k)), drive + k)
            k &+= 4
        }
        while k < count {
            drive[k] = Float(sum[k])
            k &+= 1
        }
    }

    /// How many voices drove on the samples before `n`, `n + 1`, `n + 2` and `n + 3` (SIMD lanes
    /// 0…3), from each voice's state at `n`: a voice in its driving phase at `n` drove on the
    /// sample before (except one that starts at the chunk's start: SIMD lane 0 is then the count
    /// carried from the last chunk), and it drives through its scheduled end (a continuous voice,
    /// steady or not) or its pulse but the last sample (a transient). O(voices).
    @inline(__always)
    // mutating: no copy
    private mutating func drivingBefore(from n: Int64, atChunkStart: Bool) -> SIMD4<Int> {
        let ahead = SIMD4(Int.min, 1, 2, 3)
        var driving = SIMD4<Int>(repeating: 0)
        for c in 0..<continuous.count {
            let p = continuous.storage + c
            guard p.pointee.driver.isDriving && !p.pointee.released else { continue }
            let samples = Self.mixingFreeSamples(p, from: n)  // to its scheduled end
            driving &+= SIMD4(repeating: 0).replacing(
                with: 1, where: SIMD4(repeating: samples) .>= ahead)
        }
        for t in 0..<transients.count where transients.storage[t].isDriving {
            let samples = transients.storage[t].drivingSamplesAhead
            driving &+= SIMD4(repeating: 0).replacing(
                with: 1, where: SIMD4(repeating: samples) .>= ahead)
        }
        if atChunkStart { driving[0] = drivingLastSample }
        return driving
    }

    /// How many samples from `n` the continuous voice `p` renders without reading the actuator
    /// or the mixing rule, given its ``mixingFreeSamples(_:from:)`` at `n`: none during the onset
    /// overdrive (which reads the actuator), else all of those. O(1).
    @inline(__always)
    private static func independentSamples(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, mixingFree: Int
    ) -> Int {
        p.pointee.driver.overdriveSamplesLeft == 0 || p.pointee.released ? mixingFree : 0
    }

    /// How many samples from `n` the continuous voice `p` renders without reading the mixing
    /// rule: up to its scheduled end while the carrier runs, none while braking, all after the
    /// brake. O(1).
    @inline(__always)
    private static func mixingFreeSamples(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from n: Int64
    ) -> Int {
        guard !p.pointee.released else { return p.pointee.driver.tail.phase == .brake ? 0 : .max }
        return Int(max(0, min(p.pointee.spec.end &- n, Int64(Int32.max))))
    }

    /// Adds the continuous voice `p`'s samples `n ..< n + count` that the steady path did not
    /// sum to `sum[0 ..< count]`, where none reads the actuator or the mixing rule
    /// (``independentSamples(_:mixingFree:)``). O(count).
    @inline(__always)
    private mutating func addIndependent(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from n: Int64,
        count: Int, into sum: UnsafeMutablePointer<Double>
    ) {
        var k =
            p.pointee.steadyThrough > n ? Int(min(p.pointee.steadyThrough &- n, Int64(count))) : 0
        guard p.pointee.released else {  // before its end, the overdrive over: no feedback is read
            let none = SIMD4<Float>(repeating: 0)
            addCarrier(
                p, from: n &+ Int64(k), count: count &- k, excursion: none, velocity: none,
                into: sum + k)
            return
        }
        let point = DrivePoint(hz: 0, volts: 0, excursionPerVolt: 0)
        while k < count {
            sum[k] += p.pointee.driver.drive(point, velocity: 0, excursion: 0, othersDriving: false)
            k &+= 1
        }
    }

    /// Adds the continuous voice `p`'s samples `n ..< n + count` (one group: `count` ≤ 4) that the
    /// steady path did not sum to `sum[0 ..< count]`, reading the group's feedback (SIMD lanes) and
    /// `drivingBefore` (how many voices drove on the sample before each). O(count).
    @inline(__always)
    private mutating func add(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from n: Int64, count: Int,
        into sum: UnsafeMutablePointer<Double>, excursion x: SIMD4<Float>,
        velocity v: SIMD4<Float>, drivingBefore: SIMD4<Int>
    ) {
        if p.pointee.steadyThrough <= n && !p.pointee.released
            && n &+ Int64(count) <= p.pointee.spec.end
        {
            // The carrier (the onset overdrive reads the feedback): no release, no mixing rule.
            addCarrier(p, from: n, count: count, excursion: x, velocity: v, into: sum)
            return
        }
        for k in 0..<count {
            let at = n &+ Int64(k)
            if at < p.pointee.steadyThrough { continue }  // summed in driveSum
            let others = drivingBefore[k] &- (p.pointee.driver.isDriving ? 1 : 0) > 0
            var point = DrivePoint(hz: 0, volts: 0, excursionPerVolt: 0)
            if !p.pointee.released {
                if at >= p.pointee.spec.end {
                    p.pointee.driver.release(brake: true)
                    p.pointee.released = true
                } else {
                    if at == p.pointee.ramp.to { grid.advance(&p.pointee, at: at) }
                    point = p.pointee.ramp.point(at: at)
                }
            }
            sum[k] += p.pointee.driver.drive(
                point, velocity: Double(v[k]), excursion: Double(x[k]),
                othersDriving: others)
        }
    }

    /// Adds the carrier of the continuous voice `p` — not released, and `n + count` not past its
    /// end — for samples `n ..< n + count` to `sum[0 ..< count]`, drive period by control
    /// period (``ContinuousDriver/addCarrier(_:from:count:feedback:into:)``); sample `n + k`
    /// reads feedback SIMD lane `k` while the onset overdrive lasts (then `count` ≤ 4).
    /// O(count).
    @inline(__always)
    private mutating func addCarrier(
        _ p: UnsafeMutablePointer<ContinuousHapticVoice>, from n: Int64, count: Int,
        excursion x: SIMD4<Float>, velocity v: SIMD4<Float>,
        into sum: UnsafeMutablePointer<Double>
    ) {
        assert(!p.pointee.released && n &+ Int64(count) <= p.pointee.spec.end)
        var k = 0
        while k < count {
            let at = n &+ Int64(k)
            if at == p.pointee.ramp.to { grid.advance(&p.pointee, at: at) }
            let end = Int(min(p.pointee.ramp.to &- n, Int64(count)))
            assert(end > k, "a drive period ends after its start")
            let ramp = p.pointee.ramp
            if p.pointee.driver.overdriveSamplesLeft == 0 {
                p.pointee.driver.addCarrier(
                    ramp, from: at, count: end &- k, feedback: NoFeedback(), into: sum + k)
            } else {
                p.pointee.driver.addCarrier(
                    ramp, from: at, count: end &- k,
                    feedback: GroupFeedback(excursions: x, velocities: v, lane: k), into: sum + k)
            }
            k = end
        }
    }
}
