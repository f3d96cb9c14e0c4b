import FoundationEssentials
import HapticFormats
import HapticPattern
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Expands command-line inputs (files and folders) into the files to process.
///
/// * An explicitly named file is always included, whatever its extension (one in a hidden
///   folder too); so is everything below an explicitly named folder, hidden or not.
/// * A folder is walked recursively (sorted); it contributes the files of the kind asked
///   for: patterns (every file with an extension of a format of `PatternFormats` — `.ahap`,
///   `.haptic` — and every `.json` file whose top level is an object with a format's JSON key,
///   AHAP's `Pattern` — other JSON, package manifests or editor settings, is skipped
///   silently) or audio (``audioExtensions``).
/// * Hidden entries (names starting with `.`: `.git`, `.build`, an editor's `.ahab`) below a
///   named folder are skipped unless `includeHidden`; a skipped one holding files of the kind
///   (by extension) is listed in ``InputSurvey/skippedHidden``, so a caller can say so
///   instead of letting them vanish.
/// * A path that does not exist is an ``InputDiscoveryError``.
///
/// Shared by `lint`, `render`, `bench` and `generate`. O(entries in the walked folders,
/// skipped hidden ones included), plus one parse per `.json` candidate.
public enum InputDiscovery {
    /// What a folder contributes.
    public enum Kind: Sendable {
        /// Pattern files: ``patternExtensions``, and the `.json` files that
        /// ``looksLikePattern(atPath:fileManager:)``.
        case pattern
        /// Sound files `generate` reads.
        case audio
    }

    /// Extensions of the audio files a folder contributes (lower case): what libsndfile reads.
    public static let audioExtensions: Set<String> = [
        "wav", "wave", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "aifc", "caf", "w64",
        "rf64",
    ]

    /// Extensions of the pattern files a folder contributes besides pattern-shaped `.json`
    /// (lower case): those of every format ``PatternDocument`` reads.
    package static let patternExtensions = Set(PatternFormats.readable.flatMap(\.extensions))

    /// Returns the files to process, in input order (folder contents sorted), without
    /// duplicates.
    public static func discover(
        _ inputs: [String], kind: Kind = .pattern, fileManager: FileManager = .default
    )
        throws(InputDiscoveryError) -> [String]
    {
        try discoverFiles(inputs, kind: kind, fileManager: fileManager).map(\.path)
    }

    /// Like ``discover(_:kind:fileManager:)``, also giving each file's path relative to the
    /// folder it was found in, or for a file named directly its path as given
    /// (``OutputNaming/mirroredPath(of:currentDirectory:)``), so outputs can mirror the input
    /// tree.
    package static func discoverFiles(
        _ inputs: [String], kind: Kind = .pattern, fileManager: FileManager = .default
    )
        throws(InputDiscoveryError) -> [DiscoveredFile]
    {
        try survey(inputs, kind: kind, fileManager: fileManager).files
    }

    /// The files to process and the hidden entries skipped on the way (see the type's rules).
    public static func survey(
        _ inputs: [String], kind: Kind = .pattern, includeHidden: Bool = false,
        fileManager: FileManager = .default
    ) throws(InputDiscoveryError) -> InputSurvey {
        var survey = InputSurvey()
        var seen = Set<String>()
        func add(_ path: String, _ relative: String) {
            if seen.insert(path).inserted {
                survey.files.append(DiscoveredFile(path: path, relativePath: relative))
            }
        }
        for input in inputs {
            var isDirectory = false
            guard fileManager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw InputDiscoveryError(
                    path: input, message: PathEncoding.missingFileReason(input))
            }
            guard isDirectory else {
                add(input, OutputNaming.mirroredPath(of: input))
                continue
            }
            guard let names = try? fileManager.contentsOfDirectory(atPath: input) else {
                throw InputDiscoveryError(path: input, message: "Cannot read the folder")
            }
            var found: [String] = []
            var walker = FolderWalker(
                root: input, includeHidden: includeHidden,
                counts: {
                    kind == .pattern ? patternExtensions.contains($0) : audioExtensions.contains($0)
                })
            walker.walk(below: "", names: names) { relative, name in
                let full = PathString.appending(relative, to: input)
                let ext = PathString.pathExtension(name).lowercased()
                let named =
                    switch kind {
                    case .pattern: patternExtensions.contains(ext) || ext == "json"
                    case .audio: audioExtensions.contains(ext)
                    }
                guard named else { return }
                switch entryKind(full) {
                case .regular:
                    if kind == .audio || ext != "json"
                        || looksLikePattern(atPath: full, fileManager: fileManager)
                    {
                        found.append(relative)
                    }
                case .special(let what) where ext != "json":
                    survey.skippedSpecial.append(SkippedSpecialEntry(path: full, kind: what))
                case .special, .folder: break
                }
            }
            for relative in found.sorted() {
                add(PathString.appending(relative, to: input), relative)
            }
            survey.skippedHidden += walker.skippedHidden
        }
        return survey
    }

    /// What a folder entry named like an input is (symbolic links followed).
    private enum EntryKind {
        /// A regular file, or a name a folder listed that no file has because its bytes were
        /// not UTF-8 (``PathEncoding``): kept, so that reading it says so.
        case regular
        /// A FIFO, device or socket: reading one would block or never end, so a search skips
        /// it and says so (`what` names it).
        case special(String)
        /// A folder (walked, not read), or a link that leads nowhere.
        case folder
    }

    private static func entryKind(_ path: String) -> EntryKind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return path.unicodeScalars.contains("\u{FFFD}") && lstat(path, &status) != 0
                ? .regular : .folder
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        case S_IFIFO: return .special("a pipe (FIFO)")
        case S_IFSOCK: return .special("a socket")
        default: return .special("a device")
        }
    }

    /// Whether the JSON file's top level is an object with a pattern format's JSON key (AHAP's
    /// `Pattern`, any case, so that a misspelled AHAP file is still linted). Read within the
    /// decoder's default input
    /// and value limits, so a huge `.json` (or a FIFO named `.json`) in a searched folder
    /// cannot exhaust memory or block: it is simply not a candidate.
    package static func looksLikePattern(atPath path: String, fileManager: FileManager = .default)
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
        let keys = Set(PatternFormats.readable.compactMap { $0.reader?.jsonFileKey?.lowercased() })
        return members.contains { keys.contains($0.key.lowercased()) }
    }
}

extension InputDiscovery {
    /// The name ``looksLikePattern(atPath:fileManager:)`` had while it looked for AHAP only.
    @available(*, deprecated, renamed: "looksLikePattern(atPath:fileManager:)")
    package static func looksLikeAHAP(atPath path: String, fileManager: FileManager = .default)
        -> Bool
    {
        looksLikePattern(atPath: path, fileManager: fileManager)
    }
}

extension InputDiscovery.Kind {
    /// The name this kind had while folders contributed AHAP files only.
    @available(*, deprecated, renamed: "pattern")
    public static var ahap: Self { .pattern }
}

/// What ``InputDiscovery/survey(_:includeHidden:fileManager:)`` found.
public struct InputSurvey: Sendable {
    /// The files to process.
    public var files: [DiscoveredFile] = []
    /// The hidden files and folders skipped below the named folders that hold files of the
    /// kind searched for (the topmost hidden entry of each, in walk order; counted by
    /// extension: `.json` files are not opened to count them).
    public var skippedHidden: [SkippedHiddenEntry] = []
    /// The FIFOs, devices and sockets named like inputs that the search skipped, in walk
    /// order.
    public var skippedSpecial: [SkippedSpecialEntry] = []
}

/// A FIFO, device or socket named like an input (`f.ahap`) that a folder search skipped:
/// opening or reading it could block forever. Named on the command line it is read.
public struct SkippedSpecialEntry: Sendable, Hashable {
    public var path: String
    /// What it is: "a pipe (FIFO)", "a device", "a socket".
    public var kind: String
}

/// A hidden file or folder a folder search skipped, and the files of the kind searched for
/// that it holds.
public struct SkippedHiddenEntry: Sendable, Hashable {
    public var path: String
    public var isFolder: Bool
    /// The files of the kind (pattern files by extension, or audio) it is or holds, at any
    /// depth.
    public var files: Int
}

/// Walks a folder tree in name order: symbolic links are visited but not followed, and a
/// subfolder that cannot be read is skipped — as `FileManager.enumerator(atPath:)` did.
/// Hidden entries are visited only with `includeHidden`; otherwise the ones holding files
/// whose extension `counts` are counted into ``skippedHidden``.
private struct FolderWalker {
    let root: String
    let includeHidden: Bool
    /// Whether a lower-case extension is one of the kind searched for.
    let counts: (String) -> Bool
    var skippedHidden: [SkippedHiddenEntry] = []

    mutating func walk(
        below relativeFolder: String, names: [String],
        visit: (_ relative: String, _ name: String) -> Void
    ) {
        for name in names.sorted() {
            let relative =
                relativeFolder.isEmpty ? name : PathString.appending(name, to: relativeFolder)
            let full = PathString.appending(relative, to: root)
            if !includeHidden, name.hasPrefix(".") {
                let count = files(at: full, name: name)
                if count > 0 {
                    skippedHidden.append(
                        SkippedHiddenEntry(
                            path: full, isFolder: Self.subfolderNames(full) != nil, files: count))
                }
                continue
            }
            visit(relative, name)
            if let children = Self.subfolderNames(full) {
                walk(below: relative, names: children, visit: visit)
            }
        }
    }

    /// The names in `path` when it is a real folder (not a link to one) that can be read.
    private static func subfolderNames(_ path: String) -> [String]? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return try? FileManager.default.contentsOfDirectory(atPath: path)
    }

    /// Files of the kind at or below `path`, by extension (no file is opened). O(entries
    /// below).
    private func files(at path: String, name: String) -> Int {
        guard let children = Self.subfolderNames(path) else {
            return counts(PathString.pathExtension(name).lowercased()) ? 1 : 0
        }
        return children.reduce(0) { $0 + files(at: PathString.appending($1, to: path), name: $1) }
    }
}

/// One input file and where it sits below the folder it was found in.

public struct DiscoveredFile: Sendable, Hashable {
    public var path: String
    /// Relative to the input folder, or, for a file named directly, its path as given made
    /// relative (``OutputNaming/mirroredPath(of:currentDirectory:)``).
    public var relativePath: String

    public init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }
}

/// An input path that cannot be used.
public struct InputDiscoveryError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var description: String { message }
}
