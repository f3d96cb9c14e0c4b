import FoundationEssentials

/// A list of inputs, one per line (`ahap-render render --from-list FILE`), so a catalogue
/// can be cut into slices that a scheduler hands to many processes.
///
/// Format: one path per line, surrounding spaces and tabs trimmed; blank lines and lines
/// whose first non-blank character is `#` are ignored; CRLF line ends are accepted.
/// Relative paths stay relative to the current directory (not the list's folder), which is
/// what `find … > list` and `split` produce.
public struct InputList: Sendable {
    /// One input and where it was listed.
    public struct Entry: Sendable, Hashable {
        public var path: String
        /// 1-based line number in the list.
        public var line: Int
    }

    /// How error messages name the list: its path, or `<stdin>`.
    public var name: String
    public var entries: [Entry]

    /// Parses the text of a list. O(text).
    public init(name: String, text: String) {
        self.name = name
        var entries: [Entry] = []
        // `\r\n` is one Character in Swift, and a newline like `\n`.
        for (index, raw) in text.split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline
        ).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            entries.append(Entry(path: line, line: index + 1))
        }
        self.entries = entries
    }

    /// Reads a list from `path`, or from standard input when `path` is `-`.
    /// - Throws: ``InputListError`` naming the list when it cannot be read or is not UTF-8.
    public static func read(_ path: String) throws(InputListError) -> InputList {
        let name = path == "-" ? "<stdin>" : path
        let data: Data
        if path == "-" {
            data = Data(StandardStream.readInput())
        } else {
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw InputListError(
                    message: "\(path): error: cannot read the input list: \(fileErrorText(error))")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputListError(message: "\(name): error: the input list is not UTF-8 text")
        }
        return InputList(name: name, text: text)
    }

    /// Fails on the first entry that names nothing, as
    /// `list:line: error: No such file or directory: path`.
    public func checkExistence(fileManager: FileManager = .default) throws(InputListError) {
        for entry in entries where !fileManager.fileExists(atPath: entry.path) {
            throw InputListError(
                message: "\(name):\(entry.line): error: No such file or directory: \(entry.path)")
        }
    }
}

/// An input list that cannot be used; the message names the list (and the line).
public struct InputListError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
