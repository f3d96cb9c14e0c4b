import ArgumentParser
import FoundationEssentials
import HapticPattern
import HapticPlot
import HapticRenderKit
import SoundFile

/// `ahap-render plot`: a timeline picture (SVG) or a self-contained audition page (HTML).
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract:
            "Draw a pattern's timeline as SVG, or a self-contained HTML page to see and hear it.",
        discussion: """
            Lanes share one time axis: haptic events (transients as stems, height = intensity, \
            colour = sharpness; continuous events as filled envelopes), the effective intensity \
            and sharpness after dynamic parameters and curves, audio events, the drive signal, the \
            actuator's acceleration in g and the audio waveform.

            An .html output embeds the SVG, the --layout render as playable audio (MP3, which every \
            current browser plays; --page-audio wav for lossless) with a playhead, zoom and pan \
            (wheel, drag, +/−, ←/→, 0 shows all) with the time and values under the cursor, the lint \
            diagnostics and the inspect summary — no network, no other files. A 12-minute film \
            pattern makes a page of about 19 MB.

            Examples:
              ahap-render plot Heartbeat.ahap -o heartbeat.svg
              ahap-render plot Heartbeat.ahap -o heartbeat.html --actuator pixel
              ahap-render plot film.ahap -o film.html --page-audio wav
              ahap-render plot trailer.ahap --mix-with trailer.wav -o trailer.html --sample-rate 16000
            """)

    @Argument(help: "The AHAP file.")
    var file: String

    @Option(name: .shortAndLong, help: "OUT.svg or OUT.html.")
    var output: String

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "Audio embedded in the HTML page: audition, haptic, drive or audio.")
    var layout: OutputLayout = .audition

    @Option(
        name: .customLong("page-audio"),
        help:
            "Audio embedded in the HTML page: mp3 (small, every browser) or wav (lossless, large).")
    var pageAudio: PageAudio = .mp3

    @Option(help: "Picture width in pixels (\(TimelinePlot.minimumWidth) or more).")
    var width = TimelinePlot.defaultWidth

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Option(
        help:
            "A soundtrack (e.g. the audio the pattern was generated from): its waveform joins the audio lane and the page plays both."
    )
    var mixWith: String?

    @Flag(help: "Replace an existing output file.")
    var force = false

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    var isHTML: Bool {
        output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm")
    }

    func validate() throws {
        guard isHTML || output.lowercased().hasSuffix(".svg") else {
            throw ValidationError("The output must end in .svg or .html.")
        }
        if isHTML, let rates = pageAudio.format.validSampleRates,
            !rates.contains(simulation.sampleRate)
        {
            throw ValidationError(
                "--page-audio \(pageAudio.rawValue) needs --sample-rate "
                    + rates.map(String.init).joined(separator: ", ") + "; or use --page-audio wav.")
        }
        guard width >= TimelinePlot.minimumWidth else {
            throw ValidationError("--width must be at least \(TimelinePlot.minimumWidth).")
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory
        else {
            throw ValidationError("No such file: \(file)")
        }
        if let mixWith, !FileManager.default.isReadableFile(atPath: mixWith) {
            throw ValidationError("Cannot read the --mix-with file \(mixWith).")
        }
        if !force, FileManager.default.fileExists(atPath: output) {
            throw ValidationError("\(output) already exists; use --force to replace it.")
        }
    }

    func run() throws {
        var options = RenderOptions()
        try simulation.apply(to: &options)
        options.layout = layout
        options.searchRoots = searchRoots
        options.mixWith = mixWith
        limits.apply(to: &options)
        do { try options.validateRendering() } catch { throw ValidationError(error.message) }
        // The plot renders in memory; `output` is checked above and written atomically below.
        let job = RenderJob(input: file, output: "/dev/null", options: options)
        let result: PlotRender.Output
        do {
            result = try PlotRender.make(
                job: job, width: width, includeAudio: isHTML, audioFormat: pageAudio.format)
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
        var text = result.svg
        if isHTML, let audio = result.audio {
            let summary = PatternSummary(pattern: result.pattern, resources: result.resources).text(
                file: file
            )
            .split(separator: "\n").dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    line[..<colon].trimmingWhitespace(),
                    line[line.index(after: colon)...].trimmingWhitespace()
                )
            }
            // Compiler-style lines; the page reads the severity from them.
            let diagnostics = result.diagnostics.map { $0.rendered(file: file) }
            text = AuditionPage.html(
                plot: result.plot, svg: result.svg, audio: audio, detail: result.detail,
                diagnostics: diagnostics, summary: summary)
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("\(output): error: cannot write the plot: \(fileErrorText(error))")
            throw ExitCode(1)
        }
        printError("wrote \(output) (\(text.utf8.count / 1024) KB)")
    }
}

/// `plot --page-audio`: how the HTML page embeds its audio.
enum PageAudio: String, CaseIterable, StringEnumArgument {
    case mp3
    case wav

    var format: SoundFileFormat { self == .mp3 ? .mp3 : .wav }
}
