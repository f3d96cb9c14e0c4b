import HapticPattern

/// A JSON value to write: what the `.haptic`, Android and report writers build, printed by
/// ``text(indent:)`` with members in the order given.
public indirect enum JSONText: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// An integer value.
    public static func integer(_ n: Int) -> JSONText { .number(Double(n)) }

    /// The JSON text: numbers in shortest round-trip form, `indent` spaces per level (0 for
    /// one line), a final newline when indented. O(size).
    public func text(indent: Int = 2) -> String {
        var writer = JSONTextWriter(indent: indent)
        writer.write(self, depth: 0)
        if indent > 0 { writer.out += "\n" }
        return writer.out
    }
}

/// Prints a ``JSONText`` into one growing string, each depth's line break and indentation
/// built once.
private struct JSONTextWriter {
    let indent: Int
    var out = ""
    /// `"\n"` plus the indentation of depth `d`, at index `d`.
    private var newlines: [String] = []

    init(indent: Int) { self.indent = indent }

    private mutating func newline(_ depth: Int) {
        guard indent > 0 else { return }
        while newlines.count <= depth {
            newlines.append("\n" + String(repeating: " ", count: indent * newlines.count))
        }
        out += newlines[depth]
    }

    mutating func write(_ value: JSONText, depth: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += AHAPNumberFormatter.string(n)
        case .string(let s): JSONWriter.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            // Arrays of numbers stay on one line: timings and amplitudes read as rows.
            let flat = items.allSatisfy { if case .number = $0 { true } else { false } }
            let separator = flat && indent > 0 ? ", " : ","
            out += "["
            for i in items.indices {
                if i > 0 { out += separator }
                if !flat { newline(depth + 1) }
                write(items[i], depth: depth + 1)
            }
            if !flat { newline(depth) }
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            let colon = indent > 0 ? ": " : ":"
            out += "{"
            for i in members.indices {
                if i > 0 { out += "," }
                newline(depth + 1)
                JSONWriter.quote(members[i].0, into: &out)
                out += colon
                write(members[i].1, depth: depth + 1)
            }
            newline(depth)
            out += "}"
        }
    }
}
