import FoundationEssentials

/// JSON `null` in the `[String: Any]` trees ``StableJSON`` writes (`NSNull` without Foundation).
public struct JSONNull: Sendable, Hashable {
    public init() {}
}

/// JSON text with sorted keys, so the same value always gives the same bytes.
///
/// The bytes are those `JSONSerialization` (swift-corelibs-foundation) wrote with
/// `[.sortedKeys, .withoutEscapingSlashes]` (`.prettyPrinted` when `pretty`), which this
/// replaces so the Kit needs no Foundation: two-space indent and `" : "` when pretty; keys
/// ordered case-insensitively with digit runs compared by value (`"a9"` before `"a10"`);
/// numbers as Swift prints them, a trailing `.0` dropped; `"`, `\`, and control characters
/// escaped, `/` not. Values: `String`, `Bool`, integers, `Double`/`Float` (finite), arrays,
/// `[String: Any]`, ``JSONNull`` and `nil`. O(size of the value).
public enum StableJSON {
    public struct InvalidValue: Error, CustomStringConvertible {
        public var description: String
    }

    /// The JSON text of `value`.
    public static func text(_ value: Any, pretty: Bool = true) throws(InvalidValue) -> String {
        var writer = Writer(pretty: pretty)
        try writer.write(value)
        return writer.output
    }

    /// The JSON text of `value` as UTF-8 bytes, for writing to a file or a stream.
    public static func data(_ value: Any, pretty: Bool = true) throws(InvalidValue) -> Data {
        Data(try text(value, pretty: pretty).utf8)
    }

    /// Orders keys the way `JSONSerialization`'s `.sortedKeys` did: case-insensitively,
    /// digit runs by numeric value, ties broken by plain string order.
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let iEnd = x[i...].firstIndex { !isDigit($0) } ?? x.count
                let jEnd = y[j...].firstIndex { !isDigit($0) } ?? y.count
                let m = x[i..<iEnd].drop { $0 == "0" }
                let n = y[j..<jEnd].drop { $0 == "0" }
                if m.count != n.count { return m.count < n.count }
                for (p, q) in zip(m, n) where p != q { return p.value < q.value }
                i = iEnd
                j = jEnd
                continue
            }
            let p = folded(x[i])
            let q = folded(y[j])
            if p != q { return p < q }
            i += 1
            j += 1
        }
        if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
        return a < b
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    private static func folded(_ s: Unicode.Scalar) -> UInt32 {
        (s.value >= 0x41 && s.value <= 0x5A)
            ? s.value + 0x20
            : (s.properties.lowercaseMapping.unicodeScalars.first?.value ?? s.value)
    }

    private struct Writer {
        let pretty: Bool
        var output = ""
        var indent = 0

        mutating func write(_ value: Any?) throws(InvalidValue) {
            guard let value else {
                output += "null"
                return
            }
            switch value {
            case let string as String: writeString(string)
            case let bool as Bool: output += bool.description
            case let number as Int: output += number.description
            case let number as Int64: output += number.description
            case let number as Int32: output += number.description
            case let number as UInt: output += number.description
            case let number as UInt64: output += number.description
            case let number as UInt32: output += number.description
            case let array as [Any?]: try writeArray(array)
            case let object as [String: Any?]: try writeObject(object)
            case let number as Double: try writeFloat(number)
            case let number as Float: try writeFloat(number)
            case is JSONNull: output += "null"
            default: throw InvalidValue(description: "Invalid object cannot be serialized")
            }
        }

        mutating func writeString(_ string: String) {
            output += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\u{8}": output += "\\b"
                case "\u{c}": output += "\\f"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{0}"..."\u{f}": output += "\\u000" + String(scalar.value, radix: 16)
                case "\u{10}"..."\u{1f}": output += "\\u00" + String(scalar.value, radix: 16)
                default: output.unicodeScalars.append(scalar)
                }
            }
            output += "\""
        }

        mutating func writeFloat<T: FloatingPoint & LosslessStringConvertible>(_ number: T)
            throws(InvalidValue)
        {
            guard number.isFinite else {
                throw InvalidValue(description: "Invalid number value (\(number)) in JSON write")
            }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            output += text
        }

        mutating func writeArray(_ array: [Any?]) throws(InvalidValue) {
            output += "["
            if pretty {
                output += "\n"
                indent += 2
            }
            for (index, element) in array.enumerated() {
                if index > 0 { output += pretty ? ",\n" : "," }
                if pretty { writeIndent() }
                try write(element)
            }
            if pretty {
                output += "\n"
                indent -= 2
                writeIndent()
            }
            output += "]"
        }

        mutating func writeObject(_ object: [String: Any?]) throws(InvalidValue) {
            output += "{"
            if pretty {
                output += "\n"
                indent += 2
                if !object.isEmpty { writeIndent() }
            }
            for (index, key) in object.keys.sorted(by: StableJSON.keyPrecedes).enumerated() {
                if index > 0 {
                    output += pretty ? ",\n" : ","
                    if pretty { writeIndent() }
                }
                writeString(key)
                output += pretty ? " : " : ":"
                try write(object[key]!)
            }
            if pretty {
                output += "\n"
                indent -= 2
                writeIndent()
            }
            output += "}"
        }

        mutating func writeIndent() { output += String(repeating: " ", count: indent) }
    }
}
