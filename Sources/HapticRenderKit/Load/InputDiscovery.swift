import FoundationEssentials
import HapticPattern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Expands command-line inputs (files and folders) into the files to process.
///
/// * An explicitly named file is always included, whatever its extension.
/// * A folder is walked recursively (sorted, hidden entries skipped); it contributes the files
///   of the kind asked for: AHAP (every `.ahap` file and every `.json` file whose top level
///   is an object with a `Pattern` key — other JSON, package manifests or editor settings, is
///   skipped silently) or audio (``audioExtensions``).
/// * A path that does not exist is an ``InputDiscoveryError``.
///
/// Shared by `lint`, `inspect`, `render` and `generate`. O(files in the walked folders), plus
/// one parse per `.json` candidate.
public enum InputDiscovery {
    /// What a folder contributes.
    public enum Kind: Sendable {
        case ahap
        /// Sound files `generate` reads.
        case audio
    }

    /// Extensions of the audio files a folder contributes (lower case): what libsndfile reads.
    public static let audioExtensions: Set<String> = [
        "wav", "wave", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "aifc", "caf", "w64",
        "rf64",
    ]

    /// Returns the files to process, in input order (folder contents sorted), without
    /// duplicates.
    public static func discover(
        _ inputs: [String], kind: Kind = .ahap, fileManager: FileManager = .default
    )
        throws(InputDiscoveryError) -> [String]
    {
        try discoverFiles(inputs, kind: kind, fileManager: fileManager).map(\.path)
    }

    /// Like ``discover(_:kind:fileManager:)``, also giving each file's path relative to the
    /// folder it was found in (its file name when it was named directly), so outputs can
    /// mirror the input tree.
    public static func discoverFiles(
        _ inputs: [String], kind: Kind = .ahap, fileManager: FileManager = .default
    )
        throws(InputDiscoveryError) -> [DiscoveredFile]
    {
        var result: [DiscoveredFile] = []
        var seen = Set<String>()
        func add(_ path: String, _ relative: String) {
            if seen.insert(path).inserted {
                result.append(DiscoveredFile(path: path, relativePath: relative))
            }
        }
        for input in inputs {
            var isDirectory = false
            guard fileManager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw InputDiscoveryError(path: input, message: "No such file or folder: \(input)")
            }
            guard isDirectory else {
                add(input, PathString.lastComponent(input))
                continue
            }
            guard let names = try? fileManager.contentsOfDirectory(atPath: input) else {
                throw InputDiscoveryError(path: input, message: "Cannot read the folder \(input)")
            }
            var found: [String] = []
            walk(input, below: "", names: names, fileManager: fileManager) { relative, name in
                let full = PathString.appending(relative, to: input)
                let ext = PathString.pathExtension(name).lowercased()
                let wanted =
                    switch kind {
                    case .ahap:
                        ext == "ahap"
                            || (ext == "json"
                                && looksLikeAHAP(atPath: full, fileManager: fileManager))
                    case .audio: audioExtensions.contains(ext) && isRegularFile(full)
                    }
                if wanted { found.append(relative) }
            }
            for relative in found.sorted() {
                add(PathString.appending(relative, to: input), relative)
            }
        }
        return result
    }

    /// Visits every entry below `folder` (names relative to `input`), skipping hidden names
    /// and not descending into them; symbolic links are visited but not followed, and a
    /// subfolder that cannot be read is skipped — as `FileManager.enumerator(atPath:)` did.
    private static func walk(
        _ input: String, below relativeFolder: String, names: [String], fileManager: FileManager,
        visit: (_ relative: String, _ name: String) -> Void
    ) {
        for name in names where !name.hasPrefix(".") {
            let relative =
                relativeFolder.isEmpty ? name : PathString.appending(name, to: relativeFolder)
            visit(relative, name)
            let full = PathString.appending(relative, to: input)
            var status = stat()
            guard lstat(full, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
                let children = try? fileManager.contentsOfDirectory(atPath: full)
            else { continue }
            walk(input, below: relative, names: children, fileManager: fileManager, visit: visit)
        }
    }

    /// Whether `path` is a regular file (symlinks followed): not a folder named like audio.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the JSON file's top level is an object with a `Pattern` key (any case, so
    /// that a misspelled AHAP file is still linted). Read within the decoder's default input
    /// and value limits, so a huge `.json` (or a FIFO named `.json`) in a searched folder
    /// cannot exhaust memory or block: it is simply not a candidate.
    public static func looksLikeAHAP(atPath path: String, fileManager: FileManager = .default)
        -> Bool
    {
        let limits = PatternLimits.default
        // A regular file (symlinks followed): a FIFO would block the open.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            case .success(let bytes) = BoundedFileRead.read(path: path, limit: limits.maxInputBytes),
            case .success(let document) = JSONParser(maximumValues: limits.maxJSONValues).parse(
                bytes),
            let members = document.root.objectMembers
        else { return false }
        return members.contains { $0.key.lowercased() == "pattern" }
    }
}

/// One input file and where it sits below the folder it was found in.
public struct DiscoveredFile: Sendable, Hashable {
    public var path: String
    /// Relative to the input folder, or the file name for a file named directly.
    public var relativePath: String
}

/// An input path that cannot be used.
public struct InputDiscoveryError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var description: String { message }
}
