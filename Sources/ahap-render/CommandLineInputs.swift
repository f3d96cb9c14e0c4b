import FoundationEssentials
import HapticFormats
import HapticRenderKit

/// The files a command line names, for `lint`, `render`, `bench`, `convert` (patterns) and `generate`
/// (audio): folders searched, each file once, standard input (`-`) where it is named, hidden
/// entries holding files of the kind named on standard error (unless `quiet`), an empty
/// result an error.
enum CommandLineInputs {
    /// - Throws: ``CLIError`` (exit 64) for a missing input or when no file is found;
    ///   `described` names the inputs in that error (default: `inputs`).
    static func discover(
        _ inputs: [String], kind: InputDiscovery.Kind = .pattern, includeHidden: Bool, quiet: Bool,
        described: [String]? = nil
    ) throws -> [DiscoveredFile] {
        var files: [DiscoveredFile] = []
        var seen = Set<String>()
        for input in inputs {
            guard input != "-" else {
                files.append(DiscoveredFile(path: input, relativePath: input))
                continue
            }
            let survey: InputSurvey
            do {
                survey = try InputDiscovery.survey(
                    [input], kind: kind, includeHidden: includeHidden)
            } catch {
                throw CLIError.usage(displayName(error.path), error.message)
            }
            if !quiet {
                reportSkippedHidden(survey.skippedHidden, kind: kind)
                for entry in survey.skippedSpecial {
                    printError(
                        "\(displayName(entry.path)): note: skipped: it is \(entry.kind), not a file (name it to read it)"
                    )
                }
            }
            files += survey.files.filter { seen.insert($0.path).inserted }
        }
        guard !files.isEmpty else { throw nothingFound(described ?? inputs, kind: kind) }
        return files
    }

    /// `files` with each one's path below the folder `--output-dir` mirrors them below
    /// (``OutputNaming``): `base` when given (`--base`; a file outside it is a usage error),
    /// the current folder when some came from an input list (so that every slice of a list
    /// names an input's output alike), else the deepest folder `inputs` share.
    /// - Throws: ``CLIError`` (exit 64): `base` is no folder, or a file lies outside it.
    static func mirrored(
        _ files: [DiscoveredFile], inputs: [String], fromList: Bool, base: String?
    ) throws -> [DiscoveredFile] {
        func isFolder(_ path: String) -> Bool {
            var isDirectory = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory
        }
        let folder: String
        if let base {
            guard isFolder(base) else {
                throw CLIError.usage(displayName(base), "--base names no folder")
            }
            folder = base
        } else if fromList {
            folder = FileManager.default.currentDirectoryPath
        } else {
            folder = OutputNaming.mirrorBase(of: inputs, isFolder: isFolder)
        }
        return try files.map { file in
            guard file.path != "-" else { return file }
            if let base, !OutputNaming.isBelow(file.path, base: folder) {
                throw CLIError.usage(
                    displayName(file.path),
                    "it is not below --base \(base), so --output-dir cannot mirror it there")
            }
            return DiscoveredFile(
                path: file.path,
                relativePath: OutputNaming.mirroredPath(of: file.path, below: folder))
        }
    }

    /// `dir: error: no pattern files found …` (exit 64), the error of every command handed
    /// only folders without files of its kind.
    static func nothingFound(_ inputs: [String], kind: InputDiscovery.Kind) -> CLIError {
        .usage(
            inputs.joined(separator: ", "),
            kind == .pattern
                ? "no pattern files found (folders are searched for \(PatternFormats.searchedFiles))"
                : "no audio files found (folders are searched for "
                    + InputDiscovery.audioExtensions.sorted().map { "." + $0 }.joined(
                        separator: ", ") + " files)")
    }
}

/// `dir/.ahab: note: hidden folder skipped, with 5 pattern files (name it, or use --hidden)`:
/// what a folder search left out, so that nothing vanishes silently.
func reportSkippedHidden(_ entries: [SkippedHiddenEntry], kind: InputDiscovery.Kind) {
    for entry in entries {
        let what =
            entry.isFolder
            ? "hidden folder skipped, with \(plural(entry.files, kind == .pattern ? "pattern file" : "audio file"))"
            : "hidden file skipped"
        printError("\(entry.path): note: \(what) (name it, or use --hidden)")
    }
}

/// What the commands' help says of their pattern inputs, from the registry of formats.
enum PatternInputHelp {
    /// `AHAP or .haptic files, or folders (searched recursively); - reads standard input.`
    static let files =
        "\(PatternFormats.readableNames) files, or folders (searched recursively); - reads standard input."
    /// `The AHAP or .haptic file; - reads standard input.`
    static let file = "The \(PatternFormats.readableNames) file; - reads standard input."
}
