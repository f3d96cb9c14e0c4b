import ArgumentParser
import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// `ahap-render lint`: checks AHAP files the way Core Haptics would load them (strict) or
/// the way the renderer will (lenient, default).
///
/// Exit status: 0 when every input is accepted, 1 when any is rejected, 64 for usage
/// errors (ArgumentParser's `ValidationError`).
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check AHAP files and report problems like a compiler.",
        discussion: """
            Folders are searched recursively for .ahap files and for .json files whose top level \
            has a "Pattern" key. Lenient mode (default) accepts what has one clear meaning and warns; \
            --strict accepts exactly what Core Haptics accepts.
            """)

    @Argument(help: "AHAP files or folders.")
    var inputs: [String]

    @Flag(help: "Accept exactly what Core Haptics accepts.")
    var strict = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Flag(help: "Also print notes (text format).")
    var notes = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw ValidationError("No such file or folder: \(input)")
        }
    }

    func run() throws {
        let files: [String]
        do {
            files = try InputDiscovery.discover(inputs)
        } catch {
            throw ValidationError(error.message)
        }
        let options = AHAPDecoder.Options(
            mode: strict ? .strict : .lenient, limits: limits.patternLimits)
        var reports: [(file: String, result: AHAPDecodeResult)] = []
        for file in files {
            let document = AHAPDocument.load(
                contentsOf: URL(fileURLWithPath: file), options: options, searchRoots: searchRoots,
                allowEscaping: limits.allowEscapingPaths)
            reports.append((file, document.result))
        }
        switch format {
        case .text:
            for (file, result) in reports {
                for d in result.diagnostics where notes || d.severity != .note {
                    print(d.rendered(file: file))
                }
            }
            let rejected = reports.filter { !$0.result.accepted }.count
            let errors = reports.reduce(0) {
                $0 + $1.result.diagnostics.filter { $0.severity == .error }.count
            }
            let warnings = reports.reduce(0) {
                $0 + $1.result.diagnostics.filter { $0.severity == .warning }.count
            }
            let summary =
                "lint (\(options.mode.rawValue)): \(reports.count) file\(reports.count == 1 ? "" : "s"), "
                + "\(reports.count - rejected) accepted, \(rejected) rejected; \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(warnings) warning\(warnings == 1 ? "" : "s")\n"
            StandardStream.error.write(summary)
        case .json:
            try printJSON(reports.map { file, result in result.lintJSONObject(file: file) })
        }
        if reports.contains(where: { !$0.result.accepted }) {
            throw ExitCode(1)
        }
    }
}

/// Prints a JSON value with sorted keys, so output is stable.
func printJSON(_ value: Any) throws {
    StandardStream.output.write(try StableJSON.data(value))
    StandardStream.output.write("\n")
}
