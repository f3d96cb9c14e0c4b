import Foundation
import Testing

@testable import HapticRender

@Suite("Actuator profile")
struct ActuatorProfileTests {
    @Test(
        "presets validate and reproduce docs/physics.md, Presets and Derived behaviour",
        arguments: ActuatorProfile.presets)
    func presetsMatchDerivedTable(_ p: ActuatorProfile) throws {
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
        func failure(_ edit: (inout ActuatorProfile) -> Void) -> ActuatorProfileError? {
            var p = ActuatorProfile.iphone
            edit(&p)
            do {
                try p.validate(sampleRate: 48_000)
                return nil
            } catch { return error }
        }
        let cases: [(String, (inout ActuatorProfile) -> Void)] = [
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
        for p in ActuatorProfile.presets {
            let data = try JSONEncoder().encode(p)
            #expect(try JSONDecoder().decode(ActuatorProfile.self, from: data) == p)
        }
    }
}
