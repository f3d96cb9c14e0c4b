import ArgumentParser
import FoundationEssentials
import HapticGenerate
import HapticPattern
import HapticRender
import HapticRenderKit

/// `ahap-render inspect`: a summary of one AHAP file (lenient decode).
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Summarize an AHAP file (version, duration, events, curves, audio) or an HLS playlist's haptics tag."
    )

    @Argument(
        help: "The AHAP file, or an HLS playlist (.m3u8: shows its kind and haptics session data).")
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

    func validate() throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory
        else {
            throw ValidationError("No such file: \(file)")
        }
    }

    func run() throws {
        if ["m3u8", "m3u"].contains(PathString.pathExtension(file).lowercased()) {
            return try inspectPlaylist()
        }
        let document = AHAPDocument.load(
            contentsOf: URL(fileURLWithPath: file), options: .init(limits: limits.patternLimits),
            searchRoots: searchRoots, allowEscaping: limits.allowEscapingPaths)
        guard let pattern = document.result.pattern else {
            for d in document.result.diagnostics where d.severity == .error {
                StandardStream.error.write(d.rendered(file: file) + "\n")
            }
            throw ExitCode(1)
        }
        let summary = PatternSummary(pattern: pattern, resources: document.resources)
        switch format {
        case .json:
            var object = summary.jsonObject
            object["file"] = file
            object["accepted"] = document.result.accepted
            object["diagnostics"] = [
                "errors": document.result.diagnostics.filter { $0.severity == .error }.count,
                "warnings": document.result.diagnostics.filter { $0.severity == .warning }.count,
                "notes": document.result.diagnostics.filter { $0.severity == .note }.count,
            ]
            try printJSON(object)
        case .text:
            print(summary.text(file: file))
        }
        if timeline {
            var options = RenderOptions()
            limits.apply(to: &options)
            let audio = customAudioLengths(document.resources, limits: options.audioReadLimits)
            for problem in audio.problems {
                printError(
                    "\(file): warning: audio file `\(problem.name)` cannot be used (\(problem.reason)); its events are skipped"
                )
            }
            let result: Scheduler.Result
            do {
                result = try Scheduler(sampleRate: 48_000, customAudioLengths: audio.lengths)
                    .schedule(pattern, limits: options.renderLimits)
            } catch {
                printError("\(file): error: \(error.description)")
                throw ExitCode(1)
            }
            print("\nTimeline at 48 kHz:")
            print(result.timeline.tableDescription(limit: timelineLimit))
            for note in result.notes { print("note: \(note.message)") }
        }
    }

    /// The playlist's kind, variants and haptics tag.
    func inspectPlaylist() throws {
        guard let data = FileManager.default.contents(atPath: file),
            let text = String(data: data, encoding: .utf8)
        else {
            printError("\(file): error: cannot read it as UTF-8 text")
            throw ExitCode(1)
        }
        let playlist: HLSPlaylist
        do { playlist = try HLSPlaylist(text: text, path: file) } catch {
            printError(error.description)
            throw ExitCode(1)
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
            print(lines.joined(separator: "\n"))
        }
    }
}
