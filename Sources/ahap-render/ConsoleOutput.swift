import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// Writes a line to standard output at once (unbuffered, like standard error), so a report
/// and the messages around it keep their order in `command > log 2>&1`.
func printOutput(_ line: String) {
    StandardStream.output.write(line + "\n")
}

/// Writes a message to standard error at once, each of its lines printable: a control
/// character a file name smuggled in (an escape sequence that clears the terminal) is written
/// as `\u{1B}` (``displayName(_:)`` escapes line breaks in names too).
func printError(_ line: String) {
    StandardStream.error.write(printable(line) + "\n")
}

/// `text` with the control characters of each of its lines escapes (`\u{1B}`), its line
/// breaks kept.
func printable(_ text: String) -> String {
    guard
        text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0).escapingControlCharacters }.joined(separator: "\n")
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

/// How messages name a file: standard input (`-`) as `<stdin>`, an empty path as `""`, and
/// control characters in the name (a line break, an escape sequence) as `\u{1B}`, so the
/// message stays one line that a terminal shows as it is.
func displayName(_ path: String) -> String {
    path == "-" ? "<stdin>" : path.isEmpty ? "\"\"" : path.escapingControlCharacters
}
