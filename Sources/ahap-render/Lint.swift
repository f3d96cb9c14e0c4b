import ArgumentParser
import FoundationEssentials
import HapticFormats
import HapticPattern
import HapticRenderKit

/// `ahap-render lint`: checks AHAP files the way Core Haptics loads them (default, or
/// `--strict`: the same), or the way the renderer plays them (`--lenient`).
///
/// Exit status (docs/lint.md): 0 when every file passes, 1 when any is rejected (with
/// `--warnings-as-errors`, also when any has a warning), 64 for usage errors — no inputs, a
/// missing one, or folders without AHAP files.
struct Lint: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check \(PatternFormats.readableNames) files and report problems like a compiler.",
        discussion: """
            Files are judged as Core Haptics on an iPhone loads them: the exit status is 1 when \
            the device would refuse any of them. --lenient judges as the renderer plays them \
            instead (what has one clear meaning is accepted, with a warning). \
            --warnings-as-errors also fails files with warnings.

            Diagnostics go to standard output, one per line (or --format json); the summary \
            goes to standard error. Folders are searched recursively for \
            \(PatternFormats.searchedFiles); hidden folders are skipped, and named on standard \
            error when they hold pattern files (--hidden searches them). \
            - reads standard input. Exit status: 0 all pass, 1 any rejected, 64 usage error \
            (docs/lint.md).

            Examples:
              ahap-render lint Examples/Patterns
              ahap-render lint --warnings-as-errors --format json Examples/Patterns
              ahap-render lint --lenient Examples/Patterns/Heartbeat.ahap
            """)

    @Argument(help: ArgumentHelp(PatternInputHelp.files))
    var inputs: [String]

    @Flag(help: "Judge as Core Haptics does (the default; as render --strict).")
    var strict = false

    @Flag(
        help: "Judge as the renderer does: accept what has one clear meaning, with a warning.")
    var lenient = false

    @Flag(help: "Count a file with warnings as rejected.")
    var warningsAsErrors = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Flag(help: "Also print notes (text format).")
    var notes = false

    @Flag(help: "Also search hidden folders (names starting with '.').")
    var hidden = false

    @Flag(
        name: .shortAndLong,
        help: "Print errors only (and warnings with --warnings-as-errors): no notes or summary.")
    var quiet = false

    @OptionGroup var diagnostics: DiagnosticOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if strict, lenient { throw ValidationError("Use either --strict or --lenient, not both.") }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read once.")
        }
    }

    var mode: AHAPDecoder.Mode { lenient ? .lenient : .strict }

    /// What the text output prints: errors always (warnings too when they count as errors),
    /// warnings unless `--quiet`, notes with `--notes`.
    func shows(_ severity: Diagnostic.Severity) -> Bool {
        switch severity {
        case .error: true
        case .warning: !quiet || warningsAsErrors
        case .note: notes && !quiet
        }
    }

    func run() throws {
        let files = try CommandLineInputs.discover(inputs, includeHidden: hidden, quiet: quiet)
            .map(\.path)
        let options = AHAPDecoder.Options(mode: mode, limits: limits.patternLimits)
        var summary = LintSummary(mode: mode, warningsAsErrors: warningsAsErrors)
        var reports: [[String: Any]] = []
        for file in files {
            var document = load(file, options: options)
            var readLimits = RenderOptions()
            limits.apply(to: &readLimits)
            document.checkAudioSamples(limits: readLimits.audioReadLimits)
            let result = document.result
            summary.add(result)
            switch format {
            case .text:
                let shown = result.diagnostics.filter { shows($0.severity) }
                for line in diagnostics.lines(shown, file: displayName(file)) { printOutput(line) }
            case .json:
                reports.append(result.lintJSONObject(file: displayName(file)))
            }
        }
        if format == .json {
            try printJSON(reports)
        } else if !quiet {
            printError(summary.text)
        }
        if summary.failed > 0 { throw ExitCode(ExitStatus.failure) }
    }

    /// Reads and decodes one input (`-`: standard input, resources looked up from the
    /// current folder).
    func load(_ file: String, options: AHAPDecoder.Options) -> PatternDocument {
        if file == "-" {
            return PatternDocument.loadStandardInput(
                url: standardInputURL, options: options, searchRoots: searchRoots,
                allowEscaping: limits.allowEscapingPaths)
        }
        return PatternDocument.load(
            contentsOf: URL(fileURLWithPath: file), options: options, searchRoots: searchRoots,
            allowEscaping: limits.allowEscapingPaths)
    }
}
