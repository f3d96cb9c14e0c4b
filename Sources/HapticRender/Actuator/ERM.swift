/// An eccentric rotating mass actuator (ERM): a small DC motor spinning an off-centre mass, the
/// vibrator of budget phones and game controllers (docs/physics.md, Eccentric rotating mass).
/// Its numbers are what a motor datasheet gives; the motor constants follow from them:
///
/// ```
/// ω_r = 2π·f_r    k_e = (V_r − I_r·R)/ω_r    b = k_e·I_r/ω_r       (k_t = k_e, SI)
/// c = b + k_e²/R  τ = J/c                    K = ω_r/V_r = (k_e/R)/c
/// ```
///
/// The speed obeys τ·ω̇ = K·V − ω (no resonance: a first-order lag from volts to speed), and the
/// mass shakes the body at the rotation frequency with an acceleration ∝ m·r·ω²: frequency and
/// strength move together. Units are SI except ``fullScaleG`` (g).
public struct ERMProfile: Codable, Sendable, Hashable {
    /// Display name ("erm" for the preset).
    public var name: String
    /// Rated voltage V_r, V: the steady drive of full intensity (a driver's rated voltage).
    public var ratedVoltage: Double
    /// Rotation speed at the rated voltage, rev/s = Hz (rpm/60): the vibration frequency there.
    public var ratedSpeedHz: Double
    /// Running current at the rated voltage, A.
    public var ratedCurrent: Double
    /// Terminal resistance R, Ω.
    public var terminalResistance: Double
    /// Rotor inertia J with the eccentric mass, kg·m².
    public var rotorInertia: Double
    /// The eccentric mass m, kg, and its centre's distance from the shaft r, m.
    public var eccentricMass: Double
    public var eccentricity: Double
    /// Mass M of the body the motor is fixed to, kg.
    public var bodyMass: Double
    /// Location/mode factor of the measurement point (1 = rigid body).
    public var locationFactor: Double
    /// The driver's rail, V (its overdrive clamp): every applied drive sample is within ±this.
    public var voltageClamp: Double
    /// Acceleration in g that is 1.0 in an acceleration channel.
    public var fullScaleG: Double
    /// The speed loop's gain (0: open loop, the drive is the command) and its braking gain's
    /// ratio to it, 1…16 (docs/physics.md, ERM driver).
    public var loopGain: Double
    public var brakeFactor: Double

    public init(
        name: String, ratedVoltage: Double, ratedSpeedHz: Double, ratedCurrent: Double,
        terminalResistance: Double, rotorInertia: Double, eccentricMass: Double,
        eccentricity: Double, bodyMass: Double, locationFactor: Double = 1,
        voltageClamp: Double, fullScaleG: Double, loopGain: Double = 2, brakeFactor: Double = 4
    ) {
        self.name = name
        self.ratedVoltage = ratedVoltage
        self.ratedSpeedHz = ratedSpeedHz
        self.ratedCurrent = ratedCurrent
        self.terminalResistance = terminalResistance
        self.rotorInertia = rotorInertia
        self.eccentricMass = eccentricMass
        self.eccentricity = eccentricity
        self.bodyMass = bodyMass
        self.locationFactor = locationFactor
        self.voltageClamp = voltageClamp
        self.fullScaleG = fullScaleG
        self.loopGain = loopGain
        self.brakeFactor = brakeFactor
    }

    /// A 10 mm coin ERM (3 V, 12,000 rpm) in a 150 g budget phone, behind a closed-loop driver
    /// (docs/physics.md, Presets: `erm`).
    public static let erm = ERMProfile(
        name: "erm", ratedVoltage: 3, ratedSpeedHz: 200, ratedCurrent: 0.07,
        terminalResistance: 30, rotorInertia: 1.4e-9, eccentricMass: 0.4e-3,
        eccentricity: 1.5e-3, bodyMass: 0.15, voltageClamp: 3.6, fullScaleG: 1)

    /// The ERM presets.
    public static let presets: [ERMProfile] = [.erm]

    // MARK: Derived constants (docs/physics.md, Eccentric rotating mass)

    /// ω_r = 2π·f_r, rad/s.
    package var ratedOmega: Double { 2 * Double.pi * ratedSpeedHz }
    /// Back-EMF constant k_e = torque constant k_t, V·s/rad.
    package var backEMFConstant: Double {
        (ratedVoltage - ratedCurrent * terminalResistance) / ratedOmega
    }
    /// Viscous friction b, N·m·s: the rated current's torque at the rated speed.
    package var friction: Double { backEMFConstant * ratedCurrent / ratedOmega }
    /// Damping with the driver's low output impedance, b + k_e²/R, N·m·s.
    package var damping: Double {
        friction + backEMFConstant * backEMFConstant / terminalResistance
    }
    /// Mechanical time constant τ = J/c, s: speed follows a drive step as 1 − e^(−t/τ).
    package var timeConstant: Double { rotorInertia / damping }
    /// Steady speed per volt K = ω_r/V_r, rad/s per V.
    package var speedPerVolt: Double { ratedOmega / ratedVoltage }
    /// Body acceleration per (rad/s)², g: loc·m·r/((M + m)·g).
    package var accelerationPerSpeedSquared: Double {
        locationFactor * eccentricMass * eccentricity
            / ((bodyMass + eccentricMass) * ActuatorProfile.standardGravity)
    }
    /// Steady acceleration amplitude at `volts`, g: ∝ (K·V)².
    package func steadyAcceleration(volts: Double) -> Double {
        let w = speedPerVolt * volts
        return accelerationPerSpeedSquared * w * w
    }
    /// Vibration frequency at a steady `volts`, Hz: K·V/2π.
    package func vibrationHz(volts: Double) -> Double { speedPerVolt * volts / (2 * Double.pi) }

    /// The time the driver takes from rest to 90 % of the rated acceleration (√0.9 of the
    /// rated speed) with the rated command, s: at the rail while the speed loop asks for more,
    /// then with the loop's own time constant τ/(1 + G) (docs/physics.md, ERM driver).
    package var spinUpSeconds: Double {
        let tau = timeConstant
        let target = ratedOmega
        let goal = 0.9.squareRoot() * target
        let g = loopGain
        let railSpeed = speedPerVolt * voltageClamp
        guard g > 0 else { return tau * LibM.log(target / (target - goal)) }
        let switchSpeed = speedPerVolt * (ratedVoltage * (1 + g) - voltageClamp) / g
        if switchSpeed <= 0 { return tau / (1 + g) * LibM.log(target / (target - goal)) }
        if switchSpeed >= goal { return tau * LibM.log(railSpeed / (railSpeed - goal)) }
        return tau * LibM.log(railSpeed / (railSpeed - switchSpeed))
            + tau / (1 + g) * LibM.log((target - switchSpeed) / (target - goal))
    }

    // MARK: Validation

    /// Checks every field against its range; throws the first violation.
    ///
    /// | field | allowed | unit |
    /// |---|---|---|
    /// | `ratedVoltage` | 0.1 … 100 | V |
    /// | `ratedSpeedHz` | 10 … 300, and < sampleRate/4 | Hz |
    /// | `ratedCurrent` | > 0, with `ratedCurrent·terminalResistance` < `ratedVoltage` (a back-EMF) | A |
    /// | `terminalResistance` | 0.1 … 10⁴ | Ω |
    /// | `rotorInertia` | 10⁻¹² … 10⁻³ | kg·m² |
    /// | `eccentricMass` | 10⁻⁶ … 1 | kg |
    /// | `eccentricity` | 10⁻⁵ … 0.1 | m |
    /// | `bodyMass` | 10⁻³ … 100 | kg |
    /// | `locationFactor` | 0.01 … 100 | |
    /// | `voltageClamp` | `ratedVoltage` … 1,000 | V |
    /// | `fullScaleG` | 0.01 … 1,000 | g |
    /// | `loopGain` | 0 … 100, with the loop's time constant τ/(1 + loopGain·brakeFactor) at least 10 samples | |
    /// | `brakeFactor` | 1 … 16 | |
    ///
    /// 300 Hz is where Android's perception threshold starts to rise faster than an ERM's
    /// acceleration grows with speed, so the intensity law stays monotonic; the loop's bound
    /// keeps it stable with the driver's three samples of feedback latency.
    package func validate(sampleRate: Double = 48_000) throws(ActuatorProfileError) {
        func require(
            _ field: String, _ value: Double, _ range: ClosedRange<Double>, _ allowed: String
        ) throws(ActuatorProfileError) {
            if !(value.isFinite && range.contains(value)) {
                throw .outOfRange(field: field, value: value, allowed: allowed)
            }
        }
        try require("ratedVoltage", ratedVoltage, 0.1...100, "0.1 … 100 V")
        let top = min(300, (sampleRate / 4).nextDown)
        try require(
            "ratedSpeedHz", ratedSpeedHz, 10...max(10, top), "10 … 300 Hz and < sampleRate/4")
        try require("terminalResistance", terminalResistance, 0.1...10_000, "0.1 … 10000 Ω")
        try require(
            "ratedCurrent", ratedCurrent,
            Double
                .leastNonzeroMagnitude...max(
                    Double.leastNonzeroMagnitude, (ratedVoltage / terminalResistance).nextDown),
            "> 0 and below ratedVoltage/terminalResistance = \(ratedVoltage / terminalResistance) A"
        )
        try require("rotorInertia", rotorInertia, 1e-12...1e-3, "1e-12 … 0.001 kg·m²")
        try require("eccentricMass", eccentricMass, 1e-6...1, "1e-6 … 1 kg")
        try require("eccentricity", eccentricity, 1e-5...0.1, "1e-5 … 0.1 m")
        try require("bodyMass", bodyMass, 1e-3...100, "0.001 … 100 kg")
        try require("locationFactor", locationFactor, 0.01...100, "0.01 … 100")
        try require(
            "voltageClamp", voltageClamp, ratedVoltage...max(ratedVoltage, 1_000),
            "ratedVoltage = \(ratedVoltage) … 1000 V")
        try require("fullScaleG", fullScaleG, 0.01...1_000, "0.01 … 1000 g")
        try require("brakeFactor", brakeFactor, 1...16, "1 … 16")
        try require("loopGain", loopGain, 0...100, "0 … 100")
        let loopSamples = timeConstant * sampleRate / (1 + loopGain * brakeFactor)
        if !(loopSamples >= 10) {
            throw .outOfRange(
                field: "loopGain", value: loopGain,
                allowed:
                    "0 … 100, with τ/(1 + loopGain·brakeFactor) = \(loopSamples) samples at least 10"
            )
        }
    }
}

/// The ERM as an actuator kind: its driver constants, drive tables, render length and models.
extension ERMProfile: ActuatorKind {
    static let kindName = "erm"

    var excursionFullScale: Double { eccentricity }

    /// The longest driver tail (30 ms) plus four time constants, as for an LRA.
    var ringDownSeconds: Double { 0.03 + 4 * timeConstant }

    /// The free low-Z decay from four times the rated speed to the rest threshold (4·2²⁴,
    /// 18.02 time constants): the speed loop's brake only shortens it.
    func restFrames(sampleRate: Double) -> Double { 18.02 * timeConstant * sampleRate }

    /// The drive's slew limit, V/sample: V_clamp·2π·300 Hz/fs, the slope the LRA presets'
    /// 30–300 Hz drivers allow (0.5 ms from 0 V to the rail at any rate).
    func slewPerSample(sampleRate: Double) -> Double {
        voltageClamp * 2 * Double.pi * 300 / sampleRate
    }

    /// The voices' drive is the speed loop's command (``ERMModel``): a DC level — the carrier a
    /// sine at 0 Hz from a quarter cycle — with no onset overdrive and no brake of their own
    /// (the loop overdrives and brakes); a click is a pulse of the rated voltage as long as
    /// the spin-up to 90 % (sharpness 0) down to a third of it (sharpness 1). The continuous
    /// drive follows the mapping within 1e-7 of the rail between grid points: the phase
    /// integrates the speed, so the engines' drives must agree closer than an LRA's.
    func driverConfig(sampleRate: Double) -> ActuatorDriverConfig {
        ActuatorDriverConfig(
            sampleRate: sampleRate, voltageClamp: voltageClamp,
            slewPerSample: slewPerSample(sampleRate: sampleRate), halfMass: 0, halfStiffness: 0,
            brakeGainSoft: 0, brakeGainHard: 0, transientVoltsPerCycleBudget: 0,
            transientMaxHalfCycles: 1, overdriveRatio: 1, maxOverdriveSamples: 0,
            carrierPhase: 0.25,
            clickPulse: ClickPulse(
                volts: ratedVoltage, softSeconds: spinUpSeconds, hardSeconds: spinUpSeconds / 3),
            periodTolerance: 1e-7)
    }

    /// docs/physics.md, ERM drive: sharpness moves nothing (a DC carrier at every sharpness);
    /// intensity sets the steady speed — by Android's sensation-level law, the speed whose
    /// acceleration at its own frequency is I·SL_max dB above the threshold there (SL_max: the
    /// rated speed's), or by Lofelt's, an acceleration I² of the rated one (V = I·V_r).
    func designDrive(
        sharpness: SharpnessMapping, intensity law: IntensityMapping, into tables: DriveTables
    ) -> DriveDesign {
        func level(_ volts: Double) -> Double {
            LibM.amplitudeToDB(steadyAcceleration(volts: volts))
                - PerceptualThreshold.thresholdDB(atHz: vibrationHz(volts: volts))
        }
        let maxLevel = level(ratedVoltage)
        let n = tables.count
        for i in 0..<n {
            let s = Double(i) / Double(n - 1)
            tables.set(
                i, frequency: 0, maxVolts: ratedVoltage, thresholdVolts: 1, excursionPerVolt: 0,
                clickHz: 0)
            var volts = s * ratedVoltage  // Lofelt: acceleration I² of the rated one
            if law == .sensationLevel {
                // The level rises with the speed below 300 Hz: bisect for s·SL_max.
                var lo = 0.0
                var hi = ratedVoltage
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if level(mid) < s * maxLevel { lo = mid } else { hi = mid }
                }
                volts = hi
            }
            tables.setGain(i, volts)
        }
        return DriveDesign(
            bandLowHz: 0, bandHighHz: 0, maxSensationLevel: maxLevel, squareLaw: false,
            inverseFullScaleGain: 1 / ratedVoltage)
    }

    func makeStage(
        sampleRate: Double, rows: SignalRows, writesDriveAndExcursion: Bool, memory: RenderMemory
    ) -> ActuatorStages {
        .erm(
            memory.allocate(
                1,
                repeating: ActuatorStage(
                    ERMModel(profile: self, sampleRate: sampleRate), kind: self, rows: rows,
                    writesDriveAndExcursion: writesDriveAndExcursion)))
    }

    func makeReference(sampleRate: Double) -> any ReferenceActuator {
        ReferenceERM(profile: self, sampleRate: sampleRate)
    }

    // MARK: Profile files

    static let fieldKeys = [
        "ratedVoltage", "ratedSpeedHz", "ratedCurrent", "terminalResistance", "rotorInertia",
        "eccentricMass", "eccentricity", "bodyMass", "locationFactor", "voltageClamp",
        "fullScaleG", "loopGain", "brakeFactor",
    ]
    static let optionalDefaults: [String: Double] = [
        "locationFactor": 1, "loopGain": 2, "brakeFactor": 4,
    ]
    static let derivedKeys: Set<String> = []

    var fieldValues: [String: Double] {
        [
            "ratedVoltage": ratedVoltage, "ratedSpeedHz": ratedSpeedHz,
            "ratedCurrent": ratedCurrent, "terminalResistance": terminalResistance,
            "rotorInertia": rotorInertia, "eccentricMass": eccentricMass,
            "eccentricity": eccentricity, "bodyMass": bodyMass, "locationFactor": locationFactor,
            "voltageClamp": voltageClamp, "fullScaleG": fullScaleG, "loopGain": loopGain,
            "brakeFactor": brakeFactor,
        ]
    }

    init(name: String, fields: [String: Double], given: Set<String>) {
        func value(_ key: String) -> Double { fields[key] ?? 0 }
        self.init(
            name: name, ratedVoltage: value("ratedVoltage"), ratedSpeedHz: value("ratedSpeedHz"),
            ratedCurrent: value("ratedCurrent"), terminalResistance: value("terminalResistance"),
            rotorInertia: value("rotorInertia"), eccentricMass: value("eccentricMass"),
            eccentricity: value("eccentricity"), bodyMass: value("bodyMass"),
            locationFactor: value("locationFactor"), voltageClamp: value("voltageClamp"),
            fullScaleG: value("fullScaleG"), loopGain: value("loopGain"),
            brakeFactor: value("brakeFactor"))
    }

    var profile: ActuatorProfile { .erm(self) }
}

extension ActuatorProfile {
    /// The ERM's numbers, or nil for another kind. O(1).
    package var erm: ERMProfile? {
        if case .erm(let p) = self { p } else { nil }
    }
}

/// The fast engine's ERM: the driver's speed loop, rail clamp and slew limit, then the motor,
/// one sample at a time in Double (docs/physics.md, Eccentric rotating mass, ERM driver).
///
/// Per sample n, with the voices' summed drive c (the command, V):
/// 1. **speed loop** on the speed 3 samples old (``ActuatorFeedback/latencySamples``):
///    `V = c + G·e` with `e = c − ω/K`, the gain times ``ERMProfile/brakeFactor`` where e < 0
///    (the motor faster than asked: braking);
/// 2. **rail clamp** to ±V_clamp, 3. **slew limit**;
/// 4. **motor**, the trapezoidal rule on τ·ω̇ = K·V − ω and on θ̇ = ω (θ in cycles):
///    `ω' = a·ω + b·(V + V_prev)`, `θ' = θ + (ω + ω')·T/(4π)`;
/// 5. **output**: `a_g = g_R·(ω'²·cos 2πθ' + ω̇·sin 2πθ')`, ω̇ = (K·V − ω')/τ; the excursion
///    signal is the mass's position along the axis, r·cos 2πθ';
/// 6. **rest**: a sample whose command is 0 and whose speed is below 2⁻²⁴ of the rated one
///    sets ω, θ, the history and the drive to exact zero.
///
/// Why Double: the phase integrates the speed, so an error in ω accumulates — a Float
/// recursion's fixed point sits up to ~10⁻⁴ off in relative speed (ulp/(1 − a)), a quarter
/// cycle after a few seconds. Per sample, not in groups: about 60 flops and two polynomial
/// sines (``SineOscillator/sin2pi(_:)``), no libm, no allocation; the groups of
/// ``ActuatorFeedback/groupSamples`` are only the grid the voices read feedback on.
package struct ERMModel: ActuatorModel, Sendable {
    /// Speed ω, rad/s, and angle θ, cycles in [0, 1).
    package private(set) var speed = 0.0
    package private(set) var angle = 0.0
    /// The previous applied drive (trapezoidal rule) and the last applied drive (slew), V.
    private var previousVolts = 0.0
    private var applied = 0.0
    /// The speeds before samples n − 3 … n (n: the next sample): lane 0 is what the loop reads.
    private var recent = SIMD4<Double>(repeating: 0)
    private(set) var groupPhase = 0

    private let a: Double, b: Double
    private let halfStep: Double
    private let speedPerVolt: Double, inverseSpeedPerVolt: Double, inverseTau: Double
    private let loopGain: Double, brakeGain: Double
    private let rail: Double, slew: Double
    private let restSpeed: Double
    private let accelerationGain: Double, radius: Double, halfInertia: Double

    /// The model of `p` (validated) at rest; `openLoop`: the motor alone, its drive the command
    /// (a measurement's: the datasheet's). Setup time.
    package init(profile p: ERMProfile, sampleRate: Double, openLoop: Bool = false) {
        let h = 1 / (2 * p.timeConstant * sampleRate)
        a = (1 - h) / (1 + h)
        b = p.speedPerVolt * h / (1 + h)
        halfStep = 1 / (4 * Double.pi * sampleRate)
        speedPerVolt = p.speedPerVolt
        inverseSpeedPerVolt = 1 / p.speedPerVolt
        inverseTau = 1 / p.timeConstant
        loopGain = openLoop ? 0 : p.loopGain
        brakeGain = openLoop ? 0 : p.loopGain * p.brakeFactor
        rail = p.voltageClamp
        slew = p.slewPerSample(sampleRate: sampleRate)
        restSpeed = ActuatorFeedback.restFraction * p.ratedOmega
        accelerationGain = p.accelerationPerSpeedSquared
        radius = p.eccentricity
        halfInertia = p.rotorInertia / 2
    }

    var isAtRest: Bool {
        speed == 0 && angle == 0 && previousVolts == 0 && applied == 0
            && recent == SIMD4(repeating: 0)
    }

    /// The loop reads the speed itself; a voice's feedback is the speed (rad/s, the velocity
    /// lane) and no excursion. The ERM's driver has no brake or overdrive in the voices.
    var groupFeedback: (excursion: SIMD4<Float>, velocity: SIMD4<Float>) {
        (SIMD4(repeating: 0), SIMD4<Float>(recent))
    }

    /// The rotor's kinetic energy ½Jω², J.
    var storedEnergy: Double { halfInertia * speed * speed }

    mutating func reset() {
        settle()
        groupPhase = 0
    }

    /// Nothing counts idle samples: the driver stays low-Z.
    mutating func skipAtRest(frames: Int) { restartGroupsAtRest() }

    mutating func restartGroupsAtRest() { if isAtRest { groupPhase = 0 } }

    mutating func process(
        _ drive: UnsafePointer<Float>, count: Int, into sink: GroupSink, allSignals: Bool
    ) {
        for i in 0..<count {
            let s = step(command: Double(drive[i]))
            sink.acceleration[i] = Float(s.acceleration) * sink.accelerationScale[0]
            if allSignals {
                sink.volts[i] = Float(s.volts) * sink.voltsScale[0]
                sink.excursion[i] = Float(s.excursion) * sink.excursionScale[0]
            }
        }
    }

    /// One sample of command `c` (V) through the loop, the clamps and the motor: the applied
    /// volts, the body acceleration (g) and the mass's position along the axis (m). O(1).
    package mutating func step(command c: Double)
        -> (volts: Double, acceleration: Double, excursion: Double)
    {
        let error = c - recent[0] * inverseSpeedPerVolt
        var v = c + (error < 0 ? brakeGain : loopGain) * error
        v = v > rail ? rail : (v < -rail ? -rail : v)
        v = v > applied + slew ? applied + slew : (v < applied - slew ? applied - slew : v)
        applied = v
        let w = a * speed + b * (v + previousVolts)
        var theta = angle + (speed + w) * halfStep
        theta -= theta >= 1 ? 1 : (theta < 0 ? -1 : 0)
        previousVolts = v
        speed = w
        angle = theta
        groupPhase = (groupPhase &+ 1) & (ActuatorFeedback.groupSamples &- 1)
        let sine = SineOscillator.sin2pi(theta)
        var quarter = theta + 0.25
        if quarter >= 1 { quarter -= 1 }
        let cosine = SineOscillator.sin2pi(quarter)
        let rate = (speedPerVolt * v - w) * inverseTau
        let acceleration = accelerationGain * (w * w * cosine + rate * sine)
        let excursion = radius * cosine
        if c == 0 && abs(w) < restSpeed {
            settle()
        } else {
            recent = SIMD4(recent[1], recent[2], recent[3], w)
        }
        return (v, acceleration, excursion)
    }

    /// Exact rest: speed, angle, drive and history zero (the group grid stays). O(1).
    private mutating func settle() {
        speed = 0
        angle = 0
        previousVolts = 0
        applied = 0
        recent = SIMD4(repeating: 0)
    }
}
