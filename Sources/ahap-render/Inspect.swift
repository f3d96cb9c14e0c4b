import ArgumentParser
import FoundationEssentials
import HapticFormats
import HapticGenerate
import HapticPattern
import HapticRender
import HapticRenderKit

/// `ahap-render inspect`: a summary of one AHAP file (lenient decode).
///
/// Exit status (docs/cli.md): 0, 1 when the file is rejected (its diagnostics still go to
/// standard output with `--format json`), 64 for usage errors and a missing file.
struct Inspect: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Summarize an \(PatternFormats.readableNames) file (version, pattern duration, render length, events, curves, audio) or an HLS playlist's haptics tag.",
        discussion: """
            The pattern duration is Core Haptics' (the last event's end, AudioCustom files \
            included, or the last parameter or curve point); the render length is what render \
            writes by default: the pattern duration, envelope tails and the iphone actuator's \
            ring-down, at 48 kHz.

            Examples:
              ahap-render inspect Examples/Patterns/Heartbeat.ahap
              ahap-render inspect --format json Examples/Patterns/AllFeatures.ahap
              ahap-render inspect --timeline Examples/Patterns/Heartbeat.ahap
            """)

    @Argument(
        help:
            "The \(PatternFormats.readableNames) file (- reads standard input), or an HLS playlist (.m3u8: its kind and haptics session data)."
    )
    var file: String

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Flag(
        help:
            "Also print the scheduled timeline: sample, time and what happens (voice starts and ends, parameter changes)."
    )
    var timeline = false

    @Option(help: "With --timeline: the most rows to print.")
    var timelineLimit = 500

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func run() throws {
        if file != "-" {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw CLIError.noSuchFile(file)
            }
            if isDirectory { throw CLIError.usage(file, "Is a directory; name one pattern file") }
        }
        if ["m3u8", "m3u"].contains(PathString.pathExtension(file).lowercased()) {
            return try inspectPlaylist()
        }
        let name = displayName(file)
        var options = RenderOptions()
        limits.apply(to: &options)
        let decoder = AHAPDecoder.Options(limits: limits.patternLimits)
        var document =
            file == "-"
            ? PatternDocument.loadStandardInput(
                url: standardInputURL, options: decoder, searchRoots: searchRoots,
                allowEscaping: limits.allowEscapingPaths)
            : PatternDocument.load(
                contentsOf: URL(fileURLWithPath: file), options: decoder,
                searchRoots: searchRoots, allowEscaping: limits.allowEscapingPaths)
        document.checkAudioSamples(limits: options.audioReadLimits)
        for d in document.result.diagnostics where d.code == .resourceNonFiniteSamples {
            printError(d.rendered(file: name))
        }
        let result = document.result
        guard let pattern = result.pattern, result.accepted else {
            switch format {
            case .json:
                try printJSON(result.lintJSONObject(file: name))
            case .text:
                for d in result.diagnostics where d.severity == .error {
                    printError(d.rendered(file: name))
                }
            }
            throw ExitCode(ExitStatus.failure)
        }
        let audio = customAudioLengths(document.resources, limits: options.audioReadLimits)
        for problem in audio.problems {
            printError(
                "\(name): warning: audio file `\(problem.name)` cannot be used (\(problem.reason)); its events are skipped"
            )
        }
        let scheduling = Result {
            try Scheduler(sampleRate: 48_000, customAudioLengths: audio.lengths)
                .schedule(pattern, limits: options.renderLimits)
        }
        let renderLength = (try? scheduling.get()).map {
            Double(
                $0.timeline.renderFrameCount(
                    ringDownSeconds: ActuatorProfile.iphone.ringDownSeconds))
                / 48_000
        }
        let summary = PatternSummary(
            pattern: pattern, resources: document.resources, customAudioLengths: audio.lengths,
            renderLength: renderLength)
        switch format {
        case .json:
            var object = summary.jsonObject
            object["file"] = name
            object["accepted"] = result.accepted
            object["diagnostics"] = result.diagnostics.map(\.jsonObject)
            object["diagnosticCounts"] = Dictionary(
                uniqueKeysWithValues: Diagnostic.Severity.allCases.map { severity in
                    (severity.rawValue + "s", result.diagnostics.count { $0.severity == severity })
                })
            try printJSON(object)
        case .text:
            printOutput(summary.text(file: name))
        }
        if timeline {
            let scheduled: Scheduler.Result
            do { scheduled = try scheduling.get() } catch {
                throw CLIError.failure(name, "\(error)")
            }
            printOutput("\nTimeline at 48 kHz:")
            printOutput(scheduled.timeline.tableDescription(limit: timelineLimit))
            for note in scheduled.notes { printOutput("note: \(note.message)") }
        }
    }

    /// The playlist's kind, variants and haptics tag.
    func inspectPlaylist() throws {
        let bytes: [UInt8]
        switch BoundedFileRead.read(path: file, limit: HLSPlaylist.maxBytes) {
        case .success(let b): bytes = b
        case .failure(let failure):
            throw CLIError.failure(file, failure.message(limit: HLSPlaylist.maxBytes))
        }
        let playlist: HLSPlaylist
        do { playlist = try HLSPlaylist(bytes: bytes, path: file) } catch {
            throw CLIError(formatted: error.description)
        }
        let haptics = playlist.hapticsURIs
        switch format {
        case .json:
            try printJSON(
                [
                    "file": file, "kind": playlist.kind.rawValue, "variants": playlist.variantCount,
                    "haptics": haptics.first.map { $0 as Any } ?? JSONNull(),
                    "sessionData": playlist.sessionData,
                ] as [String: Any])
        case .text:
            var lines = ["\(file): HLS \(playlist.kind.rawValue) playlist"]
            if playlist.kind == .master { lines.append("  variants: \(playlist.variantCount)") }
            lines.append(
                "  haptics: "
                    + (haptics.isEmpty
                        ? "none (add with: ahap-render hls \(file) --haptics FILE.ahap)"
                        : haptics.joined(separator: ", ")))
            if haptics.count > 1 {
                lines.append(
                    "  warning: \(haptics.count) haptics tags; players use one (ahap-render hls leaves exactly one)"
                )
            }
            for tag in playlist.sessionData { lines.append("  \(tag)") }
            printOutput(lines.joined(separator: "\n"))
        }
    }
}
