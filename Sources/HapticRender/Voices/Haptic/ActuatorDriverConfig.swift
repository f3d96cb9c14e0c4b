/// Per-profile constants shared by ``TransientDriver`` and ``ContinuousDriver``, computed once at
/// setup (docs/physics.md: Driver design rules, Transient recipe, Continuous recipe). Trivially
/// copyable; the drivers keep a copy.
public struct ActuatorDriverConfig: Sendable, Hashable {
    public let sampleRate: Double
    public let resonanceHz: Double
    public let voltageClamp: Double
    /// Output slew limit, V/sample: `V_clamp·2π·f_max/fs` — the continuity bound of
    /// docs/physics.md, Output stage, so brake onsets and aborted tails never step.
    public let slewPerSample: Double
    /// ½μ and ½k for the stored energy ½μv² + ½kx² (the brake's stop criterion).
    public let halfMass: Double
    public let halfStiffness: Double
    /// Closed-loop brake gain K·Bl in V per (m/s) for braked Q = 0.8 (soft: sharpness 0) and
    /// Q = 0.5 (hard: sharpness 1): `K·Bl = (μω0/Q_b − c_total)·Re/Bl` (docs/physics.md, Driver
    /// design rules, with V = −K·Bl·v).
    public let brakeGainSoft: Double
    public let brakeGainHard: Double
    /// Brake ends when energy < this fraction of its brake-start value (1e-4).
    public let brakeEnergyFraction: Double
    /// Safety cap on brake length (choice: 30 ms — 3–4× the 7.6–7.9 ms of docs/physics.md,
    /// Transient recipe), so a voice's lifetime stays bounded for the scheduler's polyphony count.
    public let maxBrakeSamples: Int
    /// The excursion budget (docs/physics.md, Driver design rules) for a 1-cycle burst at f0:
    /// `0.8·x_max·k·Re/(π·Bl)` V (divide by N).
    public let transientVoltsPerCycleBudget: Double
    /// Most half-cycles in a click (``ActuatorProfile/transientMaxHalfCycles``, 1…4).
    public let transientMaxHalfCycles: Int
    /// Onset overdrive ratio `1/(1 − e^(−π/Q))` (docs/physics.md, Derived behaviour: 90 % in one
    /// cycle), capped at 4.
    public let overdriveRatio: Double
    /// Overdrive lasts at most this many samples (two periods of f0).
    public let maxOverdriveSamples: Int

    public init(profile p: ActuatorProfile, sampleRate: Double = 48_000) {
        self.sampleRate = sampleRate
        resonanceHz = p.resonanceHz
        voltageClamp = p.voltageClamp
        slewPerSample = p.voltageClamp * 2 * Double.pi * p.driveBandMaxHz / sampleRate
        halfMass = p.reducedMass / 2
        halfStiffness = p.stiffness / 2
        let mw = p.reducedMass * p.omega0
        func gain(_ qb: Double) -> Double {
            max(0, (mw / qb - p.lowZDamping) * p.coilResistance / p.forceFactor)
        }
        brakeGainSoft = gain(0.8)
        brakeGainHard = gain(0.5)
        brakeEnergyFraction = 1e-4
        maxBrakeSamples = Int(0.030 * sampleRate)
        transientVoltsPerCycleBudget =
            DriveMapping.excursionMargin * p.maxExcursion * p.stiffness
            * p.coilResistance / (Double.pi * p.forceFactor)
        transientMaxHalfCycles = min(max(Int(p.transientMaxHalfCycles), 1), 4)
        overdriveRatio = min(4, 1 / (1 - LibM.exp(-Double.pi / p.derivedQLowZ)))
        maxOverdriveSamples = Int(2 * sampleRate / p.resonanceHz)
    }
}
