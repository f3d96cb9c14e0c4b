import ArgumentParser
import FoundationEssentials
import HapticRenderKit

/// What `render` and `generate` share around their `Batch`: finding the inputs, creating the
/// output folders, and running the jobs with progress and Ctrl-C.
enum BatchCommand {
    /// The positional inputs, then `fromList`'s, expanded into files of `kind` (folders
    /// searched); a usage error when nothing is found.
    static func discoverInputs(_ inputs: [String], fromList: String?, kind: InputDiscovery.Kind)
        throws -> [DiscoveredFile]
    {
        var all = inputs
        if let fromList {
            do {
                let list = try InputList.read(fromList)
                try list.checkExistence()
                all += list.entries.map(\.path)
            } catch {
                throw ValidationError(error.message)
            }
        }
        let files: [DiscoveredFile]
        do { files = try InputDiscovery.discoverFiles(all, kind: kind) } catch {
            throw ValidationError(error.message)
        }
        guard !files.isEmpty else {
            let what = kind == .ahap ? "AHAP" : "audio"
            throw ValidationError(
                "No \(what) files found in \(inputs.isEmpty ? "the list \(fromList ?? "")" : inputs.joined(separator: ", "))."
            )
        }
        return files
    }

    /// Creates the folders of `outputs` below `outputDirectory` (mirrored input folders).
    static func createFolders(of outputs: [String], under outputDirectory: String?) throws {
        guard let outputDirectory else { return }
        for folder in Set(outputs.map { PathString.deletingLastComponent($0) }).sorted() {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ValidationError(
                    "Cannot create the output folder \(folder) (under \(outputDirectory)): \(fileErrorText(error))"
                )
            }
        }
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
