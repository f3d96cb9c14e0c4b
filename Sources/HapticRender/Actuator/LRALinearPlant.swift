/// The LRA as a linear system, for measurements such as the datasheet's responses: ``LRAModel``
/// with a driver that holds low-Z through any silence (a hold of 10⁶ τ, so no zero-volt sample
/// opens it) and no output stage, driven at ``testVolts`` or below, clear of the end stops.
package struct LRALinearPlant {
    private var model: LRAModel
    /// Volts that keep the steady excursion at a quarter of x_max even at resonance (at most the
    /// rail).
    package let testVolts: Double

    /// The plant of `profile` (validated) at rest. Setup time.
    package init(profile: LRAProfile, sampleRate: Double) {
        model = LRAModel(profile: profile, sampleRate: sampleRate, lowZHoldTimeConstants: 1e6)
        testVolts = min(
            profile.voltageClamp,
            0.25 * profile.maxExcursion / profile.excursionPerVolt(atHz: profile.resonanceHz))
    }

    /// One sample at `volts`: the body acceleration, g. O(1).
    package mutating func acceleration(volts: Double) -> Double {
        model.step(volts: volts).acceleration
    }
}
