/// Physical and driver parameters of one simulated LRA (linear resonant actuator) mounted on a
/// device body: the numbers of the ``ActuatorProfile/lra(_:)`` kind (docs/physics.md, Model
/// equations and Presets).
///
/// The stored fields are what a datasheet or a fit to a recording gives; the mechanical
/// constants the equations need (`μ`, `k`, `c_m`, the electrical damping `Bl²/Re`) are
/// derived from them (docs/physics.md, Model equations):
///
/// ```
/// μ = m·M/(m+M)        k = μ·ω0²        c_m = μ·ω0/Q_m        c_e = Bl²/Re
/// Q_ts = 1/(1/Q_m + 1/Q_e),  Q_e = μ·ω0·Re/Bl²
/// ```
///
/// `qLowZ` (Q_ts) is therefore redundant with `qHiZ`, `forceFactor` and `coilResistance`.
/// Choice (a preset states both a nominal Q_ts and the Bl/Re that imply it): the
/// simulation uses the *physical* damping `c_m + Bl²/Re` — so the 2-state model and the
/// 3-state oracle describe the same plant — and ``validate(sampleRate:)`` requires the
/// declared `qLowZ` to agree with the derived ``derivedQLowZ`` within 2 %.
///
/// Units are SI (Hz, kg, N/A, Ω, H, V, m) except ``fullScaleG`` (g = 9.80665 m/s²).
/// `Codable` uses only the standard library; JSON loading lives in another layer.
public struct LRAProfile: Codable, Sendable, Hashable {
    /// Display name ("iphone", "coin", "pixel" for the presets).
    public var name: String
    /// In-situ resonance f0 in Hz (with the body attached).
    public var resonanceHz: Double
    /// Q_ts: total quality factor with a low-impedance (voltage-source) driver.
    public var qLowZ: Double
    /// Q_m: mechanical quality factor, driver outputs open (Hi-Z, i = 0).
    public var qHiZ: Double
    /// Moving mass m in kg.
    public var movingMass: Double
    /// Force factor Bl in N/A.
    public var forceFactor: Double
    /// Coil DC resistance Re in Ω.
    public var coilResistance: Double
    /// Coil inductance Le in H (used by the oracle only; the real-time path sets Le = 0).
    public var coilInductance: Double
    /// Mass M of the body the actuator is fixed to, in kg.
    public var bodyMass: Double
    /// Location/mode factor `loc` of the measurement point (1 = rigid body).
    public var locationFactor: Double
    /// Peak drive-voltage rail in V; every drive sample is clamped to ±this.
    public var voltageClamp: Double
    /// End-stop position x_max in m (±).
    public var maxExcursion: Double
    /// End-stop stiffness k_s as a multiple of the suspension stiffness k (an elastomer
    /// stop: 30–100; docs/physics.md, End stop).
    public var endStopStiffnessRatio: Double
    /// Lowest drive frequency the driver can produce, Hz (bounds the sharpness band).
    public var driveBandMinHz: Double
    /// Highest drive frequency the driver can produce, Hz.
    public var driveBandMaxHz: Double
    /// Acceleration in g that maps to 1.0 in a normalized acceleration channel. Presets: the
    /// FOAM peak rounded up (2.87 → 3, 1.84 → 2, 1.46 → 1.5 g; docs/physics.md, Derived
    /// behaviour).
    public var fullScaleG: Double
    /// Most half-cycles of drive in a transient click, 1…4 (a whole number): the driver's
    /// attack. 4 keeps ``TransientDriver``'s 4/3/2 ladder by sharpness (an ordinary LRA driver
    /// builds a click over 1–2 cycles); 1 makes every click one overdriven half-cycle, which
    /// peaks within one oscillation (the `iphone` preset: the Taptic Engine's claim;
    /// docs/physics.md, Transient recipe).
    public var transientMaxHalfCycles: Double

    public init(
        name: String, resonanceHz: Double, qLowZ: Double, qHiZ: Double, movingMass: Double,
        forceFactor: Double, coilResistance: Double, coilInductance: Double, bodyMass: Double,
        locationFactor: Double = 1, voltageClamp: Double, maxExcursion: Double,
        endStopStiffnessRatio: Double = 50, driveBandMinHz: Double = 30,
        driveBandMaxHz: Double = 300,
        fullScaleG: Double, transientMaxHalfCycles: Double = 4
    ) {
        self.name = name
        self.resonanceHz = resonanceHz
        self.qLowZ = qLowZ
        self.qHiZ = qHiZ
        self.movingMass = movingMass
        self.forceFactor = forceFactor
        self.coilResistance = coilResistance
        self.coilInductance = coilInductance
        self.bodyMass = bodyMass
        self.locationFactor = locationFactor
        self.voltageClamp = voltageClamp
        self.maxExcursion = maxExcursion
        self.endStopStiffnessRatio = endStopStiffnessRatio
        self.driveBandMinHz = driveBandMinHz
        self.driveBandMaxHz = driveBandMaxHz
        self.fullScaleG = fullScaleG
        self.transientMaxHalfCycles = transientMaxHalfCycles
    }

    // MARK: Derived constants (docs/physics.md, Model equations)

    /// ω0 = 2π·f0.
    package var omega0: Double { 2 * Double.pi * resonanceHz }
    /// Reduced mass μ = m·M/(m+M); using μ makes f0 the in-situ resonance.
    package var reducedMass: Double { movingMass * bodyMass / (movingMass + bodyMass) }
    /// Suspension stiffness k = μ·ω0².
    package var stiffness: Double { reducedMass * omega0 * omega0 }
    /// Mechanical damping c_m = μ·ω0/Q_m.
    package var mechanicalDamping: Double { reducedMass * omega0 / qHiZ }
    /// Electrical (back-EMF) damping through a 0-Ω source, Bl²/Re.
    package var electricalDamping: Double { forceFactor * forceFactor / coilResistance }
    /// Total low-Z damping c = c_m + Bl²/Re.
    package var lowZDamping: Double { mechanicalDamping + electricalDamping }
    /// Q_ts implied by Q_m, Bl and Re: the damping actually simulated with a low-Z driver.
    package var derivedQLowZ: Double { reducedMass * omega0 / lowZDamping }
    /// Low-Z envelope time constant τ = 2·Q_ts/ω0 (amplitude e-folding time).
    package var lowZTimeConstant: Double { 2 * derivedQLowZ / omega0 }
    /// Hi-Z envelope time constant τ_m = 2·Q_m/ω0.
    package var hiZTimeConstant: Double { 2 * qHiZ / omega0 }
    /// End-stop stiffness k_s.
    package var endStopStiffness: Double { endStopStiffnessRatio * stiffness }
    /// Drive force per volt with a low-Z driver and Le = 0: Bl/Re (N/V).
    package var forcePerVolt: Double { forceFactor / coilResistance }

    /// |displacement/volt| at `hz` in m/V (Le = 0, low-Z): `(Bl/Re)/μ / |P(ω)|`.
    package func excursionPerVolt(atHz hz: Double) -> Double {
        let w = 2 * Double.pi * hz
        let w0 = omega0
        let re = w0 * w0 - w * w
        let im = w * lowZDamping / reducedMass
        return forcePerVolt / reducedMass / (re * re + im * im).squareRoot()
    }

    /// |body acceleration/volt| at `hz` in g/V (Le = 0, low-Z; Pixel HAL's formula).
    package func accelerationPerVolt(atHz hz: Double) -> Double {
        let w = 2 * Double.pi * hz
        return excursionPerVolt(atHz: hz) * w * w * reducedMass * locationFactor / bodyMass
            / ActuatorProfile.standardGravity
    }

    /// Largest steady-state drive amplitude at `hz`: the rail, and `excursionMargin·x_max` of
    /// steady-state excursion (the excursion pre-limiter `V_max(f) = x_max/|X/V(f)|`).
    package func maxDriveVolts(atHz hz: Double, excursionMargin: Double = 1) -> Double {
        min(voltageClamp, excursionMargin * maxExcursion / excursionPerVolt(atHz: hz))
    }

    /// Frequency–output-acceleration map in g (Android's "FOAM"): the acceleration reached at
    /// `hz` with the largest allowed steady-state drive (rail or x_max).
    package func foam(atHz hz: Double) -> Double {
        accelerationPerVolt(atHz: hz) * maxDriveVolts(atHz: hz)
    }

    // MARK: Validation

    /// Checks every field against its range; throws the first violation.
    ///
    /// The ranges are wide enough for any real LRA, voice coil or test jig, and
    /// narrow enough that every quantity the simulation derives (ω0, k, c, τ, the excursion
    /// and acceleration per volt, the drive's slew and pulse lengths, the settling time) is
    /// finite and every conversion of one to a sample count fits an `Int` at any supported
    /// rate (8–384 kHz), so no profile can trap or make a sample NaN or infinite:
    ///
    /// | field | allowed | unit |
    /// |---|---|---|
    /// | `resonanceHz` | 10 … < sampleRate/4 | Hz |
    /// | `qLowZ` | > 0.5 … 1,000 | |
    /// | `qHiZ` | > `qLowZ` … 10,000 | |
    /// | `movingMass` | 10⁻⁵ … 1 | kg |
    /// | `bodyMass` | 10⁻³ … 100 | kg |
    /// | `forceFactor` | 10⁻³ … 100 | N/A |
    /// | `coilResistance` | 0.1 … 10⁴ | Ω |
    /// | `coilInductance` | 0 … 1 | H |
    /// | `locationFactor` | 0.01 … 100 | |
    /// | `voltageClamp` | 0.01 … 1,000 | V |
    /// | `maxExcursion` | 10⁻⁶ … 0.1 | m |
    /// | `endStopStiffnessRatio` | 1 … 1,000 (docs/physics.md: chatter appears at 10⁴·k), and the contact resonance f0·√(1 + ratio) < sampleRate/4 | |
    /// | `driveBandMinHz` | 1 … < `driveBandMaxHz` | Hz |
    /// | `driveBandMaxHz` | > `driveBandMinHz` … < sampleRate/2 | Hz |
    /// | `fullScaleG` | 0.01 … 1,000 | g |
    /// | `transientMaxHalfCycles` | 1, 2, 3 or 4 | |
    ///
    /// Every value must be finite; f0 < sampleRate/4, and the same for the resonance in contact
    /// with the end stop, keeps the prewarped bilinear map accurate and the oscillators far from
    /// Nyquist (a contact resonance near it makes the switching between regimes gain energy
    /// until the samples overflow); Q > 0.5 keeps the plant underdamped, so "Q" and f0
    /// mean what docs/physics.md says; Q_m > Q_ts makes Q_e positive. Finally the declared `qLowZ` must
    /// agree with the value implied by Q_m, Bl and Re (``derivedQLowZ``) within 2 %.
    package func validate(sampleRate: Double = 48_000) throws(ActuatorProfileError) {
        func require(
            _ field: String, _ value: Double, _ range: ClosedRange<Double>, _ allowed: String
        ) throws(ActuatorProfileError) {
            if !(value.isFinite && range.contains(value)) {
                throw .outOfRange(field: field, value: value, allowed: allowed)
            }
        }
        func above(_ x: Double) -> Double { x.nextUp }
        func below(_ x: Double) -> Double { x.nextDown }
        let quarter = sampleRate / 4
        let half = sampleRate / 2
        try require(
            "resonanceHz", resonanceHz, 10...max(10, below(quarter)),
            "10 … < sampleRate/4 = \(quarter) Hz")
        try require("qLowZ", qLowZ, above(0.5)...1_000, "> 0.5 … 1000")
        try require(
            "qHiZ", qHiZ, above(max(qLowZ, 0.5))...10_000,
            "> qLowZ = \(qLowZ) (Hi-Z removes back-EMF damping) … 10000")
        try require("movingMass", movingMass, 1e-5...1, "1e-5 … 1 kg")
        try require("bodyMass", bodyMass, 1e-3...100, "0.001 … 100 kg")
        try require("forceFactor", forceFactor, 1e-3...100, "0.001 … 100 N/A")
        try require("coilResistance", coilResistance, 0.1...10_000, "0.1 … 10000 Ω")
        try require("coilInductance", coilInductance, 0...1, "0 … 1 H")
        try require("locationFactor", locationFactor, 0.01...100, "0.01 … 100")
        try require("voltageClamp", voltageClamp, 0.01...1_000, "0.01 … 1000 V")
        try require("maxExcursion", maxExcursion, 1e-6...0.1, "1e-6 … 0.1 m")
        try require("endStopStiffnessRatio", endStopStiffnessRatio, 1...1_000, "1 … 1000")
        let contactHz = resonanceHz * (1 + endStopStiffnessRatio).squareRoot()
        if !(contactHz < quarter) {
            throw .outOfRange(
                field: "endStopStiffnessRatio", value: endStopStiffnessRatio,
                allowed:
                    "1 … 1000, and resonanceHz·√(1 + ratio) = \(contactHz) Hz below sampleRate/4 = \(quarter) Hz"
            )
        }
        try require(
            "driveBandMinHz", driveBandMinHz, 1...max(1, below(half)),
            "1 … < sampleRate/2 = \(half) Hz")
        try require(
            "driveBandMaxHz", driveBandMaxHz,
            above(driveBandMinHz)...max(above(driveBandMinHz), below(half)),
            "> driveBandMinHz = \(driveBandMinHz) and < sampleRate/2 = \(half) Hz")
        try require("fullScaleG", fullScaleG, 0.01...1_000, "0.01 … 1000 g")
        if ![1, 2, 3, 4].contains(transientMaxHalfCycles) {
            throw .outOfRange(
                field: "transientMaxHalfCycles", value: transientMaxHalfCycles,
                allowed: "1, 2, 3 or 4")
        }
        let derived = derivedQLowZ
        let tolerance = 0.02
        guard abs(qLowZ - derived) <= tolerance * derived else {
            throw .inconsistent(
                field: "qLowZ", value: qLowZ, expected: derived, tolerance: tolerance)
        }
    }
}
