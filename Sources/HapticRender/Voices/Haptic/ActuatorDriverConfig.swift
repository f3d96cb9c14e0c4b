/// The constants ``TransientDriver`` and ``ContinuousDriver`` drive one actuator with, computed
/// once at setup (docs/physics.md: Driver design rules, Transient recipe, Continuous recipe).
/// The plant's part comes from its kind (``ActuatorKind/driverConfig(sampleRate:)``): the
/// drivers know the recipe, never the plant. Trivially copyable; the drivers keep a copy.
package struct ActuatorDriverConfig: Sendable, Hashable {
    package let sampleRate: Double
    /// The driver's rail, V.
    package let voltageClamp: Double
    /// Output slew limit, V/sample — the continuity bound of docs/physics.md, Output stage, so
    /// brake onsets and aborted tails never step.
    package let slewPerSample: Double
    /// The stored energy a brake reads, `halfMass·v² + halfStiffness·x²` from the feedback's
    /// velocity and excursion (the brake's stop criterion).
    package let halfMass: Double
    package let halfStiffness: Double
    /// Closed-loop brake gains, V per (m/s) of feedback velocity: the soft one (sharpness 0)
    /// and the hard one (sharpness 1, and every continuous voice's release).
    package let brakeGainSoft: Double
    package let brakeGainHard: Double
    /// A brake ends when the energy is below this fraction of its value at brake start (1e-4).
    package var brakeEnergyFraction: Double { 1e-4 }
    /// Safety cap on brake length (choice: 30 ms — 3–4× the 7.6–7.9 ms of docs/physics.md,
    /// Transient recipe), so a voice's lifetime stays bounded for the scheduler's polyphony count.
    package let maxBrakeSamples: Int
    /// A transient's sine amplitude for one cycle of carrier, V (divide by the cycles; the
    /// rail caps it).
    package let transientVoltsPerCycleBudget: Double
    /// Most half-cycles in a click, 1…4.
    package let transientMaxHalfCycles: Int
    /// Onset overdrive ratio, at most 4: how much a continuous voice's drive is raised at rest.
    package let overdriveRatio: Double
    /// Overdrive lasts at most this many samples.
    package let maxOverdriveSamples: Int
    /// Where the carriers start, cycles: 0, a sine; ¼ with a 0 Hz carrier, DC (an ERM's drive).
    package let carrierPhase: Double
    /// A click of fixed length instead of half-cycles of the carrier (an ERM's), or nil.
    package let clickPulse: ClickPulse?
    /// How far a continuous voice's drive may leave the mapping between grid points, V
    /// (``DriveGrid/toleranceVolts``): 1e-5 of the rail, or less for a plant whose
    /// phase integrates its drive (an ERM's speed).
    package let periodToleranceVolts: Double

    /// The constants for `profile` at `sampleRate` (its kind's). O(1).
    package init(profile: ActuatorProfile, sampleRate: Double = 48_000) {
        self = profile.kind.driverConfig(sampleRate: sampleRate)
    }

    /// The driver's constants with a plant's part; the recipe's own (the brake's energy
    /// fraction and its 30 ms cap) are the driver's. O(1).
    init(
        sampleRate: Double, voltageClamp: Double, slewPerSample: Double, halfMass: Double,
        halfStiffness: Double, brakeGainSoft: Double, brakeGainHard: Double,
        transientVoltsPerCycleBudget: Double, transientMaxHalfCycles: Int,
        overdriveRatio: Double, maxOverdriveSamples: Int, carrierPhase: Double = 0,
        clickPulse: ClickPulse? = nil, periodTolerance: Double = 1e-5
    ) {
        self.sampleRate = sampleRate
        self.voltageClamp = voltageClamp
        self.slewPerSample = slewPerSample
        self.halfMass = halfMass
        self.halfStiffness = halfStiffness
        self.brakeGainSoft = brakeGainSoft
        self.brakeGainHard = brakeGainHard
        maxBrakeSamples = Int(0.030 * sampleRate)
        self.transientVoltsPerCycleBudget = transientVoltsPerCycleBudget
        self.transientMaxHalfCycles = transientMaxHalfCycles
        self.overdriveRatio = overdriveRatio
        self.maxOverdriveSamples = maxOverdriveSamples
        self.carrierPhase = carrierPhase
        self.clickPulse = clickPulse
        periodToleranceVolts = periodTolerance * voltageClamp
    }
}

/// A transient as a pulse of the intensity's command (a plant with no resonance to ring up):
/// `volts` at intensity 1, lasting from `softSeconds` at sharpness 0 to `hardSeconds` at
/// sharpness 1, linear between (docs/physics.md, ERM drive).
package struct ClickPulse: Sendable, Hashable {
    package let volts: Double
    package let softSeconds: Double
    package let hardSeconds: Double
}
