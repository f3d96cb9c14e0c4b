/// Where a drive generator is in its life: first its own signal (`driving`: the transient's
/// pulse, the continuous voice's carrier), then the tail every driver shares — the active
/// brake, the slew back to 0 V, finished.
enum DrivePhase: UInt8, Sendable { case driving, brake, release, finished }

/// The part of a drive generator that ``TransientDriver`` and ``ContinuousDriver`` share: the
/// phase, the active brake after the driving phase, and the slew-limited output.
///
/// Mixing rule (``TransientDriver`` explains it): the brake runs only while no other voice
/// drives; the first sample another voice drives, or once the brake's energy target is met,
/// the driver releases — slews to 0 V — and is finished when the output gets there.
/// O(1) per sample, no allocation.
struct DriverTail: Sendable, Hashable {
    var phase: DrivePhase = .driving
    var brake: ActiveBrake
    /// The last output sample, V (slew-limited).
    var output: Double = 0

    init(brakeGain: Double) { brake = ActiveBrake(gain: brakeGain) }

    /// The target voltage after the driving phase: the brake's while it lasts, else 0 V (the
    /// release). Ends the brake when its energy target is met or another voice drives. O(1).
    @inline(__always)
    mutating func target(
        othersDriving: Bool, velocity: Double, excursion: Double,
        config: ActuatorDriverConfig
    ) -> Double {
        guard phase == .brake else { return 0 }
        if !othersDriving,
            let v = brake.volts(velocity: velocity, excursion: excursion, config: config)
        {
            return v
        }
        phase = .release
        return 0
    }

    /// Moves the output toward `target` by at most the slew step and returns it; a released
    /// driver whose output is back at 0 V is finished. O(1).
    @inline(__always)
    mutating func settle(toward target: Double, config: ActuatorDriverConfig) -> Double {
        slew(&output, toward: target, step: config.slewPerSample)
        finishAtRest()
        return output
    }

    /// Ends the driving phase after its last sample: the brake next, or the release while
    /// another voice drives. O(1).
    @inline(__always)
    mutating func endDriving(othersDriving: Bool) {
        phase = othersDriving ? .release : .brake
        finishAtRest()
    }

    /// A released driver whose output is back at 0 V is finished. O(1).
    @inline(__always)
    private mutating func finishAtRest() {
        if phase == .release && output == 0 { phase = .finished }
    }
}
