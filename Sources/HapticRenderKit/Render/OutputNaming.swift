import FoundationEssentials

/// Where each input's rendered file goes (`ahap-render render`'s naming rules).
///
/// - `-o FILE`: exactly that file (one input only).
/// - `--output-dir DIR`: `DIR/<path below the input folder>.<ext>`, mirroring the input
///   tree so two `Tap.ahap` in different folders never collide.
/// - neither: next to the input, extension replaced (`Tap.ahap` → `Tap.wav`).
public enum OutputNaming {
    /// The output path of `file`. Pure (creates nothing).
    public static func output(
        for file: DiscoveredFile, outputFile: String?, outputDirectory: String?,
        fileExtension: String
    ) -> String {
        if let outputFile { return outputFile }
        if let outputDirectory {
            let relative = PathString.deletingExtension(file.relativePath) + "." + fileExtension
            return PathString.appending(relative, to: outputDirectory)
        }
        return PathString.deletingExtension(file.path) + "." + fileExtension
    }
}
