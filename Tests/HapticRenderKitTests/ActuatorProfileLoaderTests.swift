import HapticRender
import HapticRenderKit
import Testing

@Suite struct ActuatorProfileLoaderTests {
    func decode(_ json: String) throws(ActuatorProfileLoadError) -> ActuatorProfile {
        try ActuatorProfileLoader.decode(Array(json.utf8), path: "lra.json")
    }

    /// An LRA profile's numbers.
    func lra(_ json: String) throws -> LRAProfile {
        try #require(try decode(json).lra, "an LRA profile")
    }

    @Test func presetsByName() throws {
        #expect(try ActuatorProfileLoader.resolve("pixel", sampleRate: 48_000) == .pixel)
        let e = #expect(throws: ActuatorProfileLoadError.self) {
            try ActuatorProfileLoader.resolve("ipone", sampleRate: 48_000)
        }
        #expect(e?.message.contains("iphone, coin, pixel") == true)
    }

    @Test func baseSuppliesMissingFieldsAndQLowZIsDerived() throws {
        let p = try lra(
            #"{"base": "iphone", "name": "stiffer", "resonanceHz": 170, "qHiZ": 30}"#)
        #expect(p.name == "stiffer")
        #expect(p.resonanceHz == 170 && p.qHiZ == 30)
        #expect(p.movingMass == LRAProfile.iphone.movingMass)
        #expect(p.qLowZ == p.derivedQLowZ)
        #expect(p.qLowZ != LRAProfile.iphone.qLowZ)
    }

    @Test func fullProfileWithoutBase() throws {
        let json = """
            {"resonanceHz": 160, "qHiZ": 25, "movingMass": 0.003, "forceFactor": 1.2,
             "coilResistance": 9, "coilInductance": 0.0001, "bodyMass": 0.15,
             "voltageClamp": 8, "maxExcursion": 0.0009, "fullScaleG": 2.5}
            """
        let p = try lra(json)
        #expect(p.name == "lra")  // from the file name
        #expect(p.driveBandMinHz == 30 && p.driveBandMaxHz == 300 && p.endStopStiffnessRatio == 50)
        // It renders: the simulated resonance is where the file says.
        try p.validate(sampleRate: 48_000)
    }

    /// An ERM: by its preset (a base, the kind with it) or by `"kind"` with every field; a
    /// field of another kind, or a kind its base contradicts, is an error at its key.
    @Test func anERMProfile() throws {
        let rumble = try #require(
            try decode(#"{"base": "erm", "name": "rumble", "ratedSpeedHz": 120, "loopGain": 0}"#)
                .erm)
        #expect(rumble.name == "rumble" && rumble.ratedSpeedHz == 120 && rumble.loopGain == 0)
        #expect(rumble.eccentricMass == ERMProfile.erm.eccentricMass)
        let full = try #require(
            try decode(
                """
                {"kind": "erm", "ratedVoltage": 3, "ratedSpeedHz": 200, "ratedCurrent": 0.07,
                 "terminalResistance": 30, "rotorInertia": 1.4e-9, "eccentricMass": 0.0004,
                 "eccentricity": 0.0015, "bodyMass": 0.15, "voltageClamp": 3.6, "fullScaleG": 1}
                """
            ).erm)
        #expect(full.loopGain == 2 && full.brakeFactor == 4 && full.locationFactor == 1)
        var preset = ERMProfile.erm
        preset.name = full.name  // the file's name, without a "name"
        #expect(full == preset, "the preset, field for field")
        let stray = #expect(throws: ActuatorProfileLoadError.self) {
            try decode("{\"base\": \"erm\",\n \"resonanceHz\": 160}")
        }
        #expect(stray?.message.contains("unknown field 'resonanceHz' for an erm profile") == true)
        #expect(stray?.line == 2 && stray?.column == 2)
        let clash = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "pixel", "kind": "erm"}"#)
        }
        #expect(
            clash?.message.contains("'kind' is \"erm\" but 'base' \"pixel\" is \"lra\"") == true)
        let kind = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"kind": "voice"}"#)
        }
        #expect(kind?.message == "'kind' must be one of \"lra\", \"erm\"")
        let missing = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"kind": "erm", "ratedVoltage": 3}"#)
        }
        #expect(missing?.message.contains("missing fields ratedSpeedHz, ratedCurrent") == true)
        let range = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "erm", "voltageClamp": 2}"#)
        }
        #expect(range?.message.contains("'voltageClamp' = 2.0 is out of range") == true)
    }

    /// The click's half-cycle cap: inherited from a base (iphone's one-half-cycle attack),
    /// settable on any base, 4 without one, a whole number 1…4.
    @Test func transientMaxHalfCycles() throws {
        #expect(
            try lra(#"{"base": "iphone", "name": "taptic-like"}"#).transientMaxHalfCycles == 1)
        #expect(
            try lra(#"{"base": "pixel", "transientMaxHalfCycles": 2}"#).transientMaxHalfCycles
                == 2)
        let full = try lra(
            """
            {"resonanceHz": 160, "qHiZ": 25, "movingMass": 0.003, "forceFactor": 1.2, "coilResistance": 9,
             "coilInductance": 0.0001, "bodyMass": 0.15, "voltageClamp": 8, "maxExcursion": 0.0009, "fullScaleG": 2.5}
            """)
        #expect(full.transientMaxHalfCycles == 4)
        let half = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "coin", "transientMaxHalfCycles": 2.5}"#)
        }
        #expect(
            half?.message.contains(
                "'transientMaxHalfCycles' = 2.5 is out of range (allowed: 1, 2, 3 or 4)") == true)
    }

    /// The name is printed in datasheets and terminals: a line break or an escape sequence
    /// (`\u001b[2J` clears the screen) in it, or a name of a megabyte, is refused.
    @Test func aNameIsAPrintableLabel() throws {
        #expect(
            try decode(#"{"base": "iphone", "name": "LRA 0832 – rev B"}"#).name
                == "LRA 0832 – rev B")
        for name in [#"a\nb"#, #"\u001b[2J"#, #"tab\there"#, String(repeating: "x", count: 257)] {
            let e = #expect(throws: ActuatorProfileLoadError.self) {
                try decode(#"{"base": "iphone", "name": ""# + name + #""}"#)
            }
            #expect(e?.message.contains("'name' must be a label") == true, "\(name)")
            #expect(e?.line == 1 && e?.column == 28, "\(name)")
        }
    }

    @Test func errorsNameTheFieldAndPosition() {
        let missing = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"resonanceHz": 160}"#)
        }
        #expect(missing?.message.contains("missing fields qHiZ, movingMass") == true)

        let typo = #expect(throws: ActuatorProfileLoadError.self) {
            try decode("{\"base\": \"coin\",\n \"resonanceHZ\": 160}")
        }
        #expect(typo?.line == 2 && typo?.column == 2)
        #expect(typo?.message.contains("unknown field 'resonanceHZ'") == true)
        #expect(typo?.description.hasPrefix("lra.json:2:2: error:") == true)

        let range = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "coin", "maxExcursion": -1}"#)
        }
        #expect(range?.message.contains("'maxExcursion' = -1.0 is out of range") == true)
        #expect(range?.column == 18)

        let inconsistent = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "coin", "qLowZ": 5}"#)
        }
        #expect(inconsistent?.message.contains("disagrees") == true)

        let type = #expect(throws: ActuatorProfileLoadError.self) {
            try decode(#"{"base": "coin", "fullScaleG": "2"}"#)
        }
        #expect(type?.message == "'fullScaleG' must be a number, found a string")

        let syntax = #expect(throws: ActuatorProfileLoadError.self) { try decode("{\"base\": ") }
        #expect(syntax?.line == 1)

        let notFound = #expect(throws: ActuatorProfileLoadError.self) {
            try ActuatorProfileLoader.load(path: "/nonexistent/lra.json")
        }
        #expect(
            notFound?.message == "cannot read the actuator profile: No such file or directory")
    }
}
