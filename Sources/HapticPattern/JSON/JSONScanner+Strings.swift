/// String literals (values and keys).
extension JSONScanner {
    /// Reads a string starting at the opening quote and appends its node. Fast path: plain
    /// ASCII without escapes is not copied, the node points at the input.
    mutating func readString() throws(JSONSyntaxError) {
        let open = position
        i += 1
        let start = i
        i = plainRunEnd(from: i)
        if i < b.count, b[i] == UInt8(ascii: "\"") {
            append(.string, at: open, payload: UInt64(start), count: i - start)
            i += 1
            return
        }
        try readStringSlow(start: start, open: open)
    }

    /// The index of the first byte at or after `from` that ends a plain run inside a
    /// string — `"`, `\`, a control byte or a non-ASCII byte — or `b.count`.
    ///
    /// Tests eight bytes per step with the classic SWAR "has a byte less than n" and
    /// "has a zero byte" tricks; the lowest flagged byte is always a true hit (a borrow
    /// only runs upward from a true hit), which is the only one used. O(run length).
    @inline(__always) func plainRunEnd(from: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var j = from
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while j + 8 <= b.count {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                let quote = x ^ (ones &* 0x22)
                let backslash = x ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((x &- ones &* 0x20) & ~x) | x
                let hits = special & highs
                if hits != 0 { return j + hits.trailingZeroBitCount / 8 }
                j += 8
            }
        }
        while j < b.count {
            let c = b[j]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 {
                return j
            }
            j += 1
        }
        return j
    }

    /// The text of the string node appended last (for messages about a key).
    var lastString: String {
        let node = nodes.base[nodeCount - 1]
        let start = Int(node.payload)
        let end = start + Int(node.count)
        return node.kind == .string
            ? String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
            : String(decoding: decodedText[start..<end], as: UTF8.self)
    }

    /// Continues a string that has escapes or non-ASCII bytes: unescapes it into
    /// ``JSONTape/decodedText``, validating UTF-8.
    private mutating func readStringSlow(start: Int, open: JSONPosition) throws(JSONSyntaxError) {
        let textStart = decodedText.count
        decodedText.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i]))
        var sawNonASCII = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                if sawNonASCII {
                    guard String(validating: decodedText[textStart...], as: UTF8.self) != nil else {
                        throw JSONSyntaxError(
                            .invalidUTF8, at: open,
                            "This string is not valid UTF-8; save the file as UTF-8.")
                    }
                }
                append(
                    .decodedString, at: open, payload: UInt64(textStart),
                    count: decodedText.count - textStart)
                return
            }
            if c < 0x20 {
                if c == 0x0A {
                    throw JSONSyntaxError(
                        .syntax, at: open,
                        "This string is not closed before the end of the line; add the closing `\"`."
                    )
                }
                throw error(
                    .syntax,
                    "Control byte 0x\(String(c, radix: 16, uppercase: true)) inside a string; escape it or remove it."
                )
            }
            if c >= 0x80 {
                sawNonASCII = true
                if c & 0xC0 == 0x80 { continuationBytesOnLine += 1 }
                decodedText.append(c)
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): decodedText.append(0x22)
                case UInt8(ascii: "\\"): decodedText.append(0x5C)
                case UInt8(ascii: "/"): decodedText.append(0x2F)
                case UInt8(ascii: "b"): decodedText.append(0x08)
                case UInt8(ascii: "f"): decodedText.append(0x0C)
                case UInt8(ascii: "n"): decodedText.append(0x0A)
                case UInt8(ascii: "r"): decodedText.append(0x0D)
                case UInt8(ascii: "t"): decodedText.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"),
                            b[i + 1] == UInt8(ascii: "u")
                        else {
                            throw error(
                                .syntax,
                                "A `\\u` escape holds half of a surrogate pair; write the full character."
                            )
                        }
                        i += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error(
                                .syntax,
                                "A `\\u` escape holds half of a surrogate pair; write the full character."
                            )
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error(
                            .syntax,
                            "A `\\u` escape holds half of a surrogate pair; write the full character."
                        )
                    }
                    guard let u = Unicode.Scalar(scalar) else {
                        throw error(.syntax, "Invalid `\\u` escape.")
                    }
                    if let encoded = UTF8.encode(u) { decodedText.append(contentsOf: encoded) }
                default:
                    i -= 1
                    throw error(
                        .syntax,
                        "Invalid escape `\\\(Character(Unicode.Scalar(e)))` in a string; write `\\\\` for a backslash."
                    )
                }
                continue
            }
            decodedText.append(c)
            i += 1
        }
        throw JSONSyntaxError(
            .syntax, at: open, "This string is not closed; the file may be truncated.")
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= b.count else {
            throw error(.syntax, "A `\\u` escape needs four hex digits.")
        }
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
}
