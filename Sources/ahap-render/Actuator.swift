import ArgumentParser
import FoundationEssentials
import HapticPlot
import HapticRender
import HapticRenderKit
import SoundFile

/// `ahap-render actuator`: the datasheet of an actuator preset or profile, measured on the model.
struct Actuator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actuator",
        abstract:
            "Show an actuator's datasheet: frequency response, impulse and step response, transients, f0, Q, τ.",
        discussion: """
            Everything is measured on the simulation the renderer runs: the frequency response \
            drives the LRA model with steady sines (beside the closed form it should match), \
            the transients are single HapticTransient events (intensity 1, sharpness 0 to 1) \
            rendered through the full driver, their duration the time above −20 dB of the peak.

            Without -o the datasheet goes to standard output as text (or --format json). With \
            -o it is drawn as an SVG picture or a self-contained HTML page (SVG plus tables).

            Examples:
              ahap-render actuator iphone
              ahap-render actuator pixel --format json | jq '.transients'
              ahap-render actuator Examples/Actuators/stiff-lra.json -o stiff-lra.html
              ahap-render actuator coin -o coin.svg
            """)

    @Argument(
        help:
            "iphone, coin, pixel, or a JSON actuator profile (docs/actuator-profiles.md); - reads the profile from standard input."
    )
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

    /// The datasheet as aligned text: the figures, the transients, the response near f0.
    static func text(_ s: ActuatorDatasheet) -> String {
        func f(_ x: Double, _ d: Int) -> String { cFormat("%.\(d)f", x) }
        func pad(_ t: String, _ n: Int) -> String {
            String(repeating: " ", count: max(0, n - t.count)) + t
        }
        var out = "actuator \(s.actuator) (simulated at \(Int(s.sampleRate)) Hz)\n"
        let expectedPeak = s.resonanceHz / (1 - 1 / (2 * s.q * s.q)).squareRoot()
        let rows: [(String, String)] = [
            ("resonance f0", "\(f(s.resonanceHz, 1)) Hz"),
            ("Q (low-Z / Hi-Z)", "\(f(s.q, 2)) / \(f(s.qHiZ, 1))"),
            ("τ = Q/(π f0)", "\(f(s.tauMs, 2)) ms (Hi-Z \(f(s.tauHiZMs, 1)) ms)"),
            (
                "response peak",
                "\(f(s.peakGPerVolt, 4)) g/V at \(f(s.peakHz, 1)) Hz (theory \(f(expectedPeak, 1)) Hz)"
            ),
            (
                "−3 dB band",
                s.bandwidthHz.map {
                    "\(f($0, 1)) Hz (\(f(s.halfPowerLowHz!, 1))–\(f(s.halfPowerHighHz!, 1)); f0/Q = \(f(s.resonanceHz / s.q, 1)))"
                } ?? "beyond the measured range"
            ),
            (
                "sharpness band",
                "\(f(s.sharpnessBandLowHz, 1))–\(f(s.sharpnessBandHighHz, 1)) Hz, up to \(f(s.maxSensationLevelDB, 1)) dB SL"
            ),
            (
                "rail / x_max / full scale",
                "\(f(s.voltageClamp, 1)) V / \(f(s.maxExcursionMm, 2)) mm / \(f(s.fullScaleG, 1)) g"
            ),
        ]
        for (name, value) in rows { out += "  " + padded(name, to: 26) + value + "\n" }
        out +=
            "\ntransients (intensity 1)\n  sharpness  carrier Hz  pulse ms   peak g  duration ms (> −20 dB)\n"
        for t in s.transients {
            out +=
                "  " + pad(f(t.sharpness, 1), 9) + pad(f(t.carrierHz, 1), 12)
                + pad(f(t.pulseMs, 2), 10)
                + pad(f(t.peakG, 3), 9) + pad(f(t.durationMs, 2), 13) + "\n"
        }
        out +=
            "\nfrequency response (g per volt; beside it the closed form of docs/physics.md, "
            + "Model equations)\n"
            + "       Hz   simulated  closed form  max continuous g\n"
        let band = s.resonanceHz / 4...s.resonanceHz * 4
        var lastHz = 0.0
        for r in s.frequencyResponse where band.contains(r.hz) && r.hz >= lastHz * 1.08 {
            lastHz = r.hz
            out +=
                pad(f(r.hz, 1), 9) + pad(f(r.gPerVolt, 4), 12) + pad(f(r.closedFormGPerVolt, 4), 13)
                + pad(f(r.maxContinuousG, 3), 18) + "\n"
        }
        return out
    }
}

/// `name` cut or padded with spaces to `width` UTF-16 units, as `NSString.padding(toLength:withPad:startingAt:)`.
private func padded(_ name: String, to width: Int) -> String {
    let units = Array(name.utf16.prefix(width))
    return String(decoding: units, as: UTF16.self)
        + String(repeating: " ", count: width - units.count)
}
