import ArgumentParser
import FoundationEssentials
import HapticGenerate
import HapticRenderKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ahap-render generate`: haptics from a soundtrack.
///
/// Exit status: 0 when every input gave a pattern, 1 when any failed, 64 for usage errors.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate AHAP haptics from audio: onsets become transients, sustained sound continuous haptics.",
        discussion: """
            Reads any file libsndfile reads (WAV, FLAC, Ogg, MP3, AIFF…), any rate, mono to 5.1 \
            (a 5.1 file's LFE channel feeds the bass). Levels are measured relative to the file's \
            integrated loudness (EBU R 128), so the result does not depend on the mastering level.

            Percussive onsets in three bands (sub, mid, high) become HapticTransient events, \
            weighted by the beat in music and thinned to at most 15 per second, 40 ms apart; the \
            harmonic loudness becomes HapticContinuous events whose intensity and sharpness \
            follow parameter curves (≤ 16 points each, every event ≤ 30 s). The output passes \
            `ahap-render lint --strict` and is byte-identical for the same input and options.

            Presets:
              music    beat-weighted transients, bass-weighted continuous haptics
              film     dialogue kept out: haptics only from below 70 Hz (LFE, rumble, impacts)
              sfx      short effects: every attack counts (up to 15/s)
              texture  continuous feel, only the strongest hits as transients
              auto     picks one (default): < 8 s → sfx, dialogue → film, a beat → music,
                       few onsets → texture

            Outputs go next to each input (trailer.wav → trailer.ahap), to -o (one input) or \
            into --output-dir; existing files are kept unless --force. Files are written to a \
            temporary name and renamed when complete.

            Examples:
              ahap-render generate trailer.wav --preset film
              ahap-render generate song.flac -o song.ahap
              ahap-render generate sfx/*.wav --output-dir haptics/ --force
              ahap-render render trailer.ahap --mix-with trailer.wav   # hear both
            """)

    @Argument(help: "Audio files.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output AHAP file (one input only).")
    var output: String?

    @Option(help: "Folder for the outputs (named after each input).")
    var outputDir: String?

    @Option(help: "auto, music, film, sfx or texture (see above).")
    var preset: GenerationPreset = .auto

    @Option(help: ArgumentHelp("How readily a hit becomes a transient, 0…1 (sfx 0.55).", valueName: "0…1"))
    var sensitivity: Double?

    @Option(help: ArgumentHelp("Most transients in any second, 1…15 (sfx 12).", valueName: "per-second"))
    var density: Double?

    @Option(help: ArgumentHelp("How fast the bed follows a tail down: its release time constant (sfx 0.04).", valueName: "seconds"))
    var release: Double?

    @Option(help: ArgumentHelp("Sharpness range the spectrum maps to (sfx 0.6-0.9).", valueName: "low-high"))
    var sharpness: SharpnessRangeArgument?

    @Option(help: ArgumentHelp("How much the bed drops for 30 ms after each transient, 0…1 (default 0).", valueName: "0…1"))
    var ducking: Double?

    @Option(help: ArgumentHelp("Longest input accepted, in seconds.", valueName: "seconds"))
    var maxDuration: Double = 4 * 3_600

    @Flag(help: "Replace existing output files.")
    var force = false

    @Flag(name: .shortAndLong, help: "No progress or summary; errors only.")
    var quiet = false

    func validate() throws {
        if output != nil, outputDir != nil { throw ValidationError("Use either -o or --output-dir, not both.") }
        if output != nil, inputs.count > 1 { throw ValidationError("-o names one output but \(inputs.count) inputs were given; use --output-dir.") }
        guard maxDuration.isFinite, maxDuration > 0 else { throw ValidationError("--max-duration must be a positive number of seconds.") }
        if let problem = overrides.problem { throw ValidationError("Bad knob: \(problem).") }
        var seen: [String: String] = [:]
        for input in inputs {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw ValidationError("No such file: \(input)")
            }
            if isDirectory { throw ValidationError("\(input) is a folder; give the audio files (e.g. \(input)/*.wav).") }
            let out = outputPath(for: input)
            if out == input { throw ValidationError("The output \(out) would overwrite its input.") }
            if let other = seen[out] { throw ValidationError("\(other) and \(input) would both write \(out); use -o or another --output-dir.") }
            seen[out] = input
        }
    }

    /// The knobs set on the command line.
    var overrides: GenerationSettings.Overrides {
        GenerationSettings.Overrides(transientSensitivity: sensitivity, density: density, bedRelease: release,
                                     sharpness: sharpness?.range, ducking: ducking)
    }

    func outputPath(for input: String) -> String {
        if let output { return output }
        let name = PathString.deletingExtension(PathString.lastComponent(input)) + ".ahap"
        if let outputDir { return PathString.appending(name, to: outputDir) }
        return PathString.appending(name, to: PathString.deletingLastComponent(input))
    }

    func run() throws {
        if let outputDir {
            do { try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true) } catch {
                throw ValidationError("Cannot create the output folder \(outputDir): \(fileErrorText(error))")
            }
        }
        var failed = 0
        for input in inputs {
            let out = outputPath(for: input)
            if !force && FileManager.default.fileExists(atPath: out) {
                printError(GenerateError.outputExists(path: out).description)
                failed += 1
                continue
            }
            var progress = GenerateProgress(quiet: quiet, file: input)
            do {
                let start = Date()
                let generated = try HapticGeneration.generate(path: input, preset: preset, overrides: overrides, maxDurationSeconds: maxDuration) {
                    progress.update($0)
                }
                progress.clear()
                try HapticGeneration.write(generated, to: out, overwrite: force)
                if !quiet {
                    for note in generated.notes { printError("\(input): note: \(note)") }
                    let elapsed = Date().timeIntervalSince(start)
                    let speed = elapsed > 0 ? " (\(Int(generated.durationSeconds / elapsed))× realtime)" : ""
                    printError("wrote \(out): \(generated.summary)\(speed)")
                }
            } catch {
                progress.clear()
                printError(error.description)
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

extension GenerationPreset: StringEnumArgument {}

/// `--sharpness 0.6-0.9`: a sharpness range.
struct SharpnessRangeArgument: ExpressibleByArgument {
    var range: ClosedRange<Double>

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let lo = Double(parts[0]), let hi = Double(parts[1]), lo.isFinite, hi.isFinite, lo <= hi else { return nil }
        range = lo...hi
    }
}

/// Progress of one file's analysis on stderr: a line rewritten in place on a terminal, a
/// plain line every 5 s otherwise (only for inputs that take that long), nothing with --quiet.
struct GenerateProgress {
    private let mode: ProgressDisplay.Mode
    private let file: String
    private var lastPlain = Date()
    private var lastTerminal = Date.distantPast
    private var shown = false

    init(quiet: Bool, file: String) {
        self.file = file
        mode = quiet ? .quiet : (isatty(STDERR_FILENO) == 1 ? .terminal : .plain)
    }

    mutating func update(_ fraction: Double) {
        let text = "generate: \(file): analysing \(Int(fraction * 100)) %"
        switch mode {
        case .quiet: return
        case .terminal:
            guard Date().timeIntervalSince(lastTerminal) >= 0.1 else { return }
            lastTerminal = Date()
            StandardStream.error.write("\r\u{1B}[K" + text)
            shown = true
        case .plain:
            guard Date().timeIntervalSince(lastPlain) >= 5, fraction < 1 else { return }
            lastPlain = Date()
            StandardStream.error.write(text + "\n")
        }
    }

    mutating func clear() {
        if shown { StandardStream.error.write("\r\u{1B}[K") }
        shown = false
    }
}
