/// What a continuous voice's carrier loop
/// (``ContinuousDriver/addCarrier(_:from:count:feedback:into:)``) reads of the actuator, per
/// sample: one group's feedback lanes while the onset overdrive lasts (``GroupFeedback``), none
/// after it (``NoFeedback``). The loop is written once and specialized for each.
protocol CarrierFeedback {
    /// Whether the onset overdrive may still run, so the loop reads the feedback at all.
    static var overdrives: Bool { get }
    /// How many samples it holds.
    var samples: Int { get }
    /// The actuator's excursion (m) and velocity (m/s) that sample `k` reads.
    func excursion(_ k: Int) -> Double
    func velocity(_ k: Int) -> Double
}

/// One group's feedback lanes (``ActuatorStage/groupFeedback``), from lane `lane` on: sample `k`
/// reads lane `lane + k`.
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
