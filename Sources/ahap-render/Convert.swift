import ArgumentParser
import FoundationEssentials
import HapticFormats
import HapticPattern
import HapticRenderKit

/// `ahap-render convert`: AHAP and `.haptic` to AHAP, `.haptic`, Android JSON or Kotlin, and
/// what each target loses, measured (docs/formats.md).
///
/// Exit status: 0 when every input converted, 1 when any was rejected or could not be
/// written, 64 for usage errors.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract:
            "Convert AHAP and .haptic files to AHAP, .haptic, Android JSON or Kotlin, and measure what each target loses.",
        discussion: """
            Inputs are AHAP or .haptic (Meta Haptics SDK / Lofelt Studio) files, told apart by \
            content; folders are searched for .ahap, .haptic and AHAP .json files. Each output goes \
            next to its input with the target's extension (.ahap, .haptic, .json, .kt), to -o, or \
            below --output-dir mirroring the input folders. What a target cannot hold is printed \
            as notes on standard error.

            --report renders the original and every target (the .haptic or AHAP, and the Android \
            waveform, composition and envelope tiers) on a Pixel-class simulated actuator and prints \
            per target the envelope correlation, onset timing error, peak level error and what was \
            dropped or approximated.

            Examples:
              ahap-render convert Examples/Patterns/Heartbeat.ahap --to haptic -o Heartbeat.haptic
              ahap-render convert Examples/Patterns/Heartbeat.ahap --to android -o Heartbeat.json --report
              ahap-render convert Examples/Patterns --to kotlin --output-dir kotlin
              ahap-render convert Heartbeat.haptic --to ahap -o Heartbeat2.ahap --report --format json
            """)

    @Argument(help: "AHAP or .haptic files, or folders.")
    var inputs: [String]

    @Option(help: "Target: ahap, haptic, android (JSON with the three API tiers) or kotlin.")
    var to: ConvertTarget

    @Option(name: .shortAndLong, help: "The output file (one input only); - for standard output.")
    var output: String?

    @Option(
        name: .customLong("output-dir"),
        help: "Folder for the outputs, mirroring the input folders.")
    var outputDirectory: String?

    @Flag(help: "Render every target against the original and print what each loses.")
    var report = false

    @Option(help: "Report format: text or json.")
    var format: OutputFormat = .text

    @Flag(
        help:
            "Accept exactly what Core Haptics (AHAP) or the .haptic spec's strict validator accepts."
    )
    var strict = false

    @Flag(help: "Replace existing output files.")
    var force = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw ValidationError("No such file or folder: \(input)")
        }
        if output != nil && outputDirectory != nil {
            throw ValidationError("Use -o or --output-dir, not both.")
        }
        if output == "-" && report {
            throw ValidationError(
                "-o - writes the file to standard output; --report needs it for the report.")
        }
        if format == .json && !report {
            throw ValidationError("--format is the report's format; add --report.")
        }
    }

    func run() throws {
        let files: [DiscoveredFile]
        do { files = try InputDiscovery.discoverFiles(inputs) } catch {
            throw ValidationError(error.message)
        }
        if output != nil && files.count != 1 {
            throw ValidationError(
                "-o names one output but there are \(files.count) inputs; use --output-dir.")
        }
        let options = AHAPDecoder.Options(
            mode: strict ? .strict : .lenient, limits: limits.patternLimits)
        let converter = FormatConverter()
        var reports: [LossReport] = []
        var failed = 0
        for file in files {
            guard let source = read(file.path, options: options) else {
                failed += 1
                continue
            }
            let name = PathString.lastComponent(file.path)
            let converted = converter.convert(source, to: to.target, name: name)
            let destination = OutputNaming.output(
                for: file, outputFile: output, outputDirectory: outputDirectory,
                fileExtension: to.target.fileExtension, keepsClipExtension: false)
            guard write(converted.bytes, to: destination, input: file.path) else {
                failed += 1
                continue
            }
            for note in converted.notes {
                printError(
                    "\(file.path): note: \(note.kind.rawValue) (×\(note.count)): \(note.message)")
            }
            if report {
                do { reports.append(try converter.report(source, name: file.path)) } catch {
                    printError(
                        "\(file.path): error: cannot render the report: \(error.description)")
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
        if failed > 0 { throw ExitCode(1) }
    }

    /// The decoded input, or nil with its errors printed. Warnings are printed too.
    private func read(_ path: String, options: AHAPDecoder.Options) -> ConversionSource? {
        let bytes: [UInt8]
        switch BoundedFileRead.read(path: path, limit: options.limits.maxInputBytes) {
        case .success(let b):
            bytes = b
        case .failure(.unreadable(let message)):
            printError("\(path): error: the file cannot be read (\(message))")
            return nil
        case .failure(.tooLarge(let size, _)):
            printError(
                "\(path): error: the file is \(size) bytes, more than the limit of \(options.limits.maxInputBytes) bytes"
            )
            return nil
        }
        let source = ConversionSource(bytes: bytes, options: options)
        for d in source.diagnostics where d.severity != .note {
            printError(d.rendered(file: path))
        }
        if !source.accepted {
            printError(
                "\(path): error: the \(source.format == .haptic ? ".haptic clip" : "AHAP file") was rejected; nothing written"
            )
        }
        return source.accepted ? source : nil
    }

    /// Writes `bytes` to `path` atomically (or to standard output for `-`); false, with the
    /// reason printed, when the path is the input, exists without --force or cannot be written.
    private func write(_ bytes: [UInt8], to path: String, input: String) -> Bool {
        if path == "-" {
            StandardStream.output.write(String(decoding: bytes, as: UTF8.self))
            return true
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        if target == URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path
        {
            printError(
                "\(input): error: the output \(path) is the input file; refusing to overwrite it")
            return false
        }
        if !force, FileManager.default.fileExists(atPath: path) {
            printError("\(path): error: already exists; use --force to replace it")
            return false
        }
        do {
            let folder = PathString.deletingLastComponent(path)
            if !folder.isEmpty {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            printError("\(path): error: cannot write: \(fileErrorText(error))")
            return false
        }
        printError("wrote \(path)")
        return true
    }
}

/// `convert --to`.
enum ConvertTarget: String, CaseIterable, StringEnumArgument {
    case ahap, haptic, android, kotlin

    var target: ConversionTarget { ConversionTarget(rawValue: rawValue)! }
}
