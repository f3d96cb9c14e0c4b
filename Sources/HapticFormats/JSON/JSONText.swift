import HapticPattern

/// A JSON value to write: what the `.haptic`, Android and report writers build, printed by
/// ``text(indent:)`` with members in the order given.
public enum JSONText: Sendable {
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
        String(decoding: utf8(indent: indent), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``text(indent:)``. O(size).
    func utf8(indent: Int = 2) -> [UInt8] {
        var writer = JSONTextWriter(indent: indent)
        writer.write(self, depth: 0)
        if indent > 0 { writer.out.append(UInt8(ascii: "\n")) }
        return writer.out
    }
}

/// Prints a ``JSONText`` as UTF-8 into one growing buffer.
private struct JSONTextWriter {
    let indent: Int
    var out: [UInt8] = []

    init(indent: Int) { self.indent = indent }

    /// A line break and the indentation of `depth` (nothing on one line).
    private mutating func newline(_ depth: Int) {
        guard indent > 0 else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    private mutating func append(_ s: String) { out.append(contentsOf: s.utf8) }

    private mutating func quote(_ s: String) { JSONWriter.quote(s, into: &out) }

    mutating func write(_ value: JSONText, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): append(AHAPNumberFormatter.string(n))
        case .string(let s): quote(s)
        case .array(let items):
            guard !items.isEmpty else {
                append("[]")
                return
            }
            // Arrays of numbers stay on one line: timings and amplitudes read as rows.
            let flat = items.allSatisfy { if case .number = $0 { true } else { false } }
            out.append(UInt8(ascii: "["))
            for i in items.indices {
                if i > 0 {
                    out.append(UInt8(ascii: ","))
                    if flat && indent > 0 { out.append(UInt8(ascii: " ")) }
                }
                if !flat { newline(depth + 1) }
                write(items[i], depth: depth + 1)
            }
            if !flat { newline(depth) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                append("{}")
                return
            }
            out.append(UInt8(ascii: "{"))
            for i in members.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                quote(members[i].0)
                out.append(UInt8(ascii: ":"))
                if indent > 0 { out.append(UInt8(ascii: " ")) }
                write(members[i].1, depth: depth + 1)
            }
            newline(depth)
            out.append(UInt8(ascii: "}"))
        }
    }
}
