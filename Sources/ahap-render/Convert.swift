import ArgumentParser
import FoundationEssentials
import HapticFormats
import HapticPattern
import HapticRenderKit
import SoundFile

/// `ahap-render convert`: every readable pattern format to every written one (`PatternFormats`),
/// and what each target loses, measured (docs/formats.md).
///
/// Exit status (docs/cli.md): 0 when every input converted, 1 when any was rejected or could
/// not be written, 64 for usage errors.
struct Convert: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "convert",
        abstract:
            "Convert \(PatternFormats.readableNames) files to \(spokenList(PatternFormats.writable.map(\.displayName))), and measure what each target loses.",
        discussion: """
            Inputs are \(PatternFormats.readableNames) files, told apart by their content (then \
            by their extension); folders are searched for \(PatternFormats.searchedFiles). Each \
            output goes next to its input with the target's extension \
            (\(PatternFormats.writable.map { "." + $0.writer!.fileExtension }.joined(separator: ", "))), \
            to -o (- for standard output), or below --output-dir mirroring the input folders. \
            Existing files are kept unless --force; an input is never replaced. What a target \
            cannot hold is printed as notes on standard error. An input - reads standard input \
            (name the output with -o).

            --report renders the original and every target (the other pattern formats, and the \
            Android waveform, composition and envelope tiers) on a Pixel-class simulated \
            actuator and prints on standard output, per target, the envelope correlation, onset \
            timing error, peak level error and what was dropped or approximated. An .hjif \
            output (MPEG-I haptics) names that actuator as its reference device (type, \
            resonance, frequency band).

            Examples:
              ahap-render convert Examples/Patterns/Heartbeat.ahap --to haptic \\
                  -o out/Heartbeat.haptic
              ahap-render convert Examples/Patterns/Heartbeat.ahap --to android \\
                  -o out/Heartbeat.json --report
              ahap-render convert Examples/Patterns/Heartbeat.ahap --to hjif \\
                  -o out/Heartbeat.hjif
              ahap-render convert Examples/Patterns --to kotlin --output-dir out/kotlin
              ahap-render convert out/Heartbeat.haptic --to ahap -o - --quiet
            """)

    @Argument(help: ArgumentHelp(PatternInputHelp.files))
    var inputs: [String]

    @Option(help: ArgumentHelp("Target: \(PatternFormats.targetSummaries)."))
    var to: ConvertTarget

    @Option(name: .shortAndLong, help: "Output file (one input only); - writes to standard output.")
    var output: String?

    @Option(help: "Folder for the outputs; mirrors the inputs below the folder they share.")
    var outputDir: String?

    @Option(
        help: ArgumentHelp(
            "With --output-dir: mirror every input below this folder (default: the folder the inputs share).",
            valueName: "dir"))
    var base: String?

    @Flag(help: "Render every target against the original and print what each loses.")
    var report = false

    @Option(help: "Report format: text or json.")
    var format: OutputFormat = .text

    @Flag(
        help:
            "Refuse what each format's strict validator refuses (for AHAP, what Core Haptics refuses)."
    )
    var strict = false

    @Flag(help: "Replace existing output files (never an input).")
    var force = false

    @Flag(help: "Also search hidden folders (names starting with '.').")
    var hidden = false

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes or 'wrote' lines.")
    var quiet = false

    @OptionGroup var diagnostics: DiagnosticOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        try refuseEmptyPaths([("-o", output), ("--output-dir", outputDir), ("--base", base)])
        if output != nil && outputDir != nil {
            throw ValidationError("Use -o or --output-dir, not both.")
        }
        if base != nil, outputDir == nil {
            throw ValidationError(
                "--base says where --output-dir mirrors the inputs from; add --output-dir.")
        }
        if output == "-" && report {
            throw ValidationError(
                "-o - writes the converted file to standard output, where --report prints too.")
        }
        if format == .json && !report {
            throw ValidationError("--format is the report's format; add --report.")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read once.")
        }
        if inputs.contains("-"), output == nil {
            throw ValidationError(
                "Name the output of standard input's file with -o FILE (or -o -).")
        }
    }

    func run() throws {
        let files = try CommandLineInputs.mirrored(
            CommandLineInputs.discover(inputs, includeHidden: hidden, quiet: quiet),
            inputs: inputs, fromList: false, base: base)
        if output != nil, files.count > 1 {
            throw CLIError.usage(
                nil, "-o names one output but \(files.count) inputs were found; use --output-dir")
        }
        for file in files where file.path != "-" { InputFiles.current?.protect(file.path) }
        let destinations = try outputs(for: files)
        let options = AHAPDecoder.Options(
            mode: strict ? .strict : .lenient, limits: limits.patternLimits)
        let converter = FormatConverter()
        var reports: [LossReport] = []
        var failed = 0
        for (file, destination) in zip(files, destinations) {
            let name = displayName(file.path)
            guard let source = read(file.path, options: options) else {
                failed += 1
                continue
            }
            let converted = converter.convert(
                source, to: to.format, name: PathString.lastComponent(name))
            if let refusal = readBackRefusal(converted.bytes, options: options) {
                printError("\(name): error: \(refusal); nothing written")
                failed += 1
                continue
            }
            guard write(converted.bytes, to: destination, input: file.path) else {
                failed += 1
                continue
            }
            if !quiet {
                for note in converted.notes {
                    printError(
                        "\(name): note: \(note.kind.rawValue) (×\(note.count)): \(note.message)")
                }
            }
            if report {
                do { reports.append(try converter.report(source, name: name)) } catch {
                    printError("\(name): error: cannot render the report: \(error.description)")
                    failed += 1
                }
            }
        }
        if report {
            switch format {
            case .text: StandardStream.output.write(reports.map(\.text).joined(separator: "\n"))
            case .json: StandardStream.output.write(JSONText.array(reports.map(\.json)).text())
            }
        }
        if failed > 0 { throw ExitCode(ExitStatus.failure) }
    }

    /// Each input's output path; an output that is one of the inputs (by identity), two
    /// inputs that would write one file (`Tap.ahap` and `Tap.haptic` to `Tap.json`), and two
    /// whose Kotlin objects would clash (`tap-soft`, `TapSoft`), are usage errors before
    /// anything is written.
    private func outputs(for files: [DiscoveredFile]) throws -> [String] {
        var seen: [String: String] = [:]
        var objects: [String: String] = [:]
        return try files.map { file in
            let path = OutputNaming.output(
                for: file, outputFile: output, outputDirectory: outputDir,
                fileExtension: to.format.writer!.fileExtension, keepsFormatExtension: false)
            if let other = seen[path] {
                throw CLIError.usage(
                    nil,
                    "\(other) and \(file.path) would both convert to \(path); convert one of them on its own with -o"
                )
            }
            seen[path] = file.path
            if to.format == .kotlin {
                // Kotlin of one batch compiles together: one object name each.
                let object = FormatConverter.kotlinObjectName(
                    forInput: PathString.lastComponent(displayName(file.path)))
                if let other = objects[object] {
                    throw CLIError.usage(
                        nil,
                        "\(displayName(other)) and \(displayName(file.path)) would both define the Kotlin object \(object); rename one of them, or convert them on their own into different packages"
                    )
                }
                objects[object] = file.path
            }
            if path != "-" { try checkOutput(path, force: true, input: displayName(file.path)) }
            return path
        }
    }

    /// The decoded input (`-`: standard input), or nil with its errors printed; its warnings
    /// are printed too unless `--quiet`.
    private func read(_ path: String, options: AHAPDecoder.Options) -> ConversionSource? {
        let name = displayName(path)
        let limit = options.limits.maxInputBytes
        let bytes: [UInt8]
        switch BoundedFileRead.read(pathOrStandardInput: path, limit: limit) {
        case .success(let b): bytes = b
        case .failure(let failure):
            printError("\(name): error: \(failure.message(limit: limit))")
            return nil
        }
        let source = ConversionSource(bytes: bytes, options: options, fileName: path)
        let shown = source.diagnostics.filter {
            $0.severity == .error || ($0.severity == .warning && !quiet)
        }
        for line in diagnostics.lines(shown, file: name) { printError(line) }
        guard source.accepted else {
            let errors = source.diagnostics.filter { $0.severity == .error }.count
            printError(
                "\(name): error: \(source.format.rejection(strict: strict, errors: errors)); nothing written"
            )
            return nil
        }
        return source
    }

    /// Why the converted `bytes` would be refused by this command and `lint` reading them
    /// back with the same limits, or nil: what `convert` writes, its readers accept.
    private func readBackRefusal(_ bytes: [UInt8], options: AHAPDecoder.Options) -> String? {
        let errors = FormatConverter.readBackErrors(bytes, target: to.format, options: options)
        guard let first = errors.first else { return nil }
        let what = to.format.fileNoun
        let hint =
            switch first.code {
            case .limitDuration: " (raise --max-duration to write and read it)"
            case .limitEvents: " (raise --max-events to write and read it)"
            case .limitInputSize, .limitJSONValues, .limitCurvePoints:
                " (no option raises this limit: convert a shorter part, or to another target)"
            default: ""
            }
        return
            "the converted \(what) would be refused when read back: \(first.message)\(hint)"
    }

    /// Writes `bytes` to `path` through ``AtomicFile`` (complete or absent; an input never
    /// replaced) or to standard output for `-`; false, with the reason printed, when the path
    /// exists without `--force` or cannot be written.
    private func write(_ bytes: [UInt8], to path: String, input: String) -> Bool {
        if path == "-" {
            if let problem = StandardStream.output.writeReporting(bytes) {
                printError("<stdout>: error: cannot write: \(problem)")
                return false
            }
            return true
        }
        do {
            try checkOutputFolder(for: path)
            try AtomicFile.write(bytes, to: path, replacing: force ? .replace : .never)
        } catch let error as CLIError {
            printError(error.text)
            return false
        } catch SoundFileError.destinationExists {
            printError(CLIError.outputExists(path, input: displayName(input)).text)
            return false
        } catch {
            printError("\(path): error: \(error)")
            return false
        }
        if !quiet { printError("wrote \(displayName(path))") }
        return true
    }
}

/// `convert --to`: a format of ``PatternFormats/writable``, by name.
struct ConvertTarget: ExpressibleByArgument {
    var format: PatternFormat

    init?(argument: String) {
        guard let format = PatternFormats.named(argument), format.writer != nil else { return nil }
        self.format = format
    }

    var defaultValueDescription: String { format.name }
    static var allValueStrings: [String] { PatternFormats.writable.map(\.name) }
    static var allValueDescriptions: [String: String] { [:] }
}
