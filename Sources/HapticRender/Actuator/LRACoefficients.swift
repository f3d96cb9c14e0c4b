/// One coefficient set of the 2-state trapezoidal actuator update (docs/physics.md,
/// Discrete-time model).
///
/// ```
/// u   = forcePerVolt·V + side·stopForce           (side ∈ {−1, 0, +1}: end-stop contact)
/// us  = u + u_prev
/// x'  = m11·x + m12·v + b1·us
/// v'  = m21·x + m22·v + b2·us
/// a_g = gF·u + gx·x' + gv·v'                       (body acceleration in g)
/// ```
///
/// With M = [m11 m12; m21 m22] and b = (b1, b2), ``LRAModel`` steps the set in groups of four
/// samples (``LRAGroupCoefficients``: powers of M and products with b, in Float).
///
/// Designed by the bilinear transform prewarped at the set's own natural frequency, so the
/// discrete resonance of every regime lands exactly on its analog frequency. Sets exist for
/// {low-Z, Hi-Z} × {free, contact}; the physical states (x, v) stay continuous across switches.
struct LRACoefficients: Sendable, Hashable {
    var m11: Double, m12: Double, m21: Double, m22: Double
    var b1: Double, b2: Double
    /// Output gains, already divided by g: gF = −loc/(M·g), gx = loc·k_tot/(M·g), gv = loc·c/(M·g).
    var gF: Double, gx: Double, gv: Double
    /// Drive force per volt: Bl/Re in low-Z, 0 in Hi-Z (i = 0).
    var forcePerVolt: Double
    /// k_s·x_max: the constant force term of the end-stop spring on the contact side
    /// (docs/physics.md, End stop).
    var stopForce: Double

    /// Designs the set for a mass `mu` on spring `stiffness` with damping `damping`, sampled at
    /// `sampleRate`. Setup-time only (uses `tan`).
    ///
    /// Derivation (docs/physics.md, Discrete-time model): with ω = sqrt(k/μ), Q = μω/c and
    /// `a = tan(ωT/2)/ω`, D = 1 + aω/Q + a²ω²; the trapezoidal rule on ẋ = v,
    /// μv̇ = u − c·v − k·x gives the matrices below.
    init(
        reducedMass mu: Double, stiffness: Double, damping: Double, sampleRate: Double,
        forcePerVolt: Double, stopForce: Double, location: Double, bodyMass: Double
    ) {
        let w = (stiffness / mu).squareRoot()
        let T = 1 / sampleRate
        let a = LibM.tan(w * T / 2) / w
        let wq = damping / mu  // = ω/Q
        let d = 1 + a * wq + a * a * w * w
        m11 = (1 + a * wq - a * a * w * w) / d
        m12 = 2 * a / d
        m21 = -2 * a * w * w / d
        m22 = (1 - a * wq - a * a * w * w) / d
        b1 = a * a / (mu * d)
        b2 = a / (mu * d)
        let scale = location / (bodyMass * ActuatorProfile.standardGravity)
        gF = -scale
        gx = scale * stiffness
        gv = scale * damping
        self.forcePerVolt = forcePerVolt
        self.stopForce = stopForce
    }
}

/// The four coefficient sets of a profile — {low-Z, Hi-Z} × {free, end-stop contact} — designed
/// once, here, for both engines: ``LRAModel`` steps them in their group form, ``ReferenceLRA``
/// per sample in Double. Setup-time only (libm).
struct LRACoefficientSets: Sendable {
    let lowZ: LRACoefficients
    let hiZ: LRACoefficients
    let lowZContact: LRACoefficients
    let hiZContact: LRACoefficients

    /// The sets for `p` at `sampleRate`: the suspension k (k + k_s in contact, with the stop's
    /// force term k_s·x_max), the low-Z damping c_m + Bl²/Re with the drive's Bl/Re, or the
    /// mechanical damping alone and no drive force in Hi-Z (docs/physics.md, Driver states,
    /// End stop).
    init(profile p: LRAProfile, sampleRate: Double) {
        let mu = p.reducedMass
        let k = p.stiffness
        let ks = p.endStopStiffness
        let stop = ks * p.maxExcursion
        func set(_ stiffness: Double, _ damping: Double, _ fpv: Double, _ sf: Double)
            -> LRACoefficients
        {
            LRACoefficients(
                reducedMass: mu, stiffness: stiffness, damping: damping, sampleRate: sampleRate,
                forcePerVolt: fpv, stopForce: sf, location: p.locationFactor, bodyMass: p.bodyMass)
        }
        lowZ = set(k, p.lowZDamping, p.forcePerVolt, 0)
        hiZ = set(k, p.mechanicalDamping, 0, 0)
        lowZContact = set(k + ks, p.lowZDamping, p.forcePerVolt, stop)
        hiZContact = set(k + ks, p.mechanicalDamping, 0, stop)
    }
}
