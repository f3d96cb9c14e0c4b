/// Drive generator for one AHAP `HapticContinuous` voice (lra-model.md §4.4).
///
/// Per sample the synthesizer evaluates the voice's effective sharpness/intensity (event
/// value, envelope, parameter curves) through ``DriveMapping/evaluate(sharpness:intensity:)``
/// and passes the resulting ``DrivePoint``; this driver turns it into volts:
/// - carrier: ``SineOscillator`` at `point.hz` — phase-continuous, so sharpness curves glide;
/// - amplitude: `point.volts` (already intensity-mapped and excursion-pre-limited);
/// - onset overdrive (optional, default on): closed-loop emulation of §4.4 — while the
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
public struct ContinuousDriver: Sendable, Hashable {
    @usableFromInline var tail: DriverTail
    @usableFromInline var oscillator: SineOscillator
    @usableFromInline var overdriveSamplesLeft: Int
    @usableFromInline let config: ActuatorDriverConfig

    /// Prepares a voice. O(1); safe to call from the render loop.
    @inlinable
    public init(config: ActuatorDriverConfig, overdrive: Bool = true) {
        self.config = config
        oscillator = SineOscillator(sampleRate: config.sampleRate)
        tail = DriverTail(brakeGain: config.brakeGainHard)
        overdriveSamplesLeft = overdrive ? config.maxOverdriveSamples : 0
    }

    /// True while the carrier runs at its plain amplitude: no onset overdrive left, not
    /// released. From then on until the release the drive is `volts·sin` through the slew
    /// limit and reads neither the actuator nor other voices.
    @inlinable public var isSteady: Bool { isDriving && overdriveSamplesLeft == 0 }
    /// True once released, braked and back at 0 V.
    @_transparent public var isFinished: Bool {
        if case .finished = tail.phase { true } else { false }
    }
    /// True while the carrier runs (before ``release(brake:)``).
    @_transparent public var isDriving: Bool {
        if case .driving = tail.phase { true } else { false }
    }

    /// Ends the carrier; brakes next (unless `brake` is false or another voice drives).
    @inlinable
    public mutating func release(brake useBrake: Bool = true) {
        if isDriving { tail.phase = useBrake ? .brake : .release }
    }

    /// Next drive sample in volts. `point` is ignored after ``release(brake:)``.
    @inlinable
    public mutating func drive(
        _ point: DrivePoint, velocity: Double, excursion: Double, othersDriving: Bool
    ) -> Double {
        var target = 0.0
        switch tail.phase {
        case .driving:
            target = Self.carrier(
                point, velocity: velocity, excursion: excursion, oscillator: &oscillator,
                overdriveSamplesLeft: &overdriveSamplesLeft, config: config)
        case .brake, .release:
            target = tail.target(
                othersDriving: othersDriving, velocity: velocity, excursion: excursion,
                config: config)
        case .finished:
            return 0
        }
        return tail.settle(toward: target, config: config)
    }

    /// The carrier's next sample before the slew limit, with the onset overdrive while it lasts:
    /// the driving phase of ``drive(_:velocity:excursion:othersDriving:)``, on the driver's
    /// `oscillator` and `overdriveSamplesLeft` (passed in, so a loop keeps them in registers). O(1).
    @inlinable @inline(__always)
    static func carrier(
        _ point: DrivePoint, velocity: Double, excursion: Double, oscillator: inout SineOscillator,
        overdriveSamplesLeft: inout Int, config: ActuatorDriverConfig
    ) -> Double {
        var amplitude = point.volts
        if overdriveSamplesLeft > 0 {
            // addUnraisedGroup(_:from:excursion:velocity:into:) writes this test for four lanes:
            // a change here goes there too (ContinuousCarrierSpanTests compares them).
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
        return amplitude * oscillator.next(hz: point.hz)
    }

    /// Adds the samples `n ..< n + count` that ``drive(_:velocity:excursion:othersDriving:)``
    /// returns while the carrier runs on `ramp` (the voice's control period, which holds them
    /// all) to `sum[0 ..< count]`; sample `n + k` reads feedback lane `lane + k` of `excursion`
    /// and `velocity` (`lane + count` ≤ 4), which only the overdrive uses. The oscillator, the
    /// overdrive count and the output stay in locals, and the phase is not tested per sample
    /// (it stays `driving`). O(count).
    @inline(__always)
    mutating func addCarrier(
        _ ramp: DriveRamp, from n: Int64, count: Int, lane: Int, excursion: SIMD4<Float>,
        velocity: SIMD4<Float>, into sum: UnsafeMutablePointer<Double>
    ) {
        assert(
            isDriving && lane &+ count <= 4,
            "the carrier loop runs inside one group of a driving voice")
        var wave = oscillator
        var left = overdriveSamplesLeft
        var output = tail.output
        let step = config.slewPerSample
        for k in 0..<count {
            let point = ramp.point(at: n &+ Int64(k))
            let target = Self.carrier(
                point, velocity: Double(velocity[lane &+ k]),
                excursion: Double(excursion[lane &+ k]), oscillator: &wave,
                overdriveSamplesLeft: &left, config: config)
            slew(&output, toward: target, step: step)
            sum[k] += output
        }
        oscillator = wave
        overdriveSamplesLeft = left
        tail.output = output
    }

    /// ``addCarrier(_:from:count:lane:excursion:velocity:into:)`` for one whole group (samples
    /// `n … n + 3`, lanes 0…3) that the overdrive does not raise: every sample's motion is at
    /// or above its target. Four lanes compute the ramp's lines and the overdrive's test with the
    /// operations of the per-sample path, lane by lane; the carrier and the slew limit run
    /// sample by sample. Returns false, changing nothing, if the overdrive would raise a
    /// sample or ends inside the group. O(1).
    @inline(__always)
    mutating func addUnraisedGroup(
        _ ramp: DriveRamp, from n: Int64, excursion: SIMD4<Float>, velocity: SIMD4<Float>,
        into sum: UnsafeMutablePointer<Double>
    ) -> Bool {
        typealias D4 = SIMD4<Double>
        assert(isDriving)
        guard overdriveSamplesLeft >= 4 else { return false }
        // offsets are small integers: k0 + j is Double(n + j − from)
        let k0 = Double(n &- ramp.from)
        let k = D4(k0, k0 + 1, k0 + 2, k0 + 3)
        // DriveRamp.point(at:) and the overdrive's test in carrier(_:velocity:excursion:…), per lane.
        let hz = D4(repeating: ramp.hz) + D4(repeating: ramp.hzSlope) * k
        let volts = D4(repeating: ramp.volts) + D4(repeating: ramp.slope) * k
        let perVolt =
            D4(repeating: ramp.excursionPerVolt) + D4(repeating: ramp.excursionPerVoltSlope) * k
        let w = D4(repeating: 2 * Double.pi) * hz
        let reach = D4(repeating: 0.9) * volts * perVolt * w
        let x = D4(excursion)
        let v = D4(velocity)
        let energy = (x * w) * (x * w) + v * v
        let target = reach * reach
        guard !any(energy .< target) else { return false }
        overdriveSamplesLeft &-= 4
        var wave = oscillator
        var output = tail.output
        let slewStep = config.slewPerSample
        for j in 0..<4 {
            slew(&output, toward: volts[j] * wave.next(hz: hz[j]), step: slewStep)
            sum[j] += output
        }
        oscillator = wave
        tail.output = output
        return true
    }

    /// ``addCarrier(_:from:count:lane:excursion:velocity:into:)`` once the overdrive is over, for
    /// any `count`: the carrier reads no feedback. O(count).
    @inline(__always)
    mutating func addSteadyCarrier(
        _ ramp: DriveRamp, from n: Int64, count: Int, into sum: UnsafeMutablePointer<Double>
    ) {
        assert(isDriving && overdriveSamplesLeft == 0)
        var wave = oscillator
        var output = tail.output
        let step = config.slewPerSample
        for k in 0..<count {
            let point = ramp.point(at: n &+ Int64(k))
            slew(&output, toward: point.volts * wave.next(hz: point.hz), step: step)
            sum[k] += output
        }
        oscillator = wave
        tail.output = output
    }
}
