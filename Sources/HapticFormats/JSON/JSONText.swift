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
        var out = ""
        write(into: &out, indent: indent, depth: 0)
        if indent > 0 { out += "\n" }
        return out
    }

    private func write(into out: inout String, indent: Int, depth: Int) {
        func newline(_ d: Int) {
            guard indent > 0 else { return }
            out += "\n" + String(repeating: " ", count: indent * d)
        }
        switch self {
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
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat && indent > 0 ? ", " : "," }
                if !flat { newline(depth + 1) }
                item.write(into: &out, indent: indent, depth: depth + 1)
            }
            if !flat { newline(depth) }
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                newline(depth + 1)
                JSONWriter.quote(key, into: &out)
                out += indent > 0 ? ": " : ":"
                value.write(into: &out, indent: indent, depth: depth + 1)
            }
            newline(depth)
            out += "}"
        }
    }
}
