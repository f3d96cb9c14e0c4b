import ArgumentParser
import FoundationEssentials
import HapticGenerate
import HapticPattern
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render generate`: haptics from a soundtrack, one file or whole catalogues in parallel.
///
/// Exit status (docs/cli.md): 0 when every input gave a pattern (or was skipped), 1 when any
/// failed, 128 + the signal when interrupted (130 Ctrl-C, 143 SIGTERM; no partial file is
/// left), 64 for usage errors.
struct Generate: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "generate",
        abstract:
            "Generate AHAP haptics from audio: a bed that follows the sound, transients on its hits.",
        discussion: """
            Reads any file libsndfile reads (WAV, FLAC, Ogg, MP3, AIFF…), any rate, mono to 5.1 \
            (a 5.1 file's LFE channel feeds the analysis).

            The bed is one HapticContinuous event per passage, shaped by curves that follow the \
            loudness envelope of the whole sound, hits included (instant attack, --release), \
            intensity √(amplitude) re the file's loud level, off 40 dB below it; sharpness \
            follows the spectrum's centroid within --sharpness. Each hit whose level rises \
            enough (--sensitivity) becomes a HapticTransient at its attack, at most --density a \
            second. The one intensity control is set so that every transient plays at its own \
            level and nothing changes while an event still sounds. The output passes \
            `ahap-render lint --strict` and is byte-identical for the same input and options: \
            audio whose pattern would end past --max-output-duration (3600 s, the readers' \
            --max-duration) is refused before its analysis, and a pattern its readers would \
            refuse (past their 64 MiB or counts) is not written, saying which limit and what helps.

            Presets (knob settings; a knob given on the command line replaces the preset's):
            \(presetTable)
              auto     picks one and says why: < 5 s → sfx; dialogue in ≥ 25 %, or 5.1
                       without a steady beat → film; a steady beat → music; else sfx

            Outputs go next to each input (boom.wav → boom.ahap), to -o (one input) or into \
            --output-dir, which mirrors the input folders; folders are searched for audio files. \
            Existing files are kept unless --force; --skip-existing counts them as done, so a \
            stopped batch resumes. Files are written to a temporary name and renamed when complete. \
            An input - reads the audio from standard input (name the output with -o).

            Examples:
              ahap-render generate trailer.wav --preset film
              ahap-render generate song.flac -o song.ahap --density 6
              ahap-render generate sfx/ --output-dir haptics/ --jobs 4 --skip-existing
              ahap-render generate --from-list slice-03.txt --output-dir haptics/
              ahap-render render trailer.ahap --mix-with trailer.wav
            """)

    /// The concrete presets' knobs as a table.
    static var presetTable: String {
        func cell(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        var lines = [
            "  " + cell("preset", 9) + cell("sensitivity", 13) + cell("density", 9)
                + cell("release", 9) + cell("sharpness", 11) + "ducking"
        ]
        for preset in GenerationPreset.allCases where preset != .auto {
            let s = preset.settings
            lines.append(
                "  " + cell(preset.rawValue, 9) + cell(cFormat("%g", s.transientSensitivity), 13)
                    + cell(cFormat("%g", s.density), 9)
                    + cell(cFormat("%g", s.bedRelease), 9)
                    + cell(cFormat("%g-%g", s.sharpness.lowerBound, s.sharpness.upperBound), 11)
                    + cFormat("%g", s.ducking) + (s.band == .rumble ? "  (below 70 Hz only)" : ""))
        }
        return lines.joined(separator: "\n")
    }

    @Argument(help: "Audio files or folders (searched recursively); - reads standard input.")
    var inputs: [String] = []

    @Option(
        name: .customLong("from-list"),
        help: ArgumentHelp(
            "Also generate for the files or folders listed in FILE, one per line (- reads standard input; blank lines and # comments ignored).",
            valueName: "file"))
    var fromList: String?

    @Option(name: .shortAndLong, help: "Output AHAP file (one input only).")
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

    @Option(help: "auto, music, film, sfx or texture (see above).")
    var preset: GenerationPreset = .auto

    @Option(help: ArgumentHelp("How readily a hit becomes a transient, 0…1.", valueName: "0…1"))
    var sensitivity: Double?

    @Option(
        help: ArgumentHelp(
            "Most transients in any second, 1…125 (one per click of the actuator).",
            valueName: "per-second"))
    var density: Double?

    @Option(
        help: ArgumentHelp(
            "How fast the bed follows a tail down: its release time constant.", valueName: "seconds"
        ))
    var release: Double?

    @Option(
        help: ArgumentHelp(
            "Sharpness range the spectrum maps to, e.g. 0.6-0.9.", valueName: "low-high"))
    var sharpness: SharpnessRangeArgument?

    @Option(
        help: ArgumentHelp(
            "How much the bed drops for 30 ms after each transient, 0…1.", valueName: "0…1"))
    var ducking: Double?

    @Option(
        help: ArgumentHelp(
            "Longest input audio accepted, in seconds (at most 86400).", valueName: "seconds"))
    var maxInputDuration: Double = 4 * 3_600

    @Option(
        help: ArgumentHelp(
            "Longest pattern written, in seconds (at most 86400; default 3600, the longest lint, render and convert read without --max-duration). Longer audio is refused before its analysis; raise both to make and read a longer one.",
            valueName: "seconds"))
    var maxOutputDuration: Double = PatternLimits.default.maxDurationSeconds

    @Option(
        name: .customLong("max-duration"),
        help: ArgumentHelp(
            "Deprecated spelling of --max-input-duration (--max-duration is the render length elsewhere).",
            valueName: "seconds", visibility: .hidden))
    var deprecatedMaxDuration: Double?

    /// The input length limit, from either spelling.
    var maxDuration: Double { deprecatedMaxDuration ?? maxInputDuration }

    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(
            "Files analysed at once; fewer files than that share the cores, a long one in stretches (default: all cores).",
            valueName: "n"))
    var jobsOption: Int?

    /// `--jobs`, or every core.
    var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(help: "Replace existing output files.")
    var force = false

    @Flag(
        help:
            "Count outputs that already exist as done (resume a batch); they are reported as skipped."
    )
    var skipExisting = false

    @Flag(
        name: .shortAndLong,
        help: "Print errors only, for every file: no progress, notes or summary.")
    var quiet = false

    @Flag(help: "Also search hidden folders (names starting with '.').")
    var hidden = false

    @Option(help: "Seconds between progress lines when stderr is not a terminal.")
    var progressInterval = 5.0

    func validate() throws {
        try refuseEmptyPaths([
            ("-o", output), ("--output-dir", outputDir), ("--base", base),
            ("--from-list", fromList),
        ])
        if output != nil, outputDir != nil {
            throw ValidationError("Use either -o or --output-dir, not both.")
        }
        if base != nil, outputDir == nil {
            throw ValidationError(
                "--base says where --output-dir mirrors the inputs from; add --output-dir.")
        }
        if inputs.isEmpty, fromList == nil {
            throw ValidationError("Name audio files or folders, or --from-list FILE.")
        }
        if force, skipExisting {
            throw ValidationError("Use either --force or --skip-existing, not both.")
        }
        let ceiling = PatternLimits.durationCeilingSeconds
        guard maxDuration.isFinite, maxDuration > 0, maxDuration <= ceiling else {
            throw ValidationError(
                "--max-input-duration must be a positive number of seconds, at most \(Int(ceiling))."
            )
        }
        guard maxOutputDuration.isFinite, maxOutputDuration > 0, maxOutputDuration <= ceiling else {
            throw ValidationError(
                "--max-output-duration must be a positive number of seconds, at most \(Int(ceiling))."
            )
        }
        guard (1...RenderOptions.maxThreads).contains(jobs) else {
            throw ValidationError("--jobs must be 1 to \(RenderOptions.maxThreads).")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Standard input (-) can be read once.")
        }
        if inputs.contains("-"), fromList == "-" {
            throw ValidationError("Standard input can hold the audio or the list, not both.")
        }
        if inputs.contains("-"), output == nil {
            throw ValidationError("Name the output of standard input's audio with -o FILE.")
        }
        guard progressInterval.isFinite, progressInterval > 0 else {
            throw ValidationError("--progress-interval must be positive.")
        }
        if let problem = overrides.problem { throw ValidationError("Bad knob: \(problem).") }
    }

    /// The knobs set on the command line.
    var overrides: GenerationSettings.Overrides {
        GenerationSettings.Overrides(
            transientSensitivity: sensitivity, density: density, bedRelease: release,
            sharpness: sharpness?.range, ducking: ducking)
    }

    func run() throws {
        if deprecatedMaxDuration != nil {
            printError(
                "ahap-render: warning: generate --max-duration is deprecated; use --max-input-duration (--max-duration is the render length elsewhere)"
            )
        }
        let files = try BatchCommand.discoverInputs(
            inputs, fromList: fromList, kind: .audio, includeHidden: hidden, quiet: quiet,
            base: base)
        if output != nil, files.count > 1 {
            throw CLIError.usage(
                nil, "-o names one output but \(files.count) inputs were found; use --output-dir")
        }
        let standardInput =
            files.contains { $0.path == "-" }
            ? try AudioInput("-", maxDurationSeconds: maxDuration) : nil
        defer { standardInput?.remove() }
        let jobs = try makeJobs(
            files, threads: max(1, self.jobs / max(1, files.count)),
            standardInputCopy: standardInput?.path)
        let batch = Batch(jobs: jobs, workers: self.jobs)
        // Progress is in milliseconds of audio analysed.
        let (results, display) = BatchCommand.run(
            batch, quiet: quiet, unitsPerSecond: 1_000, progressInterval: progressInterval)
        try report(results, of: jobs, display: display)
    }

    /// One job per input file (standard input read from `standardInputCopy`), each analysed
    /// on `threads` threads; an output that is an input (by identity), or two inputs that
    /// would write the same file, are errors up front.
    func makeJobs(_ files: [DiscoveredFile], threads: Int = 1, standardInputCopy: String? = nil)
        throws -> [GenerateJob]
    {
        let result = try BatchCommand.outputs(
            for: files, outputDirectory: outputDir, verb: "write"
        ) {
            OutputNaming.output(
                for: $0, outputFile: output, outputDirectory: outputDir, fileExtension: "ahap")
        }.map {
            var job = GenerateJob(
                input: $0.file.path == "-" ? standardInputCopy ?? "-" : $0.file.path,
                output: $0.output, preset: preset, overrides: overrides,
                maxDurationSeconds: maxDuration, maxPatternSeconds: maxOutputDuration,
                threads: threads, overwrite: force,
                skipExisting: skipExisting)
            if $0.file.path == "-" { job.sourceName = displayName("-") }
            return job
        }
        try BatchCommand.checkFolders(of: result.map(\.output))
        return result
    }

    /// Notes and failures per file (an existing output in the words of every command), then
    /// the summary; exits 1 on any failure, and ends by the signal when interrupted. Standard
    /// input's copy is named `<stdin>`.
    func report(
        _ results: [Result<GenerateReport, GenerateError>], of jobs: [GenerateJob],
        display: ProgressDisplay
    ) throws {
        func named(_ text: String) -> String {
            guard let copy = jobs.first(where: { $0.input.hasPrefix("/dev/fd/") })?.input else {
                return text
            }
            return text.replacing(copy, with: displayName("-"))
        }
        var failed = 0
        var cancelled = 0
        var skipped = 0
        var seconds = 0.0
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let r):
                guard let generated = r.generated else {
                    skipped += 1
                    if !quiet { printError("skipped \(displayName(r.output)) (already there)") }
                    continue
                }
                seconds += generated.durationSeconds
                for warning in generated.warnings {
                    printError(named("\(r.input): warning: \(warning)"))
                }
                guard !quiet else { continue }
                for note in generated.notes { printError(named("\(r.input): note: \(note)")) }
                printError("wrote \(displayName(r.output)): \(generated.summary)")
            case .failure(.cancelled):
                cancelled += 1
            case .failure(.outputExists(let path)):
                failed += 1
                printError(CLIError.outputExists(path, input: named(job.input)).text)
            case .failure(let e):
                failed += 1
                printError(named(e.description))
            }
        }
        if !quiet || failed > 0 || cancelled > 0 {
            printError(
                display.summary(
                    files: results.count, failed: failed, cancelled: cancelled, skipped: skipped,
                    frames: Int64((seconds * 1_000).rounded()), verb: "generated for"))
        }
        BatchCommand.endIfInterrupted()
        if failed > 0 { throw ExitCode(ExitStatus.failure) }
    }
}

extension GenerationPreset: StringEnumArgument {}

/// `--sharpness 0.6-0.9`: a sharpness range.
struct SharpnessRangeArgument: ExpressibleByArgument {
    var range: ClosedRange<Double>

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let lo = Double(parts[0]), let hi = Double(parts[1]), lo.isFinite,
            hi.isFinite, lo <= hi
        else { return nil }
        range = lo...hi
    }
}
