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

    /// The largest list read: 256 MiB (a million paths of 200 bytes fit many times over).
    public static let maxBytes = 256 << 20

    /// Reads a list from `path` (a file, a pipe such as `<(find …)`), or from standard input
    /// when `path` is `-`, within ``maxBytes``.
    /// - Throws: ``InputListError`` naming the list when it cannot be read, is too large, is
    ///   not UTF-8, or has a line holding a NUL byte (a path that would silently end early).
    public static func read(_ path: String) throws(InputListError) -> InputList {
        let name = path == "-" ? "<stdin>" : path
        let bytes: [UInt8]
        switch BoundedFileRead.read(pathOrStandardInput: path, limit: maxBytes) {
        case .success(let b): bytes = b
        case .failure(let failure):
            throw InputListError(
                message:
                    "\(name): error: cannot read the input list: \(failure.message(limit: maxBytes))"
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputListError(message: "\(name): error: the input list is not UTF-8 text")
        }
        let list = InputList(name: name, text: text)
        if let entry = list.entries.first(where: { $0.path.utf8.contains(0) }) {
            throw InputListError(
                message:
                    "\(name):\(entry.line): error: the line holds a NUL byte, which no file name can"
            )
        }
        return list
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
