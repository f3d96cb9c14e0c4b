import ArgumentParser
import FoundationEssentials
import HapticFormats
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render bench`: how fast does a pattern render here?
struct Bench: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Measure render latency and throughput: time to first buffer, frames/s, × realtime, peak memory.",
        discussion: """
            For each file: time to first buffer (read + decode + schedule + renderer set-up + the \
            first block), the full render into memory (no file output), frames per second and × \
            realtime — the median and min…max over --iterations — and the process's peak memory. \
            Build with -c release for meaningful numbers; Benchmarks/ has the full suite.

            Example:
              ahap-render bench Examples/Patterns --iterations 20
            """)

    @Argument(help: ArgumentHelp("\(PatternFormats.readableNames) files, or folders."))
    var inputs: [String]

    @Option(help: "Timed runs per file.")
    var iterations = 10

    @Option(help: "Frames per render call (the first buffer is one block).")
    var blockSize = 512

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var simulation: SimulationOptions

    @Option(
        help:
            "Layout rendered (the pull API mixes it): \(OutputLayout.names)."
    )
    var layout: OutputLayout = .audition

    @Option(
        help:
            "Also render each file to a float32 WAV in this folder, and time libsndfile writing as many silent frames there."
    )
    var writeDir: String?

    @Option(
        help:
            "Threads that render the --write-dir file (split where the pattern is quiet; the file is the same)."
    )
    var jobs = 1

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        guard (1...10_000).contains(iterations) else {
            throw ValidationError("--iterations must be 1 to 10000.")
        }
        guard (1...RenderOptions.maxThreads).contains(jobs) else {
            throw ValidationError("--jobs must be 1 to \(RenderOptions.maxThreads).")
        }
        guard (1...1_048_576).contains(blockSize) else {
            throw ValidationError("--block-size must be 1…1048576.")
        }
    }

    func run() throws {
        var options = RenderOptions()
        try simulation.apply(to: &options)
        options.layout = layout
        options.blockFrames = blockSize
        options.threads = jobs
        limits.apply(to: &options)
        do { try options.validateRendering() } catch { throw CLIError.usage(nil, error.message) }
        let files = try CommandLineInputs.discover(
            inputs.filter { $0 != "-" }, includeHidden: false, quiet: format == .json
        ).map(\.path)
        var results: [RenderBenchmark.Result] = []
        var failed = false
        for file in files {
            do {
                let target = writeDir.map {
                    PathString.appending("ahap-render-bench-\(getpid()).wav", to: $0)
                }
                let result = try RenderBenchmark.run(
                    RenderJob(input: file, output: "/dev/null", options: options),
                    iterations: iterations, writeTo: target)
                results.append(result)
                if format == .text { printOutput(text(result)) }
            } catch {
                printError(error.description)
                failed = true
            }
        }
        if format == .json { try printJSON(results.map(json)) }
        if failed { throw ExitCode(1) }
    }

    func text(_ r: RenderBenchmark.Result) -> String {
        func ms(_ s: Double) -> String { cFormat("%.3f ms", s * 1000) }
        let first = r.firstBuffer
        let render = r.render
        return """
            \(r.input)
              render length: \(cFormat("%.3f", r.audioSeconds)) s (\(r.frames) frames at \(Int(r.sampleRate)) Hz, blocks of \(r.blockFrames))
              first buffer:  \(ms(first.median)) (\(ms(first.min)) … \(ms(first.max)))
              render:        \(ms(render.median)) (\(ms(render.min)) … \(ms(render.max)))
              throughput:    \(cFormat("%.1f", r.framesPerSecond / 1e6)) M frames/s, \(Int(r.realtimeFactor))× realtime
            """ + fileLines(r) + """

                  peak memory:   \(r.peakMemoryBytes / 1_048_576) MB (process)
                """
    }

    func fileLines(_ r: RenderBenchmark.Result) -> String {
        guard let file = r.file, let silent = r.silentWrite else { return "" }
        func ms(_ s: Double) -> String { cFormat("%.3f ms", s * 1000) }
        return
            "\n  to WAV file:   \(ms(file.median)) (\(Int(r.audioSeconds / file.median))× realtime)"
            + "\n  silent write:  \(ms(silent.median)) (libsndfile alone; render costs \(cFormat("%.2f", file.median / silent.median))×)"
    }

    func json(_ r: RenderBenchmark.Result) -> [String: Any] {
        func spread(_ s: RenderBenchmark.Spread) -> [String: Double] {
            ["median": s.median, "min": s.min, "max": s.max]
        }
        return [
            "file": r.input, "frames": r.frames, "sampleRate": r.sampleRate,
            "blockFrames": r.blockFrames,
            "iterations": r.samples.count, "audioSeconds": r.audioSeconds,
            "firstBufferSeconds": spread(r.firstBuffer), "renderSeconds": spread(r.render),
            "framesPerSecond": r.framesPerSecond, "realtimeFactor": r.realtimeFactor,
            "peakMemoryBytes": r.peakMemoryBytes,
            "fileSeconds": r.file.map(spread) as Any,
            "silentWriteSeconds": r.silentWrite.map(spread) as Any,
        ]
    }
}
