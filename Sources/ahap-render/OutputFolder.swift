import FoundationEssentials
import HapticRenderKit

/// Creates the folders on the way to `output` (`mkdir -p` of its folder), so `-o out/x.wav`
/// works in a fresh checkout as `--output-dir out` does, in every command that writes a file.
/// Standard output (`-`) and an existing folder need nothing.
/// - Throws: ``CLIError`` (exit 1) naming the folder that cannot be created.
func createOutputFolder(for output: String) throws {
    guard output != "-" else { return }
    let folder = PathString.deletingLastComponent(output)
    var isDirectory = false
    guard !folder.isEmpty,
        !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory)
    else { return }
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        throw CLIError.failure(folder, "cannot create the output folder: \(fileErrorText(error))")
    }
}
