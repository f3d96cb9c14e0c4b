import ArgumentParser
import FoundationEssentials
import HapticPattern
import HapticPlot
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render plot`: a timeline picture (SVG) or a self-contained audition page (HTML).
struct Plot: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
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

            Without -o the page goes next to the input (Heartbeat.ahap → Heartbeat.html); \
            existing files are kept unless --force. The header's length is the render length \
            (the pattern duration plus envelope tails and the actuator's ring-down).

            Examples:
              ahap-render plot Heartbeat.ahap
              ahap-render plot Heartbeat.ahap -o heartbeat.svg
              ahap-render plot Heartbeat.ahap -o heartbeat.html --actuator pixel
              ahap-render plot film.ahap --page-audio wav
              ahap-render plot trailer.ahap --mix-with trailer.wav \\
                  --sample-rate 16000
            """)

    @Argument(
        help: ArgumentHelp(PatternInputHelp.file + " Name the output with -o."))
    var file: String

    @Option(
        name: .shortAndLong,
        help: "OUT.svg or OUT.html (default: the input's name with .html, in its folder).")
    var output: String?

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "The render the HTML page embeds as audio.")
    var layout: PageLayout = .audition

    @Option(
        name: .customLong("page-audio"),
        help:
            "Audio embedded in the HTML page: mp3 (small, every browser) or wav (lossless, large).")
    var pageAudio: PageAudio = .mp3

    @Option(
        help:
            "Picture width in pixels (\(TimelinePlot.minimumWidth) to \(TimelinePlot.maximumWidth))."
    )
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

    /// `-o`, or the input's name with `.html` next to it.
    var outputPath: String { output ?? PathString.deletingExtension(file) + ".html" }

    var isHTML: Bool {
        outputPath.lowercased().hasSuffix(".html") || outputPath.lowercased().hasSuffix(".htm")
    }

    func validate() throws {
        try refuseEmptyPaths([("-o", output), ("--mix-with", mixWith)])
        if file == "-", output == nil {
            throw ValidationError("Name the output of standard input's pattern with -o FILE.")
        }
        guard isHTML || outputPath.lowercased().hasSuffix(".svg") else {
            throw ValidationError("The output must end in .svg or .html.")
        }
        if isHTML, let rates = pageAudio.format.validSampleRates,
            !rates.contains(simulation.sampleRate)
        {
            throw ValidationError(
                "--page-audio \(pageAudio.rawValue) needs --sample-rate "
                    + rates.map(String.init).joined(separator: ", ") + "; or use --page-audio wav.")
        }
        guard (TimelinePlot.minimumWidth...TimelinePlot.maximumWidth).contains(width) else {
            throw ValidationError(
                "--width must be \(TimelinePlot.minimumWidth) to \(TimelinePlot.maximumWidth) pixels."
            )
        }
    }

    func run() throws {
        let name = displayName(file)
        if file != "-" {
            try checkReadable(file)
            var isDirectory = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory
            {
                throw CLIError.usage(file, "Is a directory; name one pattern file")
            }
        }
        if let mixWith { try checkReadable(mixWith) }
        if file != "-" { InputFiles.current?.protect(file) }
        if let mixWith { InputFiles.current?.protect(mixWith) }
        try checkOutput(outputPath, force: force, input: name)
        var options = RenderOptions()
        try simulation.apply(to: &options)
        options.layout = layout.outputLayout
        options.searchRoots = searchRoots
        options.mixWith = mixWith
        limits.apply(to: &options)
        do { try options.validateRendering() } catch { throw CLIError.usage(nil, error.message) }
        // The plot renders in memory; the output is checked above and written atomically below.
        let job =
            file == "-"
            ? RenderJob.standardInput(name: name, output: "/dev/null", options: options)
            : RenderJob(input: name, output: "/dev/null", options: options)
        let result: PlotRender.Output
        do {
            result = try PlotRender.make(
                job: job, width: width, includeAudio: isHTML, audioFormat: pageAudio.format)
        } catch {
            throw CLIError(formatted: error.description)
        }
        let bytes = try writeOutput(to: outputPath, force: force, what: "plot") { output in
            if isHTML, let audio = result.audio {
                try writePage(result, audio: audio, to: output)
            } else {
                try output(result.svg)
            }
        }
        printError("wrote \(displayName(outputPath)) (\(bytes / 1024) KB)")
    }

    /// The audition page, its diagnostics and summary naming files relative to the pattern's
    /// folder (the page is meant to be mailed: no local absolute path in it), written a piece
    /// at a time to `output`.
    func writePage(
        _ result: PlotRender.Output, audio: AuditionPage.Audio, to output: (String) throws -> Void
    ) throws {
        let name = PathString.lastComponent(displayName(file))
        let prefixes = folderPrefixes()
        func relative(_ text: String) -> String {
            prefixes.reduce(text) { $0.replacing($1, with: "") }
        }
        let audioLengths = customAudioLengths(result.resources).lengths
        let summary = PatternSummary(
            pattern: result.pattern, resources: result.resources,
            customAudioLengths: audioLengths, renderLength: result.plot.duration,
            renderSettings:
                cFormat("%g kHz", (result.plot.renderSampleRate ?? result.plot.sampleRate) / 1000)
                + ", \(result.plot.actuatorName) actuator"
        )
        .text(file: name)
        .split(separator: "\n").dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                line[..<colon].trimmingWhitespace(),
                relative(line[line.index(after: colon)...].trimmingWhitespace())
            )
        }
        // Compiler-style lines; the page reads the severity from them.
        let diagnostics = result.diagnostics.map { relative($0.rendered(file: name)) }
        try AuditionPage.write(
            plot: result.plot, svg: result.svg, audio: audio, detail: result.detail,
            diagnostics: diagnostics, summary: summary, to: output)
    }
}

extension Plot {
    /// The pattern's folder as messages spell it, absolute (as made from the path given,
    /// and with symbolic links resolved), each ending in `/`, longest first.
    func folderPrefixes() -> [String] {
        let folder = URL(fileURLWithPath: displayName(file)).deletingLastPathComponent().path
        var prefixes = [folder]
        if let real = realpath(folder, nil) {
            prefixes.append(String(cString: real))
            free(real)
        }
        return Set(prefixes.filter { $0.count > 1 }.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
            .sorted { $0.count > $1.count }
    }
}

/// `plot --layout`: the layouts the page can embed (mono or stereo).
struct PageLayout: LayoutChoice {
    var outputLayout: OutputLayout
    init(admitted: OutputLayout) { outputLayout = admitted }
    static func admits(_ layout: OutputLayout) -> Bool { layout.channelCount <= 2 }
}

/// `plot --page-audio`: how the HTML page embeds its audio.
enum PageAudio: String, CaseIterable, StringEnumArgument {
    case mp3
    case wav

    var format: SoundFileFormat { self == .mp3 ? .mp3 : .wav }
}
