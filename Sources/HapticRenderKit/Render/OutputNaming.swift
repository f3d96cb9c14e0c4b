import FoundationEssentials
import HapticFormats

/// Where each input's rendered file goes (`ahap-render render`'s naming rules, which
/// `generate` and `convert` share).
///
/// - `-o FILE`: exactly that file (one input only).
/// - `--output-dir DIR`: `DIR/<relative path>.<ext>`, the inputs mirrored below one folder,
///   the **base** (``mirrorBase(of:currentDirectory:)``), so that two `x.ahap` in different
///   folders never collide:
///   - by default, the deepest folder the inputs share (a folder input counts as itself, a
///     file as its folder): one file lands by its name (`render Examples/Patterns/Heartbeat.ahap
///     --output-dir out` → `out/Heartbeat.wav`, whatever path named it), one folder's files by
///     their path below it, and `in/a in/b` → `out/a/x.wav`, `out/b/x.wav`;
///   - with an input list, the current folder, whose relative paths the list holds: the base
///     then depends on nothing the list holds, so every slice of a list cut with `split` (and
///     every rerun with `--skip-existing`) names an input's output alike;
///   - `--base DIR`: that folder, for every input (a parallel run of one file per process).
///   A file outside the base (possible only with a list) keeps its absolute path below `DIR`
///   (``mirroredPath(of:below:currentDirectory:)``: `/data/x.ahap` → `DIR/data/x.wav`); nothing
///   is ever written above `DIR`.
/// - neither: next to the input, extension replaced (`Tap.ahap` → `Tap.wav`).
///
/// A file of a format that keeps its extension in output names
/// (`PatternFormat/keepsExtensionInOutputNames`: every one but AHAP) keeps it (`Tap.haptic` →
/// `Tap.haptic.wav`), so a clip and an AHAP file of the same name in one folder (a clip and
/// its export) never write one file; `keepsFormatExtension` false replaces it like any other
/// (`convert`: `Tap.haptic` → `Tap.ahap`).
public enum OutputNaming {
    /// The output path of `file`. Pure (creates nothing).
    public static func output(
        for file: DiscoveredFile, outputFile: String?, outputDirectory: String?,
        fileExtension: String, keepsFormatExtension: Bool = true
    ) -> String {
        func stem(_ path: String) -> String {
            keepsFormatExtension
                && PatternFormats.format(forFileName: path)?.keepsExtensionInOutputNames == true
                ? path : PathString.deletingExtension(path)
        }
        if let outputFile { return outputFile }
        if let outputDirectory {
            return PathString.appending(
                stem(file.relativePath) + "." + fileExtension, to: outputDirectory)
        }
        return stem(file.path) + "." + fileExtension
    }

    /// The folder the outputs mirror `inputs` below (absolute, `.` and `..` resolved
    /// lexically, links untouched): the deepest folder every input lies in, a folder input
    /// counting as itself (`isFolder`) and a file as its folder; standard input (`-`) does not
    /// count. `/` when they share nothing; the current folder when there is no input.
    /// O(inputs × path).
    public static func mirrorBase(
        of inputs: [String], isFolder: (String) -> Bool,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        var common: [String]?
        for input in inputs where input != "-" {
            var parts = absolute(input, currentDirectory: currentDirectory)
            if !isFolder(input), !parts.isEmpty { parts.removeLast() }
            guard let shared = common else {
                common = parts
                continue
            }
            common = Array(zip(shared, parts).prefix { $0 == $1 }.map(\.0))
        }
        let folder = common ?? absolute(".", currentDirectory: currentDirectory)
        return "/" + folder.joined(separator: "/")
    }

    /// The relative path under which `path` is mirrored below the folder `base`: its path
    /// below `base` when it lies there (`.`, `..` and repeated slashes resolved lexically,
    /// links untouched), else its absolute path without the leading `/`
    /// (`/data/in/x.ahap` → `data/in/x.ahap`). Never starts with `/` or `..`. O(path).
    public static func mirroredPath(
        of path: String, below base: String? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let parts = absolute(path, currentDirectory: currentDirectory)
        let folder = absolute(base ?? currentDirectory, currentDirectory: currentDirectory)
        if parts.count > folder.count, Array(parts.prefix(folder.count)) == folder {
            return parts.dropFirst(folder.count).joined(separator: "/")
        }
        return parts.joined(separator: "/")
    }

    /// Whether `path` lies below the folder `base` (lexically, as ``mirroredPath(of:below:currentDirectory:)``
    /// compares them).
    public static func isBelow(
        _ path: String, base: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> Bool {
        let parts = absolute(path, currentDirectory: currentDirectory)
        let folder = absolute(base, currentDirectory: currentDirectory)
        return parts.count > folder.count && Array(parts.prefix(folder.count)) == folder
    }

    /// The components of `path` made absolute against `currentDirectory`, normalized.
    private static func absolute(_ path: String, currentDirectory: String) -> [String] {
        normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path) ?? []
    }

    /// `path`'s components with `.`, empty components and `name/..` pairs removed; leading
    /// `..` kept for a relative path, dropped for an absolute one (`/..` is `/`). Nil for an
    /// empty result.
    private static func normalized(_ path: String) -> [String]? {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !path.hasPrefix("/") {
                    parts.append("..")
                }
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts
    }
}
