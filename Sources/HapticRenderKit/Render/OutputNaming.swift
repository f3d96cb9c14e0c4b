import FoundationEssentials
import HapticFormats

/// Where each input's rendered file goes (`ahap-render render`'s naming rules).
///
/// - `-o FILE`: exactly that file (one input only).
/// - `--output-dir DIR`: `DIR/<relative path>.<ext>`, mirroring the inputs so that two
///   `x.ahap` in different folders never collide: for a folder input, the path below that
///   folder (`render in/ --output-dir out` writes `out/a/x.wav` for `in/a/x.ahap`); for a file
///   named directly or listed in `--from-list`, its path as given (``mirroredPath(of:currentDirectory:)``:
///   `in/a/x.ahap` → `out/in/a/x.wav`). The second rule depends on nothing but the path, so
///   every slice of a list cut with `split` (and every rerun with `--skip-existing`) names an
///   input's output alike.
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

    /// The relative path under which a file named directly is mirrored: its path with `.`
    /// and `..` components and repeated slashes resolved (lexically, links untouched); an
    /// absolute path, or one that leads above `currentDirectory`, relative to
    /// `currentDirectory` when it lies below it, else the absolute path without its leading
    /// `/` (`/data/in/x.ahap` → `data/in/x.ahap`). Never starts with `/` or `..`. O(path).
    public static func mirroredPath(
        of path: String, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        if !path.hasPrefix("/"), let relative = normalized(path), relative.first != ".." {
            return relative.joined(separator: "/")
        }
        let cwd = normalized(currentDirectory) ?? []
        let absolute =
            normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path) ?? []
        if !cwd.isEmpty, absolute.count > cwd.count, Array(absolute.prefix(cwd.count)) == cwd {
            return absolute.dropFirst(cwd.count).joined(separator: "/")
        }
        return absolute.joined(separator: "/")
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
