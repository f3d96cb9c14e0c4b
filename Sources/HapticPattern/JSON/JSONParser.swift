/// A hand-written JSON parser over UTF-8 bytes that records the line:column of every
/// value and key and builds an ordered tree (``JSONValue``).
///
/// Design choices:
/// * **Iterative**, with an explicit container stack limited to ``maximumDepth`` levels,
///   so hostile input (`[[[[…`) produces a clear error instead of a stack overflow.
/// * **Trailing commas** (`[1, 2,]`, `{"a": 1,}`) are always tolerated by the parser and
///   reported in ``JSONDocument/trailingCommas``; the AHAP decoder turns each into a
///   warning (lenient) or an error (strict). Everything else follows RFC 8259 strictly:
///   no comments, no `NaN`/`Infinity`, no leading zeros, no single quotes.
/// * Strings are validated as UTF-8; numbers that overflow a Double are errors.
///
/// Complexity: O(n) time in the input length; memory proportional to the input (the tree
/// plus a stack of at most ``maximumDepth`` frames), and at most ~50 bytes per value, so
/// ``maximumValues`` bounds it: `[0,0,…]` costs ~25 bytes of tree per input byte.
public struct JSONParser {
    /// Maximum nesting of arrays/objects. AHAP needs 6; 512 leaves room for odd metadata.
    public static let maximumDepth = 512

    /// Most values (scalars, arrays and objects, keys not counted) in one document; parsing
    /// stops with ``JSONSyntaxError/Kind/tooManyValues`` at the first one over.
    public var maximumValues: Int

    public init(maximumValues: Int = .max) {
        self.maximumValues = maximumValues
    }

    /// Parses `bytes` as one JSON document.
    public func parse(_ bytes: [UInt8]) -> Result<JSONDocument, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maximumValues: maximumValues)
            return Result { () throws(JSONSyntaxError) -> JSONDocument in try scanner.parseDocument() }
        }
    }
}

/// The parsing state machine behind ``JSONParser``. Works on an unsafe buffer that
/// ``JSONParser/parse(_:)`` keeps alive for the duration of the call.
struct JSONScanner {
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line before `i` (only strings hold
    /// non-ASCII, and strings never span lines, so this makes columns count scalars).
    private var continuationBytesOnLine = 0
    private var trailingCommas: [JSONPosition] = []
    /// Values still allowed (``JSONParser/maximumValues`` counting down).
    private var valuesLeft: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, maximumValues: Int = .max) {
        b = buffer
        valuesLeft = maximumValues
    }

    private var position: JSONPosition {
        JSONPosition(line: line, column: i - lineStart - continuationBytesOnLine + 1, offset: i)
    }

    private func error(_ kind: JSONSyntaxError.Kind, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(kind, at: position, message)
    }

    @inline(__always) private var atEnd: Bool { i >= b.count }

    @inline(__always) private mutating func skipWhitespace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                i += 1
            } else if c == 0x0A {
                i += 1
                line += 1
                lineStart = i
                continuationBytesOnLine = 0
            } else {
                return
            }
        }
    }

    /// One open container on the explicit stack.
    private struct Frame {
        var isObject: Bool
        var start: JSONPosition
        var key: String = ""
        var keyPosition: JSONPosition
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        var hadBOM = false
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            i = 3
            lineStart = 3
            hadBOM = true
        }
        skipWhitespace()
        if atEnd { throw error(.empty, "The file is empty; an AHAP file is a JSON object with a `Pattern` array.") }

        var frames: [Frame] = []
        var arrays: [[JSONValue]] = []
        var objects: [[JSONMember]] = []
        var root: JSONValue?

        parseValue: while true {
            skipWhitespace()
            let start = position
            guard i < b.count else { throw error(.syntax, "The file ends where a value was expected; it may be truncated.") }
            guard valuesLeft > 0 else {
                throw error(.tooManyValues, "The file holds more JSON values than the limit allows; an AHAP file needs a few per event. It is not parsed further.")
            }
            valuesLeft -= 1
            var value: JSONValue
            switch b[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = b[i] == UInt8(ascii: "{")
                if frames.count >= JSONParser.maximumDepth {
                    throw error(.tooDeep, "Arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep; AHAP files need only a few levels.")
                }
                i += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < b.count, b[i] == closer {
                    i += 1
                    value = JSONValue(isObject ? .object([]) : .array([]), at: start)
                } else {
                    frames.append(Frame(isObject: isObject, start: start, keyPosition: start))
                    if isObject {
                        // Most AHAP objects have 2–7 members: one allocation instead of three.
                        var members: [JSONMember] = []
                        members.reserveCapacity(4)
                        objects.append(members)
                        try readKey(into: &frames[frames.count - 1])
                    } else {
                        arrays.append([])
                    }
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                value = JSONValue(.string(try readString()), at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try readNumber()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = JSONValue(.bool(true), at: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = JSONValue(.bool(false), at: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = JSONValue(.null, at: start)
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw error(.nonFiniteLiteral, "`NaN` and `Infinity` are not JSON numbers and have no meaning in AHAP; write a finite number.")
            default:
                throw unexpectedCharacterError(expected: "a value")
            }

            // A value is complete: attach it to its container, closing containers as needed.
            while true {
                // Fields are read in place: copying a Frame would retain its key string.
                let depth = frames.count
                guard depth > 0 else {
                    root = value
                    break parseValue
                }
                let isObject = frames[depth - 1].isObject
                if isObject {
                    objects[objects.count - 1].append(
                        JSONMember(key: frames[depth - 1].key, keyPosition: frames[depth - 1].keyPosition, value: value))
                } else {
                    arrays[arrays.count - 1].append(value)
                }
                skipWhitespace()
                guard i < b.count else {
                    throw error(.syntax, "The file ends inside an \(isObject ? "object" : "array") opened at \(frames[depth - 1].start); it may be truncated.")
                }
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if b[i] == UInt8(ascii: ",") {
                    let commaPosition = position
                    i += 1
                    skipWhitespace()
                    if i < b.count, b[i] == closer {
                        // Trailing comma: tolerated here, judged by the decoder.
                        trailingCommas.append(commaPosition)
                    } else {
                        if isObject { try readKey(into: &frames[depth - 1]) }
                        continue parseValue
                    }
                }
                if b[i] == closer {
                    i += 1
                    let start = frames.removeLast().start
                    if isObject {
                        value = JSONValue(.object(objects.removeLast()), at: start)
                    } else {
                        value = JSONValue(.array(arrays.removeLast()), at: start)
                    }
                    continue
                }
                throw unexpectedCharacterError(expected: isObject ? "`,` or `}`" : "`,` or `]`")
            }
        }
        skipWhitespace()
        if i < b.count {
            throw unexpectedCharacterError(expected: "the end of the file (the top-level value is already complete)")
        }
        guard let root else { throw error(.syntax, "No value found.") }
        return JSONDocument(root: root, trailingCommas: trailingCommas, hadByteOrderMark: hadBOM)
    }

    /// Reads `"key"` and the following `:` into `frame`.
    private mutating func readKey(into frame: inout Frame) throws(JSONSyntaxError) {
        skipWhitespace()
        guard i < b.count else { throw error(.syntax, "The file ends inside an object; it may be truncated.") }
        guard b[i] == UInt8(ascii: "\"") else {
            throw unexpectedCharacterError(expected: "a key in double quotes")
        }
        frame.keyPosition = position
        frame.key = try readString()
        skipWhitespace()
        guard i < b.count, b[i] == UInt8(ascii: ":") else {
            if i >= b.count { throw error(.syntax, "The file ends after the key \"\(frame.key)\"; it may be truncated.") }
            throw unexpectedCharacterError(expected: "`:` after the key \"\(frame.key)\"")
        }
        i += 1
    }

    private func unexpectedCharacterError(expected: String) -> JSONSyntaxError {
        guard i < b.count else { return error(.syntax, "The file ends where \(expected) was expected; it may be truncated.") }
        let c = b[i]
        if c == UInt8(ascii: "/") {
            return error(.comment, "Comments are not allowed in JSON (Core Haptics cannot load this file); remove the comment.")
        }
        if c >= 0x80 {
            return error(.invalidUTF8, "Unexpected non-ASCII byte 0x\(String(c, radix: 16, uppercase: true)) where \(expected) was expected; remove it.")
        }
        let shown: String
        if c >= 0x20 && c < 0x7F { shown = "`\(Character(Unicode.Scalar(c)))`" } else { shown = "control byte 0x\(String(c, radix: 16, uppercase: true))" }
        var hint = ""
        if c == UInt8(ascii: "'") { hint = " JSON strings use double quotes." }
        if c == UInt8(ascii: ",") { hint = " Remove the extra comma." }
        return error(.syntax, "Expected \(expected) but found \(shown).\(hint)")
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        var n = 0
        var ok = true
        for u in literal.utf8 {
            if i + n >= b.count || b[i + n] != u { ok = false; break }
            n += 1
        }
        guard ok else { throw unexpectedCharacterError(expected: "a value (`true`, `false`, `null`, a number, a string, an array or an object)") }
        i += n
    }

    // MARK: Strings

    /// Reads a string starting at the opening quote. Fast path for plain ASCII.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let open = position
        i += 1
        let start = i
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            i += 1
        }
        return try readStringSlow(start: start, open: open)
    }

    private mutating func readStringSlow(start: Int, open: JSONPosition) throws(JSONSyntaxError) -> String {
        var bytes = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
        var sawNonASCII = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                if sawNonASCII {
                    guard let s = String(validating: bytes, as: UTF8.self) else {
                        throw JSONSyntaxError(.invalidUTF8, at: open, "This string is not valid UTF-8; save the file as UTF-8.")
                    }
                    return s
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            if c < 0x20 {
                if c == 0x0A { throw JSONSyntaxError(.syntax, at: open, "This string is not closed before the end of the line; add the closing `\"`.") }
                throw error(.syntax, "Control byte 0x\(String(c, radix: 16, uppercase: true)) inside a string; escape it or remove it.")
            }
            if c >= 0x80 {
                sawNonASCII = true
                if c & 0xC0 == 0x80 { continuationBytesOnLine += 1 }
                bytes.append(c)
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw error(.syntax, "A `\\u` escape holds half of a surrogate pair; write the full character.")
                        }
                        i += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error(.syntax, "A `\\u` escape holds half of a surrogate pair; write the full character.")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error(.syntax, "A `\\u` escape holds half of a surrogate pair; write the full character.")
                    }
                    guard let u = Unicode.Scalar(scalar) else {
                        throw error(.syntax, "Invalid `\\u` escape.")
                    }
                    if let encoded = UTF8.encode(u) { bytes.append(contentsOf: encoded) }
                default:
                    i -= 1
                    throw error(.syntax, "Invalid escape `\\\(Character(Unicode.Scalar(e)))` in a string; write `\\\\` for a backslash.")
                }
                continue
            }
            bytes.append(c)
            i += 1
        }
        throw JSONSyntaxError(.syntax, at: open, "This string is not closed; the file may be truncated.")
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= b.count else { throw error(.syntax, "A `\\u` escape needs four hex digits.") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error(.syntax, "A `\\u` escape needs four hex digits.")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    // MARK: Numbers

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always) private func isDigit(_ at: Int) -> Bool {
        at < b.count && b[at] >= UInt8(ascii: "0") && b[at] <= UInt8(ascii: "9")
    }

    /// Reads an RFC 8259 number. Uses Clinger's exact fast path (≤ 2^53 mantissa,
    /// |exponent| ≤ 22) and falls back to the standard library's correctly rounded
    /// conversion otherwise.
    private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        let s = i
        var negative = false
        if b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "I") {
                throw JSONSyntaxError(.nonFiniteLiteral, at: start, "`-Infinity` is not a JSON number and has no meaning in AHAP; write a finite number.")
            }
        }
        guard isDigit(i) else {
            throw JSONSyntaxError(.syntax, at: start, "A number needs digits after `-`.")
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw JSONSyntaxError(.syntax, at: start, "Numbers cannot have leading zeros in JSON; remove them.") }
        } else {
            while isDigit(i) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] - UInt8(ascii: "0"))
                } else {
                    exponent += 1
                }
                significantDigits += 1
                i += 1
            }
        }
        var isInteger = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard isDigit(i) else {
                throw JSONSyntaxError(.syntax, at: start, "A number needs digits after the decimal point.")
            }
            while isDigit(i) {
                let d = UInt64(b[i] - UInt8(ascii: "0"))
                if mantissa == 0 && d == 0 {
                    exponent -= 1  // leading zeros of the fraction: not significant
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ d
                    exponent -= 1
                    significantDigits += 1
                } else {
                    significantDigits += 1
                }
                i += 1
            }
        }
        var explicitExponent = 0
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            var expNegative = false
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            guard isDigit(i) else {
                throw JSONSyntaxError(.syntax, at: start, "A number needs digits after its exponent `e`.")
            }
            while isDigit(i) {
                if explicitExponent < 100_000 { explicitExponent = explicitExponent * 10 + Int(b[i] - UInt8(ascii: "0")) }
                i += 1
            }
            if expNegative { explicitExponent = -explicitExponent }
        }
        var value: Double
        let e = exponent + explicitExponent
        if significantDigits <= 19, mantissa <= (1 << 53), e >= -22, e <= 22 {
            value = Double(mantissa)
            if e < 0 { value /= Self.powersOfTen[-e] } else { value *= Self.powersOfTen[e] }
            if negative { value = -value }
        } else if mantissa == 0 {
            value = negative ? -0.0 : 0
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
            guard let parsed = Double(text) else {
                throw JSONSyntaxError(.syntax, at: start, "`\(text)` is not a valid number.")
            }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
            throw JSONSyntaxError(.numberOverflow, at: start, "The number `\(text)` is too large to represent (beyond ±1.8e308); write a realistic value.")
        }
        return JSONValue(.number(value, isInteger: isInteger), at: start)
    }
}
