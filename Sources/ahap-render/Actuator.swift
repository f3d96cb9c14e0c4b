import ArgumentParser
import FoundationEssentials
import HapticPlot
import HapticRender
import HapticRenderKit
import SoundFile

/// `ahap-render actuator`: the datasheet of an actuator preset or profile, measured on the model.
struct Actuator: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "actuator",
        abstract:
            "Show an actuator's datasheet: its responses (an LRA's frequency, impulse and step; an ERM's steady response, spin-up and stop), transients, time constants.",
        discussion: """
            Everything is measured on the simulation the renderer runs: an LRA's frequency \
            response drives its model with steady sines (beside the closed form it should \
            match); an ERM's steady response, spin-up and stop run its motor and driver; \
            the transients are single HapticTransient events (intensity 1, sharpness 0 to 1) \
            rendered through the full driver, their duration the time above −20 dB of the peak.

            Without -o the datasheet goes to standard output as text (or --format json). With \
            -o it is drawn as an SVG picture or a self-contained HTML page (SVG plus tables).

            Examples:
              ahap-render actuator iphone
              ahap-render actuator pixel --format json | jq '.transients'
              ahap-render actuator Examples/Actuators/stiff-lra.json -o stiff-lra.html
              ahap-render actuator coin -o coin.svg
              ahap-render actuator erm
            """)

    @Argument(
        help: ArgumentHelp(
            "\(ActuatorProfile.presetNames), or a JSON actuator profile (docs/actuator-profiles.md); - reads the profile from standard input."
        ))
    var actuator: String

    @Option(name: .shortAndLong, help: "Draw the datasheet to OUT.svg or OUT.html.")
    var output: String?

    @Option(help: "Standard output format without -o (text or json); with -o, also print it.")
    var format: OutputFormat?

    @Option(help: "Sample rate of the simulation in Hz.")
    var sampleRate = 48_000

    @Flag(help: "Replace an existing output file.")
    var force = false

    var isHTML: Bool {
        output.map { $0.lowercased().hasSuffix(".html") || $0.lowercased().hasSuffix(".htm") }
            ?? false
    }

    func validate() throws {
        if let output {
            guard isHTML || output.lowercased().hasSuffix(".svg") else {
                throw ValidationError("The output must end in .svg or .html.")
            }
        }
        guard (8_000...384_000).contains(sampleRate) else {
            throw ValidationError("--sample-rate must be 8000 to 384000 Hz.")
        }
    }

    func run() throws {
        let profile = try loadActuator(actuator, sampleRate: Double(sampleRate))
        if let output {
            if ActuatorProfile.preset(named: actuator) == nil {
                InputFiles.current?.protect(actuator)
            }
            try checkOutput(output, force: force, input: displayName(actuator))
        }
        let sheet: ActuatorDatasheet
        do {
            sheet = try ActuatorDatasheet(profile: profile, sampleRate: Double(sampleRate))
        } catch {
            throw CLIError.failure(displayName(actuator), "\(error)")
        }
        if let output {
            let text = isHTML ? ActuatorDatasheetPlot.html(sheet) : ActuatorDatasheetPlot.svg(sheet)
            try writeOutput(text, to: output, force: force, what: "datasheet")
            printError("wrote \(displayName(output)) (\(text.utf8.count / 1024) KB)")
            guard format != nil else { return }
        }
        switch format ?? .text {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            printOutput(String(decoding: try encoder.encode(sheet), as: UTF8.self))
        case .text:
            StandardStream.output.write(Self.text(sheet))
        }
    }

    /// The datasheet as aligned text: the figures, the transients, then the kind's tables (an
    /// LRA's response near f0).
    static func text(_ s: ActuatorDatasheet) -> String {
        var out = "actuator \(s.actuator) (simulated at \(Int(s.sampleRate)) Hz)\n"
        var rows: [(String, String)] = []
        if let lra = s.lra { rows = lraRows(s, lra) }
        if let erm = s.erm { rows = ermRows(s, erm) }
        for (name, value) in rows { out += "  " + padded(name, to: 26) + value + "\n" }
        out +=
            "\ntransients (intensity 1)\n  sharpness  carrier Hz  pulse ms   peak g  duration ms (> −20 dB)\n"
        for t in s.transients {
            out +=
                "  " + pad(f(t.sharpness, 1), 9) + pad(f(t.carrierHz, 1), 12)
                + pad(f(t.pulseMs, 2), 10)
                + pad(f(t.peakG, 3), 9) + pad(f(t.durationMs, 2), 13) + "\n"
        }
        if let lra = s.lra { out += lraTable(lra) }
        if let erm = s.erm { out += ermTables(erm) }
        return out
    }

    /// An LRA's figures.
    static func lraRows(_ s: ActuatorDatasheet, _ lra: LRADatasheet) -> [(String, String)] {
        let expectedPeak = lra.resonanceHz / (1 - 1 / (2 * lra.q * lra.q)).squareRoot()
        return [
            ("resonance f0", "\(f(lra.resonanceHz, 1)) Hz"),
            ("Q (low-Z / Hi-Z)", "\(f(lra.q, 2)) / \(f(lra.qHiZ, 1))"),
            ("τ = Q/(π f0)", "\(f(lra.tauMs, 2)) ms (Hi-Z \(f(lra.tauHiZMs, 1)) ms)"),
            (
                "response peak",
                "\(f(lra.peakGPerVolt, 4)) g/V at \(f(lra.peakHz, 1)) Hz (theory \(f(expectedPeak, 1)) Hz)"
            ),
            (
                "−3 dB band",
                lra.bandwidthHz.map {
                    "\(f($0, 1)) Hz (\(f(lra.halfPowerLowHz!, 1))–\(f(lra.halfPowerHighHz!, 1)); f0/Q = \(f(lra.resonanceHz / lra.q, 1)))"
                } ?? "beyond the measured range"
            ),
            (
                "sharpness band",
                "\(f(s.sharpnessBandLowHz, 1))–\(f(s.sharpnessBandHighHz, 1)) Hz, up to \(f(s.maxSensationLevelDB, 1)) dB SL"
            ),
            (
                "rail / x_max / full scale",
                "\(f(s.voltageClamp, 1)) V / \(f(lra.maxExcursionMm, 2)) mm / \(f(s.fullScaleG, 1)) g"
            ),
        ]
    }

    /// An ERM's figures.
    static func ermRows(_ s: ActuatorDatasheet, _ erm: ERMDatasheet) -> [(String, String)] {
        [
            (
                "rated",
                "\(f(erm.ratedVoltage, 2)) V: \(f(erm.ratedSpeedHz, 1)) Hz "
                    + "(\(f(erm.ratedSpeedHz * 60, 0)) rpm), \(f(erm.ratedG, 3)) g"
            ),
            ("frequency per volt", "\(f(erm.hzPerVolt, 2)) Hz/V (acceleration ∝ f²)"),
            ("time constant τ", "\(f(erm.timeConstantMs, 2)) ms"),
            (
                "0 → 90 % (driver)",
                "\(f(erm.spinUpMs, 1)) ms (theory \(f(erm.spinUpTheoryMs, 1)) ms; open loop \(f(erm.openLoopRiseMs, 1)) ms)"
            ),
            (
                "stop → 10 % (driver)",
                "\(f(erm.stopMs, 1)) ms (open loop \(f(erm.openLoopStopMs, 1)) ms)"
            ),
            ("sharpness", "no effect on continuous events; shortens clicks"),
            (
                "rail / eccentricity / full scale",
                "\(f(s.voltageClamp, 1)) V / \(f(erm.eccentricityMm, 2)) mm / \(f(s.fullScaleG, 1)) g"
            ),
        ]
    }

    /// An ERM's steady response and intensity law.
    static func ermTables(_ erm: ERMDatasheet) -> String {
        var out =
            "\nsteady response (the motor alone; beside it the closed form of docs/physics.md)\n"
            + "    volts        Hz    peak g  closed form\n"
        for r in erm.steadyResponse {
            out +=
                pad(f(r.volts, 2), 9) + pad(f(r.hz, 1), 10) + pad(f(r.g, 4), 10)
                + pad(f(r.closedFormG, 4), 13) + "\n"
        }
        out +=
            "\nintensity (continuous events, any sharpness)\n  intensity   volts      Hz    peak g\n"
        for p in erm.intensity {
            out +=
                pad(f(p.intensity, 1), 11) + pad(f(p.volts, 3), 8) + pad(f(p.hz, 1), 8)
                + pad(f(p.g, 4), 10) + "\n"
        }
        return out
    }

    /// An LRA's frequency response near f0, beside the closed form.
    static func lraTable(_ lra: LRADatasheet) -> String {
        var out =
            "\nfrequency response (g per volt; beside it the closed form of docs/physics.md, "
            + "Model equations)\n"
            + "       Hz   simulated  closed form  max continuous g\n"
        let band = lra.resonanceHz / 4...lra.resonanceHz * 4
        var lastHz = 0.0
        for r in lra.frequencyResponse where band.contains(r.hz) && r.hz >= lastHz * 1.08 {
            lastHz = r.hz
            out +=
                pad(f(r.hz, 1), 9) + pad(f(r.gPerVolt, 4), 12) + pad(f(r.closedFormGPerVolt, 4), 13)
                + pad(f(r.maxContinuousG, 3), 18) + "\n"
        }
        return out
    }
}

/// `x` with `d` decimals (C's `%.*f`).
private func f(_ x: Double, _ d: Int) -> String { cFormat("%.\(d)f", x) }

/// `t` padded with spaces on the left to `n` characters.
private func pad(_ t: String, _ n: Int) -> String {
    String(repeating: " ", count: max(0, n - t.count)) + t
}

/// `name` cut or padded with spaces to `width` UTF-16 units, as `NSString.padding(toLength:withPad:startingAt:)`.
private func padded(_ name: String, to width: Int) -> String {
    let units = Array(name.utf16.prefix(width))
    return String(decoding: units, as: UTF16.self)
        + String(repeating: " ", count: width - units.count)
}
