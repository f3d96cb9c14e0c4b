import FoundationEssentials
import HapticRenderKit

/// Writes a line to standard output at once (unbuffered, like standard error), so a report
/// and the messages around it keep their order in `command > log 2>&1`.
func printOutput(_ line: String) {
    StandardStream.output.write(line + "\n")
}

/// Writes a line to standard error at once.
func printError(_ line: String) {
    StandardStream.error.write(line + "\n")
}

/// `1 file`, `2 files`: a count with its noun, plural unless the count is one.
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Prints a JSON value with sorted keys, so output is stable.
func printJSON(_ value: Any) throws {
    StandardStream.output.write(try StableJSON.data(value))
    StandardStream.output.write("\n")
}

/// The name a pattern read from standard input has: `<stdin>` in messages, its AudioCustom
/// files looked up in the current folder.
let standardInputURL = URL(fileURLWithPath: displayName("-"))

/// How messages name a file: standard input (`-`) as `<stdin>`, an empty path as `""`.
func displayName(_ path: String) -> String {
    path == "-" ? "<stdin>" : path.isEmpty ? "\"\"" : path
}
