import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@testable import HapticRender

@Suite("Actuator profile")
struct ActuatorProfileTests {
    @Test(
        "presets validate and reproduce docs/physics.md, Presets and Derived behaviour",
        arguments: LRAProfile.presets)
    func presetsMatchDerivedTable(_ p: LRAProfile) throws {
        try p.validate(sampleRate: 48_000)
        // (k N/m, c_m N·s/m, τ ms, g/V at f0, FOAM peak g) from docs/physics.md.
        let expected: [String: (k: Double, cm: Double, tau: Double, gpv: Double, foam: Double)] = [
            "iphone": (3480, 0.154, 17.0, 0.84, 2.87),
            "coin": (1787, 0.0745, 36.3, 0.52, 1.84),
            "pixel": (2213, 0.0405, 34.0, 0.81, 1.46),
        ]
        let e = try #require(expected[p.name])
        #expect(abs(p.stiffness / e.k - 1) < 0.01)
        #expect(abs(p.mechanicalDamping / e.cm - 1) < 0.01)
        // τ = Q/(π f0) in the doc's convention (= 2Q/ω0).
        #expect(abs(p.lowZTimeConstant * 1000 / e.tau - 1) < 0.03)
        #expect(abs(p.accelerationPerVolt(atHz: p.resonanceHz) / e.gpv - 1) < 0.03)
        var foamPeak = 0.0
        for f in stride(from: 30.0, through: 300, by: 0.5) {
            foamPeak = max(foamPeak, p.foam(atHz: f))
        }
        #expect(abs(foamPeak / e.foam - 1) < 0.03)
        #expect(p.fullScaleG >= foamPeak, "full scale must hold the FOAM peak")
    }

    @Test("validation errors name the field, the value and the range")
    func validationNamesField() {
        func failure(_ edit: (inout LRAProfile) -> Void) -> ActuatorProfileError? {
            var p = LRAProfile.iphone
            edit(&p)
            do {
                try p.validate(sampleRate: 48_000)
                return nil
            } catch { return error }
        }
        let cases: [(String, (inout LRAProfile) -> Void)] = [
            ("resonanceHz", { $0.resonanceHz = 13_000 }),
            ("resonanceHz", { $0.resonanceHz = -1 }),
            ("qLowZ", { $0.qLowZ = 0.3 }),
            ("qHiZ", { $0.qHiZ = 0.4 }),
            ("movingMass", { $0.movingMass = 0 }),
            ("bodyMass", { $0.bodyMass = -0.1 }),
            ("voltageClamp", { $0.voltageClamp = .nan }),
            ("maxExcursion", { $0.maxExcursion = 0 }),
            ("endStopStiffnessRatio", { $0.endStopStiffnessRatio = 1e4 }),
            ("driveBandMaxHz", { $0.driveBandMaxHz = 20 }),
            ("qLowZ", { $0.qLowZ = 10 }),  // inconsistent with Q_m, Bl, Re
        ]
        for (field, edit) in cases {
            let error = failure(edit)
            #expect(error?.field == field)
            #expect(error?.description.contains(field) == true)
        }
        #expect(failure { $0.resonanceHz = 13_000 }?.description.contains("13000") == true)
    }

    @Test("profile Codable round trip keeps every field")
    func codableRoundTrip() throws {
        for p in LRAProfile.presets {
            let data = try JSONEncoder().encode(p)
            #expect(try JSONDecoder().decode(LRAProfile.self, from: data) == p)
        }
        for p in ActuatorProfile.presets {
            let data = try JSONEncoder().encode(p)
            #expect(try JSONDecoder().decode(ActuatorProfile.self, from: data) == p)
        }
    }

    @Test("the issue's reproducers are refused, naming the field")
    func hostileProfilesAreRefused() {
        func refused(_ edit: (inout LRAProfile) -> Void) -> String? {
            var p = LRAProfile.iphone
            edit(&p)
            p.qLowZ = p.derivedQLowZ
            do {
                try p.validate(sampleRate: 48_000)
                return nil
            } catch { return error.field }
        }
        #expect(
            refused {
                $0.driveBandMinHz = 1e-300
                $0.driveBandMaxHz = 2e-300
            } == "driveBandMinHz")
        #expect(refused { $0.qHiZ = 1e16 } == "qHiZ")
        #expect(refused { $0.voltageClamp = 1e-100 } == "voltageClamp")
        #expect(refused { $0.fullScaleG = 1e-40 } == "fullScaleG")
        #expect(refused { $0.locationFactor = 1e40 } == "locationFactor")
        // A non-finite field makes the derived Q_ts non-finite too: refused either way.
        #expect(refused { $0.movingMass = .nan } != nil)
        #expect(refused { $0.coilResistance = .infinity } != nil)
        #expect(
            refused {
                $0.endStopStiffnessRatio = 1_000
                $0.resonanceHz = 1_000
            } == "endStopStiffnessRatio")
        #expect(refused { $0.resonanceHz = 1e-300 } == "resonanceHz")
    }

    @Test(
        "every corner of the bounds renders finite samples",
        arguments: [8_000.0, 48_000, 384_000])
    func boundsKeepEverySampleFinite(sampleRate: Double) throws {
        // Each field at its minimum or maximum (a pseudo-random walk over the corners), Q_ts
        // derived so the profile is consistent: the extremes the validation lets through.
        var rng = SplitMix64(seed: UInt64(sampleRate))
        var rendered = 0
        for _ in 0..<64 {
            func pick(_ low: Double, _ high: Double) -> Double { rng.next() % 2 == 0 ? low : high }
            var p = LRAProfile.iphone
            p.resonanceHz = pick(10, min(1_000, sampleRate / 4 * 0.99))
            p.movingMass = pick(1e-5, 1)
            p.bodyMass = pick(1e-3, 100)
            p.forceFactor = pick(1e-3, 100)
            p.coilResistance = pick(0.1, 10_000)
            p.locationFactor = pick(0.01, 100)
            p.voltageClamp = pick(0.01, 1_000)
            p.maxExcursion = pick(1e-6, 0.1)
            p.fullScaleG = pick(0.01, 1_000)
            p.endStopStiffnessRatio = pick(1, 1_000)
            p.driveBandMinHz = pick(1, 100)
            p.driveBandMaxHz = min(sampleRate / 2 * 0.99, pick(200, 20_000))
            p.qHiZ = pick(2, 10_000)
            p.qLowZ = p.derivedQLowZ
            guard p.qLowZ > 0.5, p.qLowZ <= 1_000, p.qHiZ > p.qLowZ,
                (try? p.validate(sampleRate: sampleRate)) != nil
            else { continue }
            let samples = try renderCorner(p, sampleRate: sampleRate)
            #expect(
                samples.allSatisfy { $0.isFinite },
                "non-finite output for \(Mirror(reflecting: p).children.map { "\($0.label!)=\($0.value)" })"
            )
            rendered += 1
        }
        #expect(rendered > 0)
    }

    /// A transient, a continuous event with a sharpness sweep: the drive, the actuator and the
    /// end stops all work. 0.3 s of every signal.
    func renderCorner(_ p: LRAProfile, sampleRate: Double) throws -> [Float] {
        var pattern = HapticPattern()
        pattern.events = [
            HapticEvent(type: .hapticTransient, time: 0, parameters: EventParameters()),
            HapticEvent(
                type: .hapticContinuous, time: 0.05, duration: 0.2, parameters: EventParameters()),
        ]
        let frames = Int(0.3 * sampleRate)
        return try TestRender.frames(
            pattern, configuration: RenderConfiguration(sampleRate: sampleRate, actuator: .lra(p)),
            blockFrames: frames, frames: frames)
    }
}
