/// The parsing state machine behind ``JSONParser`` and ``JSONTape/parse(_:maximumValues:)``:
/// reads UTF-8 bytes and appends one ``JSONTape/Node`` per value and key.
///
/// Works on an unsafe buffer that the caller keeps alive for the duration of the call.
/// Iterative, with an explicit container stack of at most ``JSONParser/maximumDepth``
/// frames. O(input bytes).
struct JSONScanner {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line before `i` (only strings hold
    /// non-ASCII, and strings never span lines, so this makes columns count scalars).
    var continuationBytesOnLine = 0
    /// Values still allowed (``JSONParser/maximumValues`` counting down).
    var valuesLeft: Int
    /// The document being built (see ``JSONTape``). Nodes are written through the
    /// storage's pointer: an `Array` would check uniqueness on every append.
    var nodes: JSONNodeStorage
    var nodeCount = 0
    var decodedText: [UInt8] = []
    var trailingCommas: [JSONPosition] = []
    var hadByteOrderMark = false

    init(_ buffer: UnsafeBufferPointer<UInt8>, maximumValues: Int = .max) {
        b = buffer
        valuesLeft = maximumValues
        // Typical AHAP text needs one node per ~9 bytes; reserving that up front saves the
        // copies of repeated growth (pages are only touched as nodes are written). Capped
        // (128 MiB of nodes) so that absurd inputs grow on demand instead.
        nodes = JSONNodeStorage(capacity: min(buffer.count / 8, 1 << 22) + 16)
    }

    var position: JSONPosition {
        JSONPosition(line: line, column: i - lineStart - continuationBytesOnLine + 1, offset: i)
    }

    func error(_ kind: JSONSyntaxError.Kind, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(kind, at: position, message)
    }

    @inline(__always) var atEnd: Bool { i >= b.count }

    @inline(__always) mutating func skipWhitespace() {
        while i < b.count {
            let c = b[i]
            if c > 0x20 { return }  // the usual case: a token starts right here
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

    /// Appends a node that starts at `start` (a position of this input, so it fits 32 bits).
    @inline(__always) mutating func append(
        _ kind: JSONTape.Kind, at start: JSONPosition, payload: UInt64 = 0, count: Int = 0
    ) {
        if nodeCount == nodes.capacity { nodes = nodes.doubled(keeping: nodeCount) }
        (nodes.base + nodeCount).initialize(
            to: JSONTape.Node(
                payload: payload, count: UInt32(truncatingIfNeeded: count),
                offset: UInt32(truncatingIfNeeded: start.offset),
                line: UInt32(truncatingIfNeeded: start.line),
                column: UInt32(truncatingIfNeeded: start.column), kind: kind))
        nodeCount += 1
    }

    /// One open container on the explicit stack: plain values, so pushing and popping
    /// retains nothing.
    struct Frame {
        /// The container's node, completed when it closes.
        var node: Int
        var isObject: Bool
        var count = 0
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONTape {
        guard b.count <= JSONTape.maximumInputBytes else {
            throw JSONSyntaxError(
                .tooManyValues, at: JSONPosition(line: 1, column: 1, offset: 0),
                "The input is 4 GiB or larger; the parser reads smaller documents only.")
        }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            i = 3
            lineStart = 3
            hadByteOrderMark = true
        }
        skipWhitespace()
        if atEnd {
            throw error(
                .empty, "The file is empty; an AHAP file is a JSON object with a `Pattern` array.")
        }

        var frames: [Frame] = []
        parseValue: while true {
            skipWhitespace()
            let start = position
            guard i < b.count else {
                throw error(
                    .syntax, "The file ends where a value was expected; it may be truncated.")
            }
            guard valuesLeft > 0 else {
                throw error(
                    .tooManyValues,
                    "The file holds more JSON values than the limit allows; an AHAP file needs a few per event. It is not parsed further."
                )
            }
            valuesLeft -= 1
            switch b[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = b[i] == UInt8(ascii: "{")
                if frames.count >= JSONParser.maximumDepth {
                    throw error(
                        .tooDeep,
                        "Arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep; AHAP files need only a few levels."
                    )
                }
                i += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let node = nodeCount
                append(isObject ? .object : .array, at: start, payload: UInt64(node + 1))
                if i < b.count, b[i] == closer {
                    i += 1  // empty: complete already
                } else {
                    frames.append(Frame(node: node, isObject: isObject))
                    if isObject { try readKey() }
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                try readString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try readNumber()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                append(.true, at: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                append(.false, at: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                append(.null, at: start)
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw error(
                    .nonFiniteLiteral,
                    "`NaN` and `Infinity` are not JSON numbers and have no meaning in AHAP; write a finite number."
                )
            default:
                throw unexpectedCharacterError(expected: "a value")
            }

            // A value is complete: count it in its container, closing containers as needed.
            while true {
                let depth = frames.count
                guard depth > 0 else { break parseValue }
                frames[depth - 1].count += 1
                let isObject = frames[depth - 1].isObject
                skipWhitespace()
                guard i < b.count else {
                    let opened = nodes.base[frames[depth - 1].node].position
                    throw error(
                        .syntax,
                        "The file ends inside an \(isObject ? "object" : "array") opened at \(opened); it may be truncated."
                    )
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
                        if isObject { try readKey() }
                        continue parseValue
                    }
                }
                if b[i] == closer {
                    i += 1
                    let frame = frames.removeLast()
                    nodes.base[frame.node].payload = UInt64(nodeCount)
                    nodes.base[frame.node].count = UInt32(truncatingIfNeeded: frame.count)
                    continue
                }
                throw unexpectedCharacterError(expected: isObject ? "`,` or `}`" : "`,` or `]`")
            }
        }
        skipWhitespace()
        if i < b.count {
            throw unexpectedCharacterError(
                expected: "the end of the file (the top-level value is already complete)")
        }
        return JSONTape(
            nodes: nodes, nodeCount: nodeCount, decodedText: decodedText,
            trailingCommas: trailingCommas,
            hadByteOrderMark: hadByteOrderMark)
    }

    /// Reads `"key"` (appending its node) and the following `:`.
    mutating func readKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard i < b.count else {
            throw error(.syntax, "The file ends inside an object; it may be truncated.")
        }
        guard b[i] == UInt8(ascii: "\"") else {
            throw unexpectedCharacterError(expected: "a key in double quotes")
        }
        try readString()
        skipWhitespace()
        guard i < b.count, b[i] == UInt8(ascii: ":") else {
            let key = lastString
            if i >= b.count {
                throw error(.syntax, "The file ends after the key \"\(key)\"; it may be truncated.")
            }
            throw unexpectedCharacterError(expected: "`:` after the key \"\(key)\"")
        }
        i += 1
    }

    func unexpectedCharacterError(expected: String) -> JSONSyntaxError {
        guard i < b.count else {
            return error(
                .syntax, "The file ends where \(expected) was expected; it may be truncated.")
        }
        let c = b[i]
        if c == UInt8(ascii: "/") {
            return error(
                .comment,
                "Comments are not allowed in JSON (Core Haptics cannot load this file); remove the comment."
            )
        }
        if c >= 0x80 {
            return error(
                .invalidUTF8,
                "Unexpected non-ASCII byte 0x\(String(c, radix: 16, uppercase: true)) where \(expected) was expected; remove it."
            )
        }
        let shown: String
        if c >= 0x20 && c < 0x7F {
            shown = "`\(Character(Unicode.Scalar(c)))`"
        } else {
            shown = "control byte 0x\(String(c, radix: 16, uppercase: true))"
        }
        var hint = ""
        if c == UInt8(ascii: "'") { hint = " JSON strings use double quotes." }
        if c == UInt8(ascii: ",") { hint = " Remove the extra comma." }
        return error(.syntax, "Expected \(expected) but found \(shown).\(hint)")
    }

    mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        var n = 0
        var ok = true
        for u in literal.utf8 {
            if i + n >= b.count || b[i + n] != u {
                ok = false
                break
            }
            n += 1
        }
        guard ok else {
            throw unexpectedCharacterError(
                expected:
                    "a value (`true`, `false`, `null`, a number, a string, an array or an object)")
        }
        i += n
    }
}
