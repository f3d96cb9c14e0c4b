import ArgumentParser
import FoundationEssentials
import HapticRenderKit
import SoundFile

/// What `render` and `generate` share around their `Batch`: finding the inputs, creating the
/// output folders, and running the jobs with progress and Ctrl-C.
enum BatchCommand {
    /// The positional inputs, then `fromList`'s, expanded into files of `kind` (folders
    /// searched, standard input as `-`; see ``CommandLineInputs``), each with its path below
    /// the folder `--output-dir` mirrors them below (``CommandLineInputs/mirrored(_:inputs:fromList:base:)``).
    /// The list and every file found are protected from the outputs (``InputFiles``).
    /// - Throws: ``CLIError`` (exit 64): a list that cannot be read or names nothing, a missing
    ///   input, nothing found, or a file outside `base`.
    static func discoverInputs(
        _ inputs: [String], fromList: String?, kind: InputDiscovery.Kind, includeHidden: Bool,
        quiet: Bool, base: String? = nil
    ) throws -> [DiscoveredFile] {
        var all = inputs
        if let fromList {
            InputFiles.current?.protect(fromList)
            do {
                let list = try InputList.read(fromList)
                try list.checkExistence()
                // A line is a path: `-` names a file called so, not standard input.
                all += list.entries.map { $0.path == "-" ? "./-" : $0.path }
            } catch {
                throw CLIError(formatted: error.message, status: ExitStatus.usage)
            }
        }
        let files = try CommandLineInputs.discover(
            all, kind: kind, includeHidden: includeHidden, quiet: quiet,
            described: inputs.isEmpty ? ["the list \(fromList ?? "")"] : inputs)
        for file in files { InputFiles.current?.protect(file.path) }
        return try CommandLineInputs.mirrored(
            files, inputs: inputs, fromList: fromList != nil, base: base)
    }

    /// Each distinct input file (one named twice, by any path, counts once) with its output
    /// (`output(file)`). Two inputs that would write one file, or an output that is an input
    /// (by identity: a symlink or hard link to it counts), are usage errors naming both.
    static func outputs(
        for files: [DiscoveredFile], outputDirectory: String?, verb: String,
        _ output: (DiscoveredFile) -> String
    ) throws -> [(file: DiscoveredFile, output: String)] {
        var seen: [String: String] = [:]
        var identities = Set<FileIdentity>()
        var result: [(file: DiscoveredFile, output: String)] = []
        for file in files {
            if let identity = FileIdentity(path: file.path), !identities.insert(identity).inserted {
                continue
            }
            let path = output(file)
            if let other = seen[path] {
                throw CLIError.usage(
                    nil,
                    "\(other) and \(file.path) would both \(verb) \(path); "
                        + (outputDirectory == nil
                            ? "use -o or --output-dir" : "rename one of them"))
            }
            if path != "-", let input = InputFiles.current?.input(sameAs: path) {
                throw CLIError.usage(
                    displayName(file.path),
                    "it would \(verb) \(path), which is the input \(input); an input is never overwritten"
                )
            }
            seen[path] = file.path
            result.append((file, path))
        }
        return result
    }

    /// Fails before any work when a folder of `outputs` cannot be made
    /// (``checkOutputFolder(for:)``); the folders are made as each output is written.
    static func checkFolders(of outputs: [String]) throws {
        var seen = Set<String>()
        for output in outputs where seen.insert(PathString.deletingLastComponent(output)).inserted {
            try checkOutputFolder(for: output)
        }
    }

    /// Runs `batch` with a progress display (`unitsPerSecond` of the jobs' progress units make
    /// one second of audio) and the termination signals as cancellation: the first SIGINT,
    /// SIGTERM or SIGHUP stops the running jobs at their next block (each removes its
    /// temporary file); the caller reports, then ends by the signal (``endIfInterrupted()``).
    /// Returns the results and the display (for the summary).
    static func run<Job: BatchJob>(
        _ batch: Batch<Job>, quiet: Bool, unitsPerSecond: Double, progressInterval: Double
    )
        -> (results: [Result<Job.Report, Job.Failure>], display: ProgressDisplay)
    {
        TerminationSignals.stopCooperatively()
        var display = ProgressDisplay(quiet: quiet, sampleRate: unitsPerSecond)
        display.plainInterval = progressInterval
        let results = batch.run { progress in
            if TerminationSignals.received != nil {
                batch.cancellation.store(true, ordering: .relaxed)
            }
            display.update(progress)
        }
        display.clear()
        return (results, display)
    }

    /// Ends the process by the signal that interrupted the batch (128 + the signal in the
    /// shell: 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), if one did.
    static func endIfInterrupted() {
        if TerminationSignals.received != nil { TerminationSignals.endByReceivedSignal() }
    }
}
