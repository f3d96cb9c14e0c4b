import ArgumentParser
import FoundationEssentials
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fails before any work when the folders on the way to `output` cannot be made: the nearest
/// one that exists is not a folder, or cannot be written. The missing folders themselves are
/// made as the output is written and removed again if it fails (`AtomicFile.createsFolders`,
/// bound for every command), so `-o out/x.wav` works in a fresh checkout as `--output-dir out`
/// does, and a failed output leaves no folder behind. Standard output (`-`) needs nothing.
/// - Throws: ``CLIError`` (exit 1) naming the folder.
func checkOutputFolder(for output: String) throws {
    guard output != "-" else { return }
    var folder = PathString.deletingLastComponent(output)
    var status = stat()
    while !folder.isEmpty, stat(folder, &status) != 0 {
        guard errno == ENOENT else {
            throw CLIError.failure(
                folder, "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
        let parent = PathString.deletingLastComponent(folder)
        if parent == folder { break }
        folder = parent
    }
    guard !folder.isEmpty, stat(folder, &status) == 0 else { return }
    // A name in /proc is no file to make: the writer says what it is (a descriptor or not).
    if let real = realpath(folder, nil) {
        defer { free(real) }
        let path = String(cString: real)
        if path == "/proc" || path.hasPrefix("/proc/") { return }
    }
    if status.st_mode & S_IFMT != S_IFDIR {
        throw CLIError.failure(folder, "cannot create the output folder: Not a directory")
    }
    if access(folder, W_OK | X_OK) != 0 {
        throw CLIError.failure(
            folder, "cannot create the output folder: \(String(cString: strerror(errno)))")
    }
}

/// Refuses an empty output path up front (exit 64): `-o ""` would be found only when the
/// output is written, after the work (a shell variable that is not set often gives one).
/// - Throws: `ValidationError` naming the option.
func refuseEmptyPaths(_ paths: [(option: String, path: String?)]) throws {
    for (option, path) in paths where path?.isEmpty == true {
        throw ValidationError("\(option) names nothing: the path is empty.")
    }
}
