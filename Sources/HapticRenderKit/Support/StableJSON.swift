import FoundationEssentials
import HapticPattern

/// JSON `null` in the `[String: Any]` trees ``StableJSON`` writes (`NSNull` without Foundation).
public struct JSONNull: Sendable, Hashable {
    public init() {}
}

/// JSON text of `[String: Any]` trees with sorted keys, so the same value always gives the same
/// bytes: the lint, inspect, bench and actuator reports.
///
/// Written by the package's one JSON writer (HapticPattern's `JSONWriter`, numbers in its one
/// format) in the bytes `JSONSerialization` (swift-corelibs-foundation) wrote with
/// `[.sortedKeys, .withoutEscapingSlashes]` (`.prettyPrinted` when `pretty`), which this
/// replaces so the Kit needs no Foundation: two-space indent and `" : "` when pretty; keys
/// ordered case-insensitively with digit runs compared by value (`"a9"` before `"a10"`).
/// Values: `String`, `Bool`, integers, `Double`/`Float` (finite), arrays, `[String: Any]`,
/// ``JSONNull`` and `nil`. O(size of the value).
public enum StableJSON {
    public struct InvalidValue: Error, CustomStringConvertible {
        public var description: String
    }

    /// The JSON text of `value`.
    public static func text(_ value: Any, pretty: Bool = true) throws(InvalidValue) -> String {
        var writer = JSONWriter(layout: pretty ? .foundationPretty : .compact)
        try write(value, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The JSON text of `value` as UTF-8 bytes, for writing to a file or a stream.
    public static func data(_ value: Any, pretty: Bool = true) throws(InvalidValue) -> Data {
        Data(try text(value, pretty: pretty).utf8)
    }

    private static func write(_ value: Any?, to w: inout JSONWriter) throws(InvalidValue) {
        guard let value else { return w.null() }
        switch value {
        case let string as String: w.string(string)
        case let bool as Bool: w.bool(bool)
        case let number as Int: w.integer(number)
        case let number as Int64: w.integer(number)
        case let number as Int32: w.integer(number)
        case let number as UInt: w.integer(number)
        case let number as UInt64: w.integer(number)
        case let number as UInt32: w.integer(number)
        case let array as [Any?]:
            w.beginArray()
            for element in array {
                w.element()
                try write(element, to: &w)
            }
            w.endArray()
        case let object as [String: Any?]:
            w.beginObject()
            for key in object.keys.sorted(by: keyPrecedes) {
                w.key(key)
                try write(object[key]!, to: &w)
            }
            w.endObject()
        case let number as Double:
            guard number.isFinite else { throw invalid(number) }
            w.number(number)
        case let number as Float:
            guard number.isFinite else { throw invalid(number) }
            w.number(number)
        case is JSONNull: w.null()
        default: throw InvalidValue(description: "Invalid object cannot be serialized")
        }
    }

    private static func invalid<F: FloatingPoint>(_ number: F) -> InvalidValue {
        InvalidValue(description: "Invalid number value (\(number)) in JSON write")
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

}
