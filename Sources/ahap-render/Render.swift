import ArgumentParser
import Dispatch
import FoundationEssentials
import HapticFormats
import HapticPattern
import HapticRender
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render render`: AHAP to WAV / FLAC / OGG, one file or whole folders in parallel.
///
/// Exit status (docs/cli.md): 0 when every input rendered (or was skipped), 1 when any failed,
/// 128 + the signal when interrupted (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP; no partial file is
/// left), 141 when the reader of `-o -` quit early, 64 for usage errors.
struct Render: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Render \(PatternFormats.readableNames) files to audio files: hear and measure a pattern without an iPhone.",
        discussion: """
            Each input renders the pattern's audio events, the simulated actuator's drive signal \
            and its body acceleration, and writes the channels the layout picks:

            \(OutputLayout.helpTable)

            The render length is the pattern duration (× rate, × loops) plus the actuator's \
            ring-down, or --duration. Outputs go next to each input unless -o or --output-dir \
            says otherwise; the container is -o's extension, else --type, else wav. Existing \
            files are kept unless --force. Files are written to a temporary name and renamed \
            when complete, so a failure or Ctrl-C never leaves a partial file.

            -o - streams one input's WAV (or AIFF) to standard output, byte for byte the file \
            -o would write; progress and messages stay on standard error. An input - reads \
            the pattern from standard input (name the output with -o).

            Large catalogues: --from-list reads the inputs from a file (one per line, # comments), \
            --skip-existing counts outputs already there as done, so a stopped batch resumes and \
            slices of one list can run on many machines (see docs/batches.md).

            Examples:
              ahap-render render Heartbeat.ahap
              ahap-render render Patterns/ --output-dir out/ --type flac --jobs 4
              ahap-render render Tap.ahap --layout split --actuator pixel -o tap.wav
              ahap-render render Heartbeat.ahap --loop 3 \\
                  --param HapticIntensityControl=0.3@0.1
              ahap-render render Trailer.ahap --mix-with trailer.wav
              ahap-render render Tap.ahap -o - | ffmpeg -i - tap.m4a
              ahap-render render --from-list slice-03.txt --output-dir out/ \\
                  --skip-existing
            """)

    @Argument(help: ArgumentHelp(PatternInputHelp.files))
    var inputs: [String] = []

    @Option(
        name: .customLong("from-list"),
        help: ArgumentHelp(
            "Also render the files or folders listed in FILE, one per line (- reads standard input; blank lines and # comments ignored).",
            valueName: "file"))
    var fromList: String?

    @Option(
        name: .shortAndLong,
        help: "Output file (one input only); - streams WAV or AIFF to standard output.")
    var output: String?

    @Option(
        help:
            "Folder for the outputs; mirrors the inputs below the folder they share (a listed file by its path; docs/batches.md)."
    )
    var outputDir: String?

    @Option(
        help: ArgumentHelp(
            "With --output-dir: mirror every input below this folder (default: the folder the inputs share; with --from-list, the current one).",
            valueName: "dir"))
    var base: String?

    @Option(
        name: [.customShort("t"), .customLong("type")],
        help: ArgumentHelp(
            "The container: \(FileFormatArgument.list). Default: -o's extension, else wav (ogg for --layout android).",
            valueName: "type"))
    var type: FileFormatArgument?

    @Option(
        help: ArgumentHelp(
            "Deprecated spelling of --type (--format names report formats elsewhere).",
            visibility: .hidden))
    var format: FileFormatArgument?

    @Option(help: ArgumentHelp(SampleFormatArgument.help))
    var sampleFormat: SampleFormatArgument?

    @OptionGroup var simulation: SimulationOptions

    @Option(help: ArgumentHelp("\(OutputLayout.names) (see above)."))
    var layout: OutputLayout = .audition

    @Flag(
        help:
            "Reject what Core Haptics rejects (default: lenient, renders what has one clear meaning)."
    )
    var strict = false

    @OptionGroup var player: PlayerArguments

    @Option(
        help: "An audio file to mix under the pattern's audio (to judge sync with a soundtrack).")
    var mixWith: String?

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(
            "Threads in all, 1 to \(RenderOptions.maxThreads) (default: all cores).",
            discussion:
                "Files render in parallel; with fewer files than threads, each file is also split where the pattern is quiet and its parts render at once. The output is the same either way.",
            valueName: "n"))
    var jobsOption: Int?

    /// `--jobs`, or every core.
    var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(help: "Replace existing output files (an input is never overwritten).")
    var force = false

    @Flag(
        help:
            "Count outputs that already exist as done (resume a batch); they are reported as skipped."
    )
    var skipExisting = false

    @Flag(
        name: .shortAndLong,
        help: "Print errors only, for every file: no progress, warnings or summary.")
    var quiet = false

    @Flag(help: "Also search hidden folders (names starting with '.').")
    var hidden = false

    @OptionGroup var diagnostics: DiagnosticOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    @Option(help: "Seconds between progress lines when stderr is not a terminal.")
    var progressInterval = 5.0

    func validate() throws {
        try refuseEmptyPaths([
            ("-o", output), ("--output-dir", outputDir), ("--base", base),
            ("--from-list", fromList),
            ("--mix-with", mixWith),
        ])
        if output != nil, outputDir != nil {
            throw ValidationError("Use either -o or --output-dir, not both.")
        }
        if base != nil, outputDir == nil {
            throw ValidationError(
                "--base says where --output-dir mirrors the inputs from; add --output-dir.")
        }
        if inputs.isEmpty, fromList == nil {
            throw ValidationError("Name pattern files or folders, or --from-list FILE.")
        }
        if force, skipExisting {
            throw ValidationError("Use either --force or --skip-existing, not both.")
        }
        if output == RenderJob.standardOutput {
            if skipExisting {
                throw ValidationError("--skip-existing needs output files, not -o -.")
            }
            if isatty(STDOUT_FILENO) == 1 {
                throw ValidationError(
                    "-o - writes binary audio to standard output, which is a terminal; pipe it (| play -) or redirect it (> file.wav)."
                )
            }
        }
        guard (1...RenderOptions.maxThreads).contains(jobs) else {
            throw ValidationError("--jobs must be 1 to \(RenderOptions.maxThreads).")
        }
        guard progressInterval.isFinite, progressInterval > 0 else {
            throw ValidationError("--progress-interval must be positive.")
        }
        if type != nil, format != nil {
            throw ValidationError("Use --type (--format is its deprecated spelling), not both.")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read once.")
        }
        if inputs.contains("-"), fromList == "-" {
            throw ValidationError("Standard input can hold the pattern or the list, not both.")
        }
        if inputs.contains("-"), output == nil {
            throw ValidationError(
                "Name the output of standard input's pattern with -o FILE (or -o -).")
        }
        try ContainerChoice.check(output: output, type: type ?? format)
    }

    func run() throws {
        if format != nil {
            printError(
                "ahap-render: warning: --format is deprecated for the container; use --type (or -o's extension)"
            )
        }
        var options = try makeOptions()
        if let mixWith { try checkReadable(mixWith) }
        let files = try BatchCommand.discoverInputs(
            inputs, fromList: fromList, kind: .pattern, includeHidden: hidden, quiet: quiet,
            base: base)
        if let mixWith { InputFiles.current?.protect(mixWith) }
        if output == RenderJob.standardOutput, files.count > 1 {
            throw CLIError.usage(
                nil, "-o - streams one input but \(files.count) were found; use --output-dir")
        }
        if output != nil, files.count > 1 {
            throw CLIError.usage(
                nil, "-o names one output but \(files.count) inputs were found; use --output-dir")
        }
        if output == RenderJob.standardOutput {
            signal(SIGPIPE, SIG_IGN)  // a reader that quits early is an error to report, not a kill
        }
        options.threads = max(1, self.jobs / min(files.count, self.jobs))
        let jobs = try makeJobs(files, options: options)
        let batch = RenderBatch(jobs: jobs, workers: self.jobs)
        let (results, display) = BatchCommand.run(
            batch, quiet: quiet, unitsPerSecond: options.sampleRate,
            progressInterval: progressInterval)
        try report(results, display: display)
    }

    /// Turns the flags into render options, failing on bad combinations before any work.
    func makeOptions() throws -> RenderOptions {
        var options = RenderOptions()
        try simulation.apply(to: &options)
        options.layout = layout
        options.format = ContainerChoice.format(
            output: output, type: type ?? format, layout: layout)
        if output == RenderJob.standardOutput, !options.format.isStreamable {
            throw CLIError.usage(
                nil, SoundFileError.notStreamable(format: options.format).description)
        }
        options.sampleFormat = sampleFormat?.format
        options.strict = strict
        player.apply(to: &options)
        options.mixWith = mixWith
        options.searchRoots = searchRoots
        options.overwrite = force
        options.skipExisting = skipExisting
        limits.apply(to: &options)
        do { try options.validate() } catch { throw CLIError.usage(nil, error.message) }
        return options
    }

    /// One job per input file; two inputs that would write the same file, or an output that
    /// is an input, are errors up front (``BatchCommand/outputs(for:outputDirectory:verb:_:)``).
    func makeJobs(_ files: [DiscoveredFile], options: RenderOptions) throws -> [RenderJob] {
        let jobs = try BatchCommand.outputs(
            for: files, outputDirectory: outputDir, verb: "render to"
        ) {
            OutputNaming.output(
                for: $0, outputFile: output, outputDirectory: outputDir,
                fileExtension: options.format.fileExtension)
        }.map { pair in
            pair.file.path == "-"
                ? RenderJob.standardInput(
                    name: displayName(pair.file.path), output: pair.output, options: options)
                : RenderJob(input: pair.file.path, output: pair.output, options: options)
        }
        try BatchCommand.checkFolders(of: jobs.map(\.output))
        return jobs
    }

    /// Warnings and failures per file, then the summary; exits 1 on any failure, and ends by
    /// the signal when interrupted.
    func report(_ results: [Result<RenderReport, RenderJobError>], display: ProgressDisplay) throws
    {
        var failed = 0
        var cancelled = 0
        var skipped = 0
        var closed = 0
        var frames: Int64 = 0
        for result in results {
            switch result {
            case .success(let r) where r.skipped:
                skipped += 1
                if !quiet { printError("skipped \(displayName(r.output)) (already there)") }
            case .success(let r):
                frames += r.frames
                guard !quiet else { continue }
                let warnings = r.diagnostics.filter { $0.severity == .warning }
                for line in diagnostics.lines(warnings, file: r.input) { printError(line) }
                let name = r.output == RenderJob.standardOutput ? "<stdout>" : displayName(r.output)
                printError(
                    "wrote \(name) (render length \(cFormat("%.3f", r.seconds)) s, \(r.channels) ch, \(Int(r.sampleRate)) Hz)"
                )
            case .failure(let e) where e.stage == .cancelled:
                cancelled += 1
            case .failure(let e) where e.stage == .outputClosed:
                closed += 1  // the reader had what it wanted (`| head`, a player quit)
                if !quiet { printError("stopped: \(e.message)") }
            case .failure(let e):
                failed += 1
                printError(e.description)
            }
        }
        if closed > 0 { throw ExitCode(ExitStatus.brokenPipe) }  // as if the pipe had ended us
        if !quiet || failed > 0 || cancelled > 0 {
            printError(
                display.summary(
                    files: results.count, failed: failed, cancelled: cancelled, skipped: skipped,
                    frames: frames))
        }
        BatchCommand.endIfInterrupted()
        if failed > 0 { throw ExitCode(ExitStatus.failure) }
    }
}
