import Foundation
import HapticRender
import HapticRenderKit
import Testing

@testable import HapticPlot

/// The datasheet's measurements against the model's physics (docs/physics.md, Model equations).
/// Nothing here hard-codes a preset's numbers: every expectation is a relation the model must
/// satisfy.
@Suite("Actuator datasheet")
struct ActuatorDatasheetTests {
    static let sheets: [String: ActuatorDatasheet] = {
        var out: [String: ActuatorDatasheet] = [:]
        for profile in ActuatorProfile.presets {
            out[profile.name] = try? ActuatorDatasheet(profile: profile)
        }
        return out
    }()

    /// An LRA preset's datasheet and its LRA part.
    static func sheet(_ profile: LRAProfile) throws -> (ActuatorDatasheet, LRADatasheet) {
        let sheet = try #require(sheets[profile.name], "datasheet of \(profile.name) failed")
        return (sheet, try #require(sheet.lra, "\(profile.name) has no LRA measurements"))
    }

    /// |a|/V = (Bl/Re)·loc/M · ω²/√((ω0² − ω²)² + (ω·ω0/Q)²), in g (docs/physics.md, Model
    /// equations).
    static func closedForm(_ p: LRAProfile, hz: Double) -> Double {
        let w = 2 * Double.pi * hz
        let w0 = p.omega0
        let q = p.derivedQLowZ
        return p.forceFactor / p.coilResistance * p.locationFactor / p.bodyMass
            * w * w
            / ((w0 * w0 - w * w) * (w0 * w0 - w * w) + (w * w0 / q) * (w * w0 / q)).squareRoot()
            / ActuatorProfile.standardGravity
    }

    @Test(
        "the response peaks at f0/√(1 − 1/(2Q²)) with the closed form's height",
        arguments: LRAProfile.presets)
    func peak(_ profile: LRAProfile) throws {
        let (_, l) = try Self.sheet(profile)
        let q = profile.derivedQLowZ
        let expected = profile.resonanceHz / (1 - 1 / (2 * q * q)).squareRoot()
        #expect(abs(l.peakHz / expected - 1) < 0.01, "peak \(l.peakHz) Hz, theory \(expected) Hz")
        let height = Self.closedForm(profile, hz: expected)
        #expect(
            abs(l.peakGPerVolt / height - 1) < 0.02, "peak \(l.peakGPerVolt) g/V, theory \(height)")
    }

    @Test(
        "the simulated response follows the closed form, exactly at f0",
        arguments: LRAProfile.presets)
    func response(_ profile: LRAProfile) throws {
        let (_, l) = try Self.sheet(profile)
        let atF0 = try #require(l.frequencyResponse.first { $0.hz == profile.resonanceHz })
        #expect(
            abs(atF0.gPerVolt / Self.closedForm(profile, hz: profile.resonanceHz) - 1) < 0.01,
            "at f0: \(atF0.gPerVolt) vs \(Self.closedForm(profile, hz: profile.resonanceHz))")
        for point in l.frequencyResponse {
            // The prewarped bilinear map is exact at f0 and warps frequency away from it: a few
            // % at most over the haptic band at 48 kHz.
            #expect(
                abs(point.gPerVolt / Self.closedForm(profile, hz: point.hz) - 1) < 0.05,
                "\(point.hz) Hz")
            #expect(point.closedFormGPerVolt == profile.accelerationPerVolt(atHz: point.hz))
        }
        #expect(l.frequencyResponse.count >= 60)
        #expect(l.frequencyResponse.map(\.hz) == l.frequencyResponse.map(\.hz).sorted())
    }

    @Test("the −3 dB bandwidth is f0/Q", arguments: LRAProfile.presets)
    func bandwidth(_ profile: LRAProfile) throws {
        let (_, l) = try Self.sheet(profile)
        let bandwidth = try #require(l.bandwidthHz)
        let expected = profile.resonanceHz / profile.derivedQLowZ
        #expect(abs(bandwidth / expected - 1) < 0.05, "\(bandwidth) Hz vs f0/Q = \(expected) Hz")
        #expect(l.halfPowerLowHz! < l.peakHz && l.peakHz < l.halfPowerHighHz!)
    }

    @Test(
        "the impulse response rings at the damped resonance and decays with τ = Q/(π f0)",
        arguments: LRAProfile.presets)
    func impulse(_ profile: LRAProfile) throws {
        let (_, l) = try Self.sheet(profile)
        let tau = profile.derivedQLowZ / (Double.pi * profile.resonanceHz)
        #expect(abs(l.tauMs - 1000 * tau) < 1e-9)
        let h = l.impulseResponse.values
        let dt = l.impulseResponse.intervalMs / 1000
        // Local maxima of |h| between τ/2 and 4τ; a straight line through ln|peak| against t.
        var points: [(Double, Double)] = []
        for i in 1..<(h.count - 1) where abs(h[i]) > abs(h[i - 1]) && abs(h[i]) >= abs(h[i + 1]) {
            let t = Double(i) * dt
            if t > tau / 2 && t < 4 * tau { points.append((t, log(abs(h[i])))) }
        }
        try #require(points.count > 8)
        let n = Double(points.count)
        let mt = points.reduce(0) { $0 + $1.0 } / n
        let ml = points.reduce(0) { $0 + $1.1 } / n
        let slope =
            points.reduce(0) { $0 + ($1.0 - mt) * ($1.1 - ml) }
            / points.reduce(0) { $0 + ($1.0 - mt) * ($1.0 - mt) }
        #expect(
            abs(-1 / slope / tau - 1) < 0.05, "decay τ \(-1 / slope * 1000) ms vs \(tau * 1000) ms")
        // Half-period from the peaks' spacing: the free decay rings at f0·√(1 − 1/(4Q²)).
        let q = profile.derivedQLowZ
        let ring = profile.resonanceHz * (1 - 1 / (4 * q * q)).squareRoot()
        let measured = Double(points.count - 1) / (2 * (points.last!.0 - points.first!.0))
        #expect(abs(measured / ring - 1) < 0.03, "rings at \(measured) Hz vs \(ring) Hz")
    }

    @Test(
        "the step response starts at the high-frequency gain and settles to zero",
        arguments: LRAProfile.presets)
    func step(_ profile: LRAProfile) throws {
        let (_, l) = try Self.sheet(profile)
        let v = l.stepResponse.values
        // Above resonance |a|/V flattens to loc·Bl/(Re·M) (docs/physics.md): a step starts there.
        let asymptote =
            profile.locationFactor * profile.forceFactor
            / (profile.coilResistance * profile.bodyMass)
            / ActuatorProfile.standardGravity
        let peak = v.reduce(0) { max($0, abs($1)) }
        #expect(abs(peak / asymptote - 1) < 0.05, "step peak \(peak) g/V vs \(asymptote)")
        #expect(abs(v.last!) < 0.02 * peak, "still ringing at the end: \(v.last!)")
    }

    @Test(
        "transients stay within the excursion budget's acceleration and last pulse + brake at most",
        arguments: LRAProfile.presets)
    func transients(_ profile: LRAProfile) throws {
        let (s, l) = try Self.sheet(profile)
        #expect(s.transients.map(\.sharpness) == (0...10).map { Double($0) / 10 })
        let mapping = DriveMapping(profile: .lra(profile))
        for t in s.transients {
            #expect(t.carrierHz == mapping.lookup.transientFrequency(sharpness: t.sharpness))
            // A moving mass that swings x_max at the carrier shakes the body by
            // (loc·μ/M)·ω²·x_max; the driver budgets 0.8·x_max, the end stop allows a little more.
            let w = 2 * Double.pi * t.carrierHz
            let bound =
                profile.locationFactor * profile.reducedMass / profile.bodyMass * w * w
                * profile.maxExcursion
                / ActuatorProfile.standardGravity
            #expect(
                t.peakG > 0.05 * bound && t.peakG <= 1.25 * bound,
                "s = \(t.sharpness): \(t.peakG) g vs \(bound) g")
            // Above −20 dB: at least the pulse's second half, at most pulse + 30 ms brake +
            // the low-Z ring-down from there to −20 dB (τ·ln 10).
            #expect(t.durationMs >= t.pulseMs / 2, "s = \(t.sharpness)")
            #expect(
                t.durationMs <= t.pulseMs + 30 + l.tauMs * log(10),
                "s = \(t.sharpness): \(t.durationMs) ms")
        }
        #expect(
            s.transients.map(\.carrierHz) == s.transients.map(\.carrierHz).sorted(),
            "carrier rises with sharpness")
        #expect(
            s.sharpnessBandLowHz == mapping.bandLowHz && s.sharpnessBandHighHz == mapping.bandHighHz
        )
    }

    @Test("is deterministic and drawn as SVG and HTML")
    func pictures() throws {
        let (s, l) = try Self.sheet(.iphone)
        #expect(try ActuatorDatasheet(profile: .iphone) == s)
        let svg = ActuatorDatasheetPlot.svg(s)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        for text in [
            "Actuator iphone", "Frequency response", "Impulse response", "Step response",
            "click duration",
        ] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(svg.components(separatedBy: "<circle").count - 1 == l.frequencyResponse.count)
        let html = ActuatorDatasheetPlot.html(s)
        #expect(html.contains("<table id=\"transients\">") && !html.contains("http://www.w3.org"))
        #expect(
            html.components(separatedBy: "<tr>").count - 1 == 2 + s.transients.count
                + l.frequencyResponse.count)
    }

    @Test("an invalid profile is an error, not a measurement")
    func invalid() {
        var bad = LRAProfile.iphone
        bad.resonanceHz = -1
        #expect(throws: RenderError.self) { try ActuatorDatasheet(profile: .lra(bad)) }
    }
}

/// The ERM's datasheet against its physics (docs/physics.md, Eccentric rotating mass).
@Suite("ERM datasheet")
struct ERMDatasheetTests {
    static let sheet = try? ActuatorDatasheet(profile: .erm(.erm))

    @Test("the steady response follows g_R·(K·V)², its frequency K·V/2π")
    func steadyResponse() throws {
        let s = try #require(Self.sheet)
        let e = try #require(s.erm)
        let p = ERMProfile.erm
        #expect(s.kind == "erm" && s.lra == nil)
        #expect(e.steadyResponse.count == 12)
        for point in e.steadyResponse {
            #expect(abs(point.hz / p.vibrationHz(volts: point.volts) - 1) < 0.005, "\(point)")
            #expect(abs(point.g / point.closedFormG - 1) < 0.01, "\(point)")
        }
        #expect(abs(e.ratedG / p.steadyAcceleration(volts: p.ratedVoltage) - 1) < 0.01)
        #expect(abs(e.timeConstantMs - 1000 * p.timeConstant) < 1e-9)
    }

    @Test("the driver spins up as its closed form says, faster than the motor alone, and brakes")
    func spinUpAndStop() throws {
        let e = try #require(Self.sheet?.erm)
        #expect(
            abs(e.spinUpMs / e.spinUpTheoryMs - 1) < 0.05, "\(e.spinUpMs) vs \(e.spinUpTheoryMs)")
        #expect(e.spinUpMs < 0.7 * e.openLoopRiseMs)
        #expect(e.stopMs < 0.6 * e.openLoopStopMs)
        #expect(e.spinUp.values.count > 3_000)
        #expect(e.intensity.map(\.volts) == e.intensity.map(\.volts).sorted())
        // Intensity 1 is the rated voltage to the bisection's last bits (ERMProfile.designDrive).
        #expect(e.intensity.first?.volts == 0)
        #expect(abs(try #require(e.intensity.last).volts / e.ratedVoltage - 1) < 1e-12)
    }

    @Test("transients: a DC pulse shortening with sharpness; pictures and JSON")
    func transientsAndPictures() throws {
        let s = try #require(Self.sheet)
        #expect(s.transients.allSatisfy { $0.carrierHz == 0 })
        #expect(s.transients.map(\.pulseMs) == s.transients.map(\.pulseMs).sorted(by: >))
        #expect(s.sharpnessBandLowHz == 0 && s.sharpnessBandHighHz == 0)
        let svg = ActuatorDatasheetPlot.svg(s)
        for text in ["Actuator erm", "Steady response", "Spin-up and stop", "click duration"] {
            #expect(svg.contains(text), "\(text)")
        }
        let html = ActuatorDatasheetPlot.html(s)
        #expect(html.contains("<table id=\"steady-response\">"))
        let json = try JSONEncoder().encode(s)
        #expect(try JSONDecoder().decode(ActuatorDatasheet.self, from: json) == s)
    }
}
