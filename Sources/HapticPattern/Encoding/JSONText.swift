/// A JSON value to write, members in the order given: what the `.haptic`, Android and report
/// writers build, printed by ``JSONWriter`` (``text(indent:)``).
public enum JSONText: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// An integer value.
    public static func integer(_ n: Int) -> JSONText { .number(Double(n)) }

    /// The JSON text: `indent` spaces per level (0 for one line), arrays of numbers on one
    /// line, a final newline when indented. O(size).
    public func text(indent: Int = 2) -> String {
        String(decoding: utf8(indent: indent), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``text(indent:)``. O(size).
    package func utf8(indent: Int = 2) -> [UInt8] {
        var writer = JSONWriter(layout: .indented(indent))
        writer.value(self)
        if indent > 0 { writer.raw("\n") }
        return writer.bytes
    }
}

extension JSONWriter {
    /// Writes `value`; an array of numbers only is begun `inline` (timings and amplitudes read
    /// as rows).
    package mutating func value(_ value: JSONText) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let items):
            beginArray(inline: items.allSatisfy { if case .number = $0 { true } else { false } })
            for item in items {
                element()
                self.value(item)
            }
            endArray()
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(name)
                self.value(member)
            }
            endObject()
        }
    }
}
