/// Writes JSON text as UTF-8, one value at a time: the writer every JSON the package produces
/// goes through — AHAP files, `.haptic` clips, Android effects and loss reports, the lint,
/// inspect, bench and actuator reports, the audition page's data — so they all spell numbers
/// and strings alike.
///
/// - Numbers: ``JSONNumberFormatter``, the shortest text that reads back to the same value.
/// - Strings: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`, all else
///   as is (`/` too); with ``escapesForScript`` also `<`, U+2028 and U+2029 (`\u003c` …), so
///   the text can sit inside an HTML `<script>` element.
/// - Layout: ``Layout``.
///
/// Call ``key(_:)`` before each member of an object and ``element()`` before each element of
/// an array, then write the value:
///
/// ```swift
/// var w = JSONWriter(layout: .compact)
/// w.beginObject(); w.key("a"); w.beginArray(); w.element(); w.number(1); w.endArray(); w.endObject()
/// // {"a":[1]}
/// ```
package struct JSONWriter {
    /// Where whitespace goes.
    package enum Layout: Sendable, Hashable {
        /// None: `{"a":[1,2]}`.
        case compact
        /// `n` spaces per level, one member or element per line, `"key": value`, an empty
        /// container `{}` or `[]`; an array begun `inline` stays on one line (`[1, 2]`).
        /// `indented(0)` is ``compact``.
        case indented(Int)
        /// What Foundation's `JSONSerialization` writes with `.prettyPrinted`: two spaces per
        /// level, `"key" : value`, every array broken, an empty container opened on lines of
        /// its own (`[\n\n]`) — the bytes the lint, inspect, bench and actuator reports have
        /// always had.
        case foundationPretty
    }

    package let layout: Layout
    /// Escape `<`, U+2028 and U+2029 too (JSON inside an HTML `<script>` element).
    package var escapesForScript = false
    /// The text so far.
    package private(set) var bytes: [UInt8] = []
    /// Per open container: whether a member was written, and whether it stays on one line.
    private var open: [(hasMembers: Bool, inline: Bool)] = []

    package init(layout: Layout, reservingCapacity capacity: Int = 4096) {
        self.layout = layout == .indented(0) ? .compact : layout
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Containers

    package mutating func beginObject() { begin(UInt8(ascii: "{"), inline: false) }
    package mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Opens an array; `inline` keeps its elements on one line in the ``Layout/indented(_:)``
    /// layout (rows of numbers).
    package mutating func beginArray(inline: Bool = false) {
        begin(UInt8(ascii: "["), inline: inline)
    }
    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Starts the next member of the open object: its name and the separator before its value.
    package mutating func key(_ name: String) {
        separate()
        string(name)
        switch layout {
        case .compact: bytes.append(UInt8(ascii: ":"))
        case .indented: bytes.append(contentsOf: [UInt8(ascii: ":"), 0x20])
        case .foundationPretty: bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        }
    }

    /// Starts the next element of the open array.
    package mutating func element() { separate() }

    private mutating func begin(_ opener: UInt8, inline: Bool) {
        bytes.append(opener)
        open.append((false, inline))
        if layout == .foundationPretty { bytes.append(0x0A) }
    }

    private mutating func end(_ closer: UInt8) {
        let container = open.removeLast()
        switch layout {
        case .compact: break
        case .indented:
            if container.hasMembers && !container.inline { newline() }
        case .foundationPretty: newline()
        }
        bytes.append(closer)
    }

    /// The comma and line break (or space) before a member or element.
    private mutating func separate() {
        guard let container = open.last else { return }
        if container.hasMembers { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].hasMembers = true
        switch layout {
        case .compact: break
        case .indented:
            if !container.inline {
                newline()
            } else if container.hasMembers {
                bytes.append(0x20)
            }
        case .foundationPretty:
            if container.hasMembers { bytes.append(0x0A) }
            indentation()
        }
    }

    /// A line break and the indentation of the open containers.
    private mutating func newline() {
        bytes.append(0x0A)
        indentation()
    }

    private mutating func indentation() {
        let width =
            switch layout {
            case .compact: 0
            case .indented(let n): n
            case .foundationPretty: 2
            }
        bytes.append(contentsOf: repeatElement(0x20, count: width * open.count))
    }

    // MARK: - Scalars

    package mutating func null() { bytes.append(contentsOf: "null".utf8) }
    package mutating func bool(_ b: Bool) { bytes.append(contentsOf: (b ? "true" : "false").utf8) }
    package mutating func number(_ d: Double) {
        bytes.append(contentsOf: JSONNumberFormatter.string(d).utf8)
    }
    package mutating func number(_ f: Float) {
        bytes.append(contentsOf: JSONNumberFormatter.string(f).utf8)
    }
    package mutating func integer<I: BinaryInteger>(_ i: I) {
        bytes.append(contentsOf: i.description.utf8)
    }
    /// An array of numbers, on one line in the ``Layout/indented(_:)`` layout.
    package mutating func numbers(_ values: [Double]) {
        beginArray(inline: true)
        for v in values {
            element()
            number(v)
        }
        endArray()
    }
    package mutating func string(_ s: String) {
        Self.quote(s, into: &bytes, forScript: escapesForScript)
    }
    /// Text already in JSON form (a number spelled by its owner, such as AHAP's `Version`).
    package mutating func raw(_ json: String) { bytes.append(contentsOf: json.utf8) }

    // MARK: - Strings

    /// `s` as a JSON string literal (the rules in the type's description). O(length).
    package static func quote(_ s: String, into out: inout [UInt8], forScript: Bool = false) {
        out.append(UInt8(ascii: "\""))
        // Fast path: nothing to escape (keys, IDs, base64).
        if s.utf8.allSatisfy({
            $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && !(forScript && ($0 == 0x3C || $0 == 0xE2))
        }) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        func hex(_ value: UInt32) {
            let digits = String(value, radix: 16)
            out.append(contentsOf: "\\u".utf8)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - digits.count))
            out.append(contentsOf: digits.utf8)
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\u{8}": out.append(contentsOf: "\\b".utf8)
            case "\u{C}": out.append(contentsOf: "\\f".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            case "\u{0}"..."\u{1F}": hex(u.value)
            case "<" where forScript, "\u{2028}" where forScript, "\u{2029}" where forScript:
                hex(u.value)
            default: UTF8.encode(u) { out.append($0) }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
