import ArgumentParser
import FoundationEssentials
import HapticRenderKit

/// What `render` and `generate` share around their `Batch`: finding the inputs, creating the
/// output folders, and running the jobs with progress and Ctrl-C.
enum BatchCommand {
    /// The positional inputs, then `fromList`'s, expanded into files of `kind` (folders
    /// searched, standard input as `-`; see ``CommandLineInputs``).
    /// - Throws: ``CLIError`` (exit 64): a list that cannot be read or names nothing, a missing
    ///   input, or nothing found.
    static func discoverInputs(
        _ inputs: [String], fromList: String?, kind: InputDiscovery.Kind, includeHidden: Bool,
        quiet: Bool
    ) throws -> [DiscoveredFile] {
        var all = inputs
        if let fromList {
            do {
                let list = try InputList.read(fromList)
                try list.checkExistence()
                all += list.entries.map(\.path)
            } catch {
                throw CLIError(formatted: error.message, status: ExitStatus.usage)
            }
        }
        return try CommandLineInputs.discover(
            all, kind: kind, includeHidden: includeHidden, quiet: quiet,
            described: inputs.isEmpty ? ["the list \(fromList ?? "")"] : inputs)
    }

    /// Creates the missing folders of `outputs` (`-o out/x.wav`, or the folders an
    /// `--output-dir` mirrors).
    static func createFolders(of outputs: [String]) throws {
        for output in Set(outputs).sorted() { try createOutputFolder(for: output) }
    }

    /// Runs `batch` with a progress display (`unitsPerSecond` of the jobs' progress units make
    /// one second of audio) and Ctrl-C as cancellation; returns the results and the display
    /// (for the summary).
    static func run<Job: BatchJob>(
        _ batch: Batch<Job>, quiet: Bool, unitsPerSecond: Double, progressInterval: Double
    )
        -> (results: [Result<Job.Report, Job.Failure>], display: ProgressDisplay)
    {
        let interrupt = InterruptHandler { batch.cancellation.store(true, ordering: .relaxed) }
        var display = ProgressDisplay(quiet: quiet, sampleRate: unitsPerSecond)
        display.plainInterval = progressInterval
        let results = batch.run { display.update($0) }
        interrupt.cancel()
        display.clear()
        return (results, display)
    }
}
