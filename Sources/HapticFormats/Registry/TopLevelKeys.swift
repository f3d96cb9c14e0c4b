/// One member of a JSON document's top-level object: its key (escapes kept as written) and
/// its value's first byte (`{` for an object, `"` for a string …).
package struct TopLevelMember: Sendable, Hashable {
    package var key: String
    package var valueStart: UInt8
}

/// The keys of a JSON document's top-level object, each with its value's first byte, read
/// without parsing the values (strings, escapes and nesting are skipped byte by byte): what
/// format detection reads. O(bytes), no tree built.
struct TopLevelKeys {
    let bytes: [UInt8]
    var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The members, or nil when the top level is not a well-formed object's outline.
    mutating func members() -> [TopLevelMember]? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        guard next() == UInt8(ascii: "{") else { return nil }
        var result: [TopLevelMember] = []
        while true {
            guard let c = next() else { return nil }
            if c == UInt8(ascii: "}") { return result }
            guard c == UInt8(ascii: "\""), let key = string(), next() == UInt8(ascii: ":"),
                let value = next()
            else { return nil }
            result.append(TopLevelMember(key: key, valueStart: value))
            i -= 1
            guard skipValue(), let separator = next() else { return nil }
            if separator == UInt8(ascii: "}") { return result }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    /// The next byte that is not JSON whitespace, consumed.
    private mutating func next() -> UInt8? {
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c != 0x20 && c != 0x0A && c != 0x0D && c != 0x09 { return c }
        }
        return nil
    }

    /// The rest of a string whose opening quote is consumed (escapes kept as written).
    private mutating func string() -> String? {
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
            default: i += 1
            }
        }
        return nil
    }

    /// Skips one value (any nesting) starting at the next non-space byte.
    private mutating func skipValue() -> Bool {
        guard let first = next() else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 1
            while depth > 0 {
                guard i < bytes.count else { return false }
                let c = bytes[i]
                i += 1
                switch c {
                case UInt8(ascii: "\""): guard string() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
            }
            return true
        default:  // a scalar: up to the next separator or space
            let ends: [UInt8] = [
                UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09,
            ]
            while i < bytes.count, !ends.contains(bytes[i]) { i += 1 }
            return true
        }
    }
}
