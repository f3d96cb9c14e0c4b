import ArgumentParser
import Foundation
import HapticPattern
import HapticRender
import HapticRenderKit

/// `ahap-render inspect`: a summary of one AHAP file (lenient decode).
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Summarize an AHAP file: version, duration, events, parameters, curves, audio resources.")

    @Argument(help: "The AHAP file.")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(name: .customLong("search-root"), help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Flag(help: "Also print the scheduled timeline: sample, time and what happens (voice starts and ends, parameter changes).")
    var timeline = false

    @Option(help: "With --timeline: the most rows to print.")
    var timelineLimit = 500

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ValidationError("No such file: \(file)")
        }
    }

    func run() throws {
        let document = AHAPDocument.load(contentsOf: URL(fileURLWithPath: file), options: .init(limits: limits.patternLimits),
                                         searchRoots: searchRoots, allowEscaping: limits.allowEscapingPaths)
        guard let pattern = document.result.pattern else {
            for d in document.result.diagnostics where d.severity == .error {
                FileHandle.standardError.write(Data((d.rendered(file: file) + "\n").utf8))
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
                printError("\(file): warning: audio file `\(problem.name)` cannot be used (\(problem.reason)); its events are skipped")
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
}
