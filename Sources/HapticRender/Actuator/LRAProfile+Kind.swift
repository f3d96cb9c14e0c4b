/// The LRA as an actuator kind: what its physics sets for the driver, the drive tables and the
/// render's length, and its two models (``LRAModel``, ``ReferenceLRA``).
extension LRAProfile: ActuatorKind {
    static let kindName = "lra"

    /// The fraction of x_max allowed as steady-state excursion (docs/physics.md, Driver design
    /// rules: 0.8): the excursion pre-limiter of continuous drive and the margin of a
    /// transient's excursion budget.
    package static let excursionMargin = 0.8

    var excursionFullScale: Double { maxExcursion }

    /// Time for the actuator to come to rest after the last voice: the longest active brake
    /// (30 ms) plus four low-Z time constants (the ring falls by 35 dB). Our documented choice
    /// for the render length: iphone ≈ 98 ms, coin ≈ 175 ms, pixel ≈ 166 ms.
    var ringDownSeconds: Double { 0.03 + 4 * lowZTimeConstant }

    /// The rest threshold's A², in m² (``ActuatorFeedback/restFraction`` of x_max).
    var restAmplitudeSquared: Double {
        let a = ActuatorFeedback.restFraction * maxExcursion
        return a * a
    }

    /// Zero-drive samples after which the driver goes Hi-Z: `timeConstants` low-Z time
    /// constants, at least one sample (docs/physics.md, Driver states; choice: 4·τ, where the
    /// low-Z ring is 35 dB down).
    func lowZHoldSamples(sampleRate: Double, timeConstants: Double = 4) -> Int {
        max(1, Int(timeConstants * lowZTimeConstant * sampleRate))
    }

    /// The output slew limit, V/sample: `V_clamp·2π·f_max/fs`, the slope of a full-rail sine at
    /// the top of the driver band (docs/physics.md, Output stage).
    func slewPerSample(sampleRate: Double) -> Double {
        voltageClamp * 2 * Double.pi * driveBandMaxHz / sampleRate
    }

    /// The free decay from four times full excursion to the rest threshold (4·2²⁴, 18.02 time
    /// constants): low-Z while the driver holds it, Hi-Z after.
    func restFrames(sampleRate rate: Double) -> Double {
        let hold = Double(lowZHoldSamples(sampleRate: rate))
        let timeConstants = 18.02  // ln(4 · 2²⁴)
        let lowZ = lowZTimeConstant * rate
        let hiZ = hiZTimeConstant * rate
        return hold >= timeConstants * lowZ
            ? timeConstants * lowZ : hold + hiZ * (timeConstants - hold / lowZ)
    }

    /// docs/physics.md, Driver design rules: the stored energy ½μv² + ½kx²; brake gains
    /// `K·Bl = (μω0/Q_b − c_total)·Re/Bl` for braked Q 0.8 (soft) and 0.5 (hard); the excursion
    /// budget of a one-cycle burst at f0, `0.8·x_max·k·Re/(π·Bl)`; the onset overdrive ratio
    /// `1/(1 − e^(−π/Q))` (90 % in one cycle), at most 4, for two periods of f0.
    func driverConfig(sampleRate: Double) -> ActuatorDriverConfig {
        let mw = reducedMass * omega0
        func gain(_ qb: Double) -> Double {
            max(0, (mw / qb - lowZDamping) * coilResistance / forceFactor)
        }
        return ActuatorDriverConfig(
            sampleRate: sampleRate, voltageClamp: voltageClamp,
            slewPerSample: slewPerSample(sampleRate: sampleRate), halfMass: reducedMass / 2,
            halfStiffness: stiffness / 2, brakeGainSoft: gain(0.8), brakeGainHard: gain(0.5),
            transientVoltsPerCycleBudget: Self.excursionMargin * maxExcursion * stiffness
                * coilResistance / (Double.pi * forceFactor),
            transientMaxHalfCycles: min(max(Int(transientMaxHalfCycles), 1), 4),
            overdriveRatio: min(4, 1 / (1 - LibM.exp(-Double.pi / derivedQLowZ))),
            maxOverdriveSamples: Int(2 * sampleRate / resonanceHz))
    }

    /// docs/physics.md, Sharpness and intensity mapping: Android's band over the FOAM inside
    /// the driver range, f(s) by the sharpness law; the largest steady drive the rail and
    /// ``excursionMargin``·x_max allow; the threshold volts 10^(thr(f)/20)/(g/V at f); |X/V(f)|;
    /// the sensation-level gain 10^(I·SL_max/20); the click carrier f0^(2/3)·f(s)^(1/3),
    /// pulled toward f0 (Transient recipe; choice: one third of the way from f0 to f(s) in log
    /// frequency — a 1–2-cycle burst far from resonance has little authority, and at
    /// f(0) = 38 Hz a 2-cycle click would last 53 ms).
    func designDrive(
        sharpness: SharpnessMapping, intensity law: IntensityMapping, into tables: DriveTables
    ) -> DriveDesign {
        let band = DriveMapping.androidBand(
            from: driveBandMinHz, to: driveBandMaxHz, foam: foam(atHz:))
        let n = tables.count
        for i in 0..<n {
            let s = Double(i) / Double(n - 1)
            let hz = sharpness.frequency(sharpness: s, lo: band.low, hi: band.high)
            tables.set(
                i, frequency: hz,
                maxVolts: maxDriveVolts(atHz: hz, excursionMargin: Self.excursionMargin),
                thresholdVolts: LibM.dbToAmplitude(PerceptualThreshold.thresholdDB(atHz: hz))
                    / accelerationPerVolt(atHz: hz),
                excursionPerVolt: excursionPerVolt(atHz: hz),
                clickHz: LibM.pow(resonanceHz, 2.0 / 3) * LibM.pow(hz, 1.0 / 3))
            tables.setGain(i, LibM.dbToAmplitude(s * band.maxSensationLevel))  // s plays I
        }
        return DriveDesign(
            bandLowHz: band.low, bandHighHz: band.high, maxSensationLevel: band.maxSensationLevel,
            squareLaw: law == .squareLaw,
            inverseFullScaleGain: 1 / LibM.dbToAmplitude(band.maxSensationLevel))
    }

    func makeStage(
        sampleRate: Double, rows: SignalRows, writesDriveAndExcursion: Bool, memory: RenderMemory
    ) -> ActuatorStages {
        .lra(
            memory.allocate(
                1,
                repeating: ActuatorStage(
                    LRAModel(profile: self, sampleRate: sampleRate), kind: self, rows: rows,
                    writesDriveAndExcursion: writesDriveAndExcursion)))
    }

    func makeReference(sampleRate: Double) -> any ReferenceActuator {
        ReferenceLRA(profile: self, sampleRate: sampleRate)
    }

    // MARK: Profile files

    static let fieldKeys = [
        "resonanceHz", "qLowZ", "qHiZ", "movingMass", "forceFactor", "coilResistance",
        "coilInductance", "bodyMass", "locationFactor", "voltageClamp", "maxExcursion",
        "endStopStiffnessRatio", "driveBandMinHz", "driveBandMaxHz", "fullScaleG",
        "transientMaxHalfCycles",
    ]
    static let optionalDefaults: [String: Double] = [
        "locationFactor": 1, "endStopStiffnessRatio": 50, "driveBandMinHz": 30,
        "driveBandMaxHz": 300, "transientMaxHalfCycles": 4,
    ]
    /// `qLowZ` follows from `qHiZ`, `forceFactor` and `coilResistance` (the simulation uses
    /// the derived value anyway; a given one is checked against it).
    static let derivedKeys: Set<String> = ["qLowZ"]

    var fieldValues: [String: Double] {
        [
            "resonanceHz": resonanceHz, "qLowZ": qLowZ, "qHiZ": qHiZ, "movingMass": movingMass,
            "forceFactor": forceFactor, "coilResistance": coilResistance,
            "coilInductance": coilInductance, "bodyMass": bodyMass,
            "locationFactor": locationFactor, "voltageClamp": voltageClamp,
            "maxExcursion": maxExcursion, "endStopStiffnessRatio": endStopStiffnessRatio,
            "driveBandMinHz": driveBandMinHz, "driveBandMaxHz": driveBandMaxHz,
            "fullScaleG": fullScaleG, "transientMaxHalfCycles": transientMaxHalfCycles,
        ]
    }

    /// An explicit `qLowZ` is kept (and checked by ``validate(sampleRate:)``); an absent one —
    /// or one inherited from a base whose Q, Bl or Re the file changed — is derived.
    init(name: String, fields: [String: Double], given: Set<String>) {
        func value(_ key: String) -> Double { fields[key] ?? 0 }
        self.init(
            name: name, resonanceHz: value("resonanceHz"), qLowZ: 0, qHiZ: value("qHiZ"),
            movingMass: value("movingMass"), forceFactor: value("forceFactor"),
            coilResistance: value("coilResistance"), coilInductance: value("coilInductance"),
            bodyMass: value("bodyMass"), locationFactor: value("locationFactor"),
            voltageClamp: value("voltageClamp"), maxExcursion: value("maxExcursion"),
            endStopStiffnessRatio: value("endStopStiffnessRatio"),
            driveBandMinHz: value("driveBandMinHz"), driveBandMaxHz: value("driveBandMaxHz"),
            fullScaleG: value("fullScaleG"), transientMaxHalfCycles: value("transientMaxHalfCycles")
        )
        qLowZ = given.contains("qLowZ") ? value("qLowZ") : derivedQLowZ
    }

    var profile: ActuatorProfile { .lra(self) }
}
