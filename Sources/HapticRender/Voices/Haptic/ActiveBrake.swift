/// Closed-loop active braking by back-EMF (velocity) feedback (docs/physics.md, Transient recipe;
/// Cirrus Logic's "CLAB"): `V = −clamp(K·Bl·v, ±V_clamp)` until the stored energy ½μv² + ½kx² falls
/// below 1e-4 of its value at brake start, then done; over the last decade of energy (1e-3 … 1e-4)
/// the voltage fades linearly with the energy to 0.
///
/// The feedback reads the model's velocity 3 samples old (``LRAModel/feedbackState()``). That
/// delay is harmless: with K chosen for braked Q = 0.5 the loop gain per sample is 2ω0·T ≈ 0.04,
/// and 3 samples are 3.4° of phase at 150 Hz, so the brake force stays ≥ 99.8 % in phase with −v.
/// Bounded by ``ActuatorDriverConfig/maxBrakeSamples``. O(1): 6 mul, 4 compares per sample.
struct ActiveBrake: Sendable, Hashable {
    /// Brake gain K·Bl, V per (m/s).
    var gain: Double
    var stopEnergy: Double = -1
    var elapsed: Int = 0

    init(gain: Double) { self.gain = gain }

    /// The brake voltage for this sample, or nil once braking is complete.
    mutating func volts(
        velocity v: Double, excursion x: Double, config c: ActuatorDriverConfig
    ) -> Double? {
        let energy = c.halfMass * v * v + c.halfStiffness * x * x
        if stopEnergy < 0 { stopEnergy = energy * c.brakeEnergyFraction }
        if energy <= stopEnergy || elapsed >= c.maxBrakeSamples { return nil }
        elapsed &+= 1
        // The last decade of energy fades the brake out, so it ends at 0 V rather than stepping
        // there (and a state a rounding away from the stop cannot change the drive by a step).
        let fade = min((energy - stopEnergy) / (9 * stopEnergy), 1)
        return -min(max(gain * v, -c.voltageClamp), c.voltageClamp) * fade
    }

}
