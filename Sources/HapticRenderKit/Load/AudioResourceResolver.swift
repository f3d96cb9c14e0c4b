import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the audio file named by an AudioCustom event's `EventWaveformPath` without
/// reading it.
///
/// Search order (first existing regular file wins):
/// 1. the path relative to the AHAP file's folder (`baseDirectory`), as Core Haptics does
///    for patterns loaded by URL;
/// 2. the bare file name beside the AHAP file (Apple's `Drums.ahap` names
///    `AHAP/Drums.wav`, a path inside its app bundle, while the WAV sits next to it);
/// 3. for each of `searchRoots`: the path relative to the root, then the bare name.
///
/// Safety: unless `allowEscaping`, absolute paths are refused, and so is any candidate
/// whose real path (symlinks resolved with `realpath`) lies outside the root it was looked
/// up in — which covers `../../etc/passwd` and symlinks pointing elsewhere.
public struct AudioResourceResolver: Sendable {
    /// The folder of the AHAP file.
    public var baseDirectory: String
    /// Extra folders to search (e.g. an app's resource folder).
    public var searchRoots: [String]
    /// Whether paths may lead outside `baseDirectory`/`searchRoots` (absolute paths,
    /// `..`, outward symlinks).
    public var allowEscaping: Bool

    public init(baseDirectory: String, searchRoots: [String] = [], allowEscaping: Bool = false) {
        self.baseDirectory = baseDirectory
        self.searchRoots = searchRoots
        self.allowEscaping = allowEscaping
    }

    /// The first place looked at (relative to the AHAP folder); a resolution elsewhere
    /// means a fallback was used.
    package func primaryCandidate(for waveformPath: String) -> String {
        waveformPath.hasPrefix("/") ? waveformPath : Self.join(baseDirectory, waveformPath)
    }

    /// Resolves `waveformPath`. O(number of roots) file-system lookups.
    public func resolve(_ waveformPath: String) -> ResourceResolution {
        guard !waveformPath.isEmpty else { return .notFound(tried: []) }
        if waveformPath.hasPrefix("/") {
            guard allowEscaping else {
                return .refused(
                    reason:
                        "`\(waveformPath)` is an absolute path; only paths relative to the AHAP file's folder are allowed (use --allow-escaping to permit it)."
                )
            }
            guard let real = Self.realPath(waveformPath), !Self.isDirectory(real) else {
                return .notFound(tried: [waveformPath])
            }
            guard Self.isRegularFile(real) else { return Self.notRegular(waveformPath, real) }
            return .resolved(real)
        }
        let bareName = PathString.lastComponent(waveformPath)
        var roots = [baseDirectory]
        roots.append(contentsOf: searchRoots)
        var tried: [String] = []
        for root in roots {
            var relatives = [waveformPath]
            if bareName != waveformPath && !bareName.isEmpty && bareName != ".." && bareName != "."
            {
                // The bare-name fallback is tried beside the AHAP file right after the
                // written path, and in every search root.
                relatives.append(bareName)
            }
            for relative in relatives {
                let candidate = Self.join(root, relative)
                tried.append(candidate)
                guard let real = Self.realPath(candidate) else { continue }
                guard Self.isRegularFile(real) else {
                    if Self.isDirectory(real) { continue }
                    return Self.notRegular(waveformPath, real)
                }
                guard FileManager.default.isReadableFile(atPath: real) else {
                    return .refused(
                        reason:
                            "`\(waveformPath)` exists at \(real) but cannot be read; check its permissions."
                    )
                }
                if !allowEscaping {
                    guard let realRoot = Self.realPath(root), Self.isInside(real, root: realRoot)
                    else {
                        return .refused(
                            reason:
                                "`\(waveformPath)` leads to \(real), outside the allowed folder \(root) (through `..` or a symlink); move the audio file next to the AHAP file."
                        )
                    }
                }
                return .resolved(real)
            }
        }
        return .notFound(tried: tried)
    }

    static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// `realpath(3)`: absolute, symlink-free path, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A regular file (after symlinks). Not merely "not a directory": a FIFO or a device
    /// (`/dev/zero`, a named pipe planted next to the AHAP file) would block or never end
    /// when the audio is read.
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    static func notRegular(_ waveformPath: String, _ real: String) -> ResourceResolution {
        .refused(
            reason:
                "`\(waveformPath)` leads to \(real), which is not a regular file (a pipe or a device would block or never end); use an audio file."
        )
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    static func isInside(_ path: String, root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
