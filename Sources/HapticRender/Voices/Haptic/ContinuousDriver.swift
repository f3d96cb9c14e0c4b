/// Drive generator for one AHAP `HapticContinuous` voice (docs/physics.md, Continuous recipe).
///
/// Per sample the synthesizer evaluates the voice's effective sharpness/intensity (event
/// value, envelope, parameter curves) through ``DriveMapping/evaluate(sharpness:intensity:)``
/// and passes the resulting ``DrivePoint``; this driver turns it into volts:
/// - carrier: ``SineOscillator`` at `point.hz` — phase-continuous, so sharpness curves glide;
/// - amplitude: `point.volts` (already intensity-mapped and excursion-pre-limited);
/// - onset overdrive (optional, default on): closed-loop emulation of the recipe — while the
///   motion amplitude `sqrt(x² + (v/ω)²)` (ω = 2π·hz) is below 90 % of the steady-state target
///   `point.volts·|X/V|`, the amplitude is raised by up to ``ActuatorDriverConfig/overdriveRatio``
///   (capped by V_clamp) — the full ratio at rest, falling with the motion's energy to 1 at the
///   target, so the drive never jumps — for the first two periods of f0. (No latch when the
///   target is first reached: a rounding of the state must not decide the rest of the onset.) Choice: the reference gives the rule, not the detector.
/// - offset brake: after ``release(brake:)`` the carrier stops (at the current sample; the
///   synthesizer should have ramped intensity to 0 first, as AHAP release envelopes and
///   Android require) and ``ActiveBrake`` runs with the hard gain (braked Q = 0.5).
///   Same mixing rule as ``TransientDriver``: no brake while another voice drives.
/// Output slew-limited like the transient driver. O(1) per sample, no allocation, no libm.
struct ContinuousDriver: Sendable, Hashable {
    var tail: DriverTail
    var oscillator: SineOscillator
    var overdriveSamplesLeft: Int
    let config: ActuatorDriverConfig

    /// Prepares a voice. O(1); safe to call from the render loop.
    init(config: ActuatorDriverConfig, overdrive: Bool = true) {
        self.config = config
        oscillator = SineOscillator(sampleRate: config.sampleRate, phase: config.carrierPhase)
        tail = DriverTail(brakeGain: config.brakeGainHard)
        overdriveSamplesLeft = overdrive ? config.maxOverdriveSamples : 0
    }

    /// True while the carrier runs at its plain amplitude: no onset overdrive left, not
    /// released. From then on until the release the drive is `volts·sin` through the slew
    /// limit and reads neither the actuator nor other voices.
    var isSteady: Bool { isDriving && overdriveSamplesLeft == 0 }
    /// True once released, braked and back at 0 V.
    @inline(__always) var isFinished: Bool {
        if case .finished = tail.phase { true } else { false }
    }
    /// True while the carrier runs (before ``release(brake:)``).
    @inline(__always) var isDriving: Bool {
        if case .driving = tail.phase { true } else { false }
    }

    /// Ends the carrier; brakes next (unless `brake` is false or another voice drives).
    mutating func release(brake useBrake: Bool = true) {
        if isDriving { tail.phase = useBrake ? .brake : .release }
    }

    /// Next drive sample in volts. `point` is ignored after ``release(brake:)``.
    mutating func drive(
        _ point: DrivePoint, velocity: Double, excursion: Double, othersDriving: Bool
    ) -> Double {
        switch tail.phase {
        case .driving:
            let volts = Self.amplitude(
                point, velocity: velocity, excursion: excursion,
                overdriveSamplesLeft: &overdriveSamplesLeft, config: config)
            return carrierSample(
                volts: volts, sine: oscillator.next(hz: point.hz), output: &tail.output,
                slewStep: config.slewPerSample)
        case .brake, .release:
            let target = tail.target(
                othersDriving: othersDriving, velocity: velocity, excursion: excursion,
                config: config)
            return tail.settle(toward: target, config: config)
        case .finished:
            return 0
        }
    }

    /// The carrier's amplitude at one sample: `point.volts`, raised by the onset overdrive while
    /// it lasts (the driving phase of ``drive(_:velocity:excursion:othersDriving:)``), on the
    /// driver's `overdriveSamplesLeft` (passed in, so a loop keeps it in a register). O(1).
    @inline(__always)
    static func amplitude(
        _ point: DrivePoint, velocity: Double, excursion: Double, overdriveSamplesLeft: inout Int,
        config: ActuatorDriverConfig
    ) -> Double {
        var amplitude = point.volts
        if overdriveSamplesLeft > 0 {
            overdriveSamplesLeft -= 1
            let w = 2 * Double.pi * point.hz
            let reach = 0.9 * amplitude * point.excursionPerVolt * w
            // (x·ω)² + v² < (0.9·X_target·ω)²  ⇔  amplitude below 90 % of target. The gain
            // falls from the full ratio at rest to exactly 1 there, with the motion's
            // energy: a continuous law, so the drive never jumps when the overdrive ends.
            let energy = (excursion * w) * (excursion * w) + velocity * velocity
            let target = reach * reach
            if energy < target {
                let gain = 1 + (config.overdriveRatio - 1) * (1 - energy / target)
                amplitude = min(amplitude * gain, max(amplitude, config.voltageClamp))
            }
        }
        return amplitude
    }

    /// Adds the samples `n ..< n + count` that ``drive(_:velocity:excursion:othersDriving:)``
    /// returns while the carrier runs on `ramp` (the voice's drive period, which holds them
    /// all) to `sum[0 ..< count]`, sample `n + k` reading `feedback`'s sample `k` (which only
    /// the overdrive uses). The oscillator, the overdrive count and the output stay in locals,
    /// and the phase is not tested per sample (it stays `driving`). Specialized per `Feedback`:
    /// during the onset one group's feedback, after it none (and no overdrive test). O(count).
    @inline(__always)
    mutating func addCarrier<Feedback: CarrierFeedback>(
        _ ramp: DriveRamp, from n: Int64, count: Int, feedback: Feedback,
        into sum: UnsafeMutablePointer<Double>
    ) {
        assert(isDriving && count <= feedback.samples, "a driving voice, feedback for each sample")
        assert(Feedback.overdrives || overdriveSamplesLeft == 0, "no overdrive left")
        var wave = oscillator
        var left = overdriveSamplesLeft
        var output = tail.output
        let step = config.slewPerSample
        for k in 0..<count {
            let point = ramp.point(at: n &+ Int64(k))
            var volts = point.volts
            if Feedback.overdrives {
                volts = Self.amplitude(
                    point, velocity: feedback.velocity(k), excursion: feedback.excursion(k),
                    overdriveSamplesLeft: &left, config: config)
            }
            sum[k] += carrierSample(
                volts: volts, sine: wave.next(hz: point.hz), output: &output, slewStep: step)
        }
        oscillator = wave
        overdriveSamplesLeft = left
        tail.output = output
    }
}

/// What a continuous voice's carrier loop
/// (``ContinuousDriver/addCarrier(_:from:count:feedback:into:)``) reads of the actuator, per
/// sample: one group's feedback while the onset overdrive lasts (``GroupFeedback``), none after
/// it (``NoFeedback``). The loop is written once and specialized for each.
protocol CarrierFeedback {
    /// Whether the onset overdrive may still run, so the loop reads the feedback at all.
    static var overdrives: Bool { get }
    /// How many samples it holds.
    var samples: Int { get }
    /// The actuator's excursion (m) and velocity (m/s) that sample `k` reads.
    func excursion(_ k: Int) -> Double
    func velocity(_ k: Int) -> Double
}

/// One group's feedback (``ActuatorStage/groupFeedback``, one SIMD lane per sample), from lane
/// `lane` on: sample `k` reads lane `lane + k`.
struct GroupFeedback: CarrierFeedback {
    static var overdrives: Bool { true }
    let excursions: SIMD4<Float>
    let velocities: SIMD4<Float>
    let lane: Int
    var samples: Int { 4 &- lane }
    @inline(__always) func excursion(_ k: Int) -> Double { Double(excursions[lane &+ k]) }
    @inline(__always) func velocity(_ k: Int) -> Double { Double(velocities[lane &+ k]) }
}

/// No feedback: the onset overdrive is over, and the carrier reads nothing of the actuator.
struct NoFeedback: CarrierFeedback {
    static var overdrives: Bool { false }
    var samples: Int { .max }
    @inline(__always) func excursion(_ k: Int) -> Double { 0 }
    @inline(__always) func velocity(_ k: Int) -> Double { 0 }
}
