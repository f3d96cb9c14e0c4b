/// Writes a ``HapticPattern`` as canonical AHAP JSON.
///
/// Canonical output: `Version`, then `Metadata` (if any, stored order), then `Pattern`
/// with all items merged in time order (stable; on equal times events come first, then
/// parameters, then curves), a fixed key order inside each item, numbers in shortest
/// round-trip form (`Version` with a decimal point, `1.0`) and `indent`-space pretty printing. For every pattern the decoder
/// accepts, `decode(encode(p)).pattern == p`. O(n) in the pattern size (the model's lists
/// are already sorted; canonicalizing a hand-built pattern first is the caller's choice).
public struct AHAPEncoder: Sendable {
    /// Spaces per nesting level (2 or 4 are usual).
    public var indent: Int

    public init(indent: Int = 2) {
        self.indent = max(0, indent)
    }

    /// The UTF-8 bytes of the canonical AHAP document, ending with a newline.
    public func encode(_ pattern: HapticPattern) -> [UInt8] {
        var w = JSONWriter(indent: indent)
        w.beginObject()
        w.key("Version")
        w.version(pattern.version)
        if !pattern.metadata.isEmpty {
            w.key("Metadata")
            w.metadata(.object(pattern.metadata))
        }
        w.key("Pattern")
        w.beginArray()
        var e = 0
        var p = 0
        var c = 0
        let events = pattern.events
        let parameters = pattern.parameters
        let curves = pattern.curves
        while e < events.count || p < parameters.count || c < curves.count {
            // The earliest item, events first on a tie. Written as "no other is earlier" so
            // that a hand-built pattern's NaN time still picks an item that exists.
            let hasEvent = e < events.count
            let hasParameter = p < parameters.count
            let hasCurve = c < curves.count
            w.element()
            w.beginObject()
            if hasEvent && !(hasParameter && parameters[p].time < events[e].time)
                && !(hasCurve && curves[c].time < events[e].time)
            {
                w.key("Event")
                w.event(events[e])
                e += 1
            } else if hasParameter && !(hasCurve && curves[c].time < parameters[p].time) {
                w.key("Parameter")
                w.parameter(parameters[p])
                p += 1
            } else {
                w.key("ParameterCurve")
                w.curve(curves[c])
                c += 1
            }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.out.append(UInt8(ascii: "\n"))
        return w.out
    }

    /// The canonical AHAP document as text.
    public func encodeString(_ pattern: HapticPattern) -> String {
        String(decoding: encode(pattern), as: UTF8.self)
    }
}

/// A minimal pretty-printing JSON writer used by ``AHAPEncoder``, writing UTF-8.
package struct JSONWriter {
    let indent: Int
    var out: [UInt8] = []
    /// Per open container: whether it already has a member.
    private var hasMembers: [Bool] = []

    init(indent: Int) {
        self.indent = indent
        out.reserveCapacity(4096)
    }

    private mutating func append(_ s: String) { out.append(contentsOf: s.utf8) }

    /// A line break and the indentation of the current depth.
    private mutating func newline() {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * hasMembers.count))
    }

    private mutating func separator() {
        if hasMembers.last == true { out.append(UInt8(ascii: ",")) }
        if !hasMembers.isEmpty { hasMembers[hasMembers.count - 1] = true }
        newline()
    }

    mutating func beginObject() {
        out.append(UInt8(ascii: "{"))
        hasMembers.append(false)
    }
    mutating func beginArray() {
        out.append(UInt8(ascii: "["))
        hasMembers.append(false)
    }

    mutating func endObject() { end(UInt8(ascii: "}")) }
    mutating func endArray() { end(UInt8(ascii: "]")) }

    private mutating func end(_ closer: UInt8) {
        let had = hasMembers.removeLast()
        if had { newline() }
        out.append(closer)
    }

    mutating func key(_ k: String) {
        separator()
        string(k)
        append(": ")
    }

    /// Starts an array element.
    mutating func element() { separator() }

    mutating func number(_ d: Double) { append(AHAPNumberFormatter.string(d)) }

    /// `Version` as Core Haptics' documentation and samples write it, a real number (`1.0`,
    /// `1.1`): an integer `1` loads the same but the decoder notes it.
    mutating func version(_ d: Double) {
        let text = AHAPNumberFormatter.string(d)
        append(text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0")
    }

    mutating func string(_ s: String) { Self.quote(s, into: &out) }

    /// `s` as a JSON string literal: `"`, `\`, and control characters escaped (`\n`, `\r`, `\t`,
    /// else `\u00XX`), everything else as is. O(length).
    package static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Fast path: nothing to escape (all AHAP keys and IDs).
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out.append(
                        contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                            .utf8)
                } else {
                    UTF8.encode(u) { out.append($0) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// ``quote(_:into:)`` appended to a string.
    package static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        quote(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    mutating func bool(_ b: Bool) { append(b ? "true" : "false") }

    mutating func metadata(_ v: MetadataValue) {
        switch v {
        case .null: append("null")
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let a):
            beginArray()
            for x in a {
                element()
                metadata(x)
            }
            endArray()
        case .object(let entries):
            beginObject()
            for entry in entries {
                key(entry.key)
                metadata(entry.value)
            }
            endObject()
        }
    }

    mutating func event(_ e: HapticEvent) {
        beginObject()
        key("Time")
        number(e.time)
        key("EventType")
        string(e.type.rawValue)
        if let d = e.duration {
            key("EventDuration")
            number(d)
        }
        if let path = e.waveformPath {
            key("EventWaveformPath")
            string(path)
        }
        if let v = e.waveformUsesVolumeEnvelope {
            key("EventWaveformUseVolumeEnvelope")
            bool(v)
        }
        if let v = e.waveformLoopEnabled {
            key("EventWaveformLoopEnabled")
            bool(v)
        }
        key("EventParameters")
        beginArray()
        for id in e.parameters.setIDs {
            guard let value = e.parameters[id] else { continue }
            element()
            beginObject()
            key("ParameterID")
            string(id.rawValue)
            key("ParameterValue")
            number(value)
            endObject()
        }
        endArray()
        endObject()
    }

    mutating func parameter(_ p: DynamicParameter) {
        beginObject()
        key("ParameterID")
        string(p.id.rawValue)
        key("Time")
        number(p.time)
        key("ParameterValue")
        number(p.value)
        endObject()
    }

    mutating func curve(_ c: ParameterCurve) {
        beginObject()
        key("ParameterID")
        string(c.id.rawValue)
        key("Time")
        number(c.time)
        key("ParameterCurveControlPoints")
        beginArray()
        for point in c.points {
            element()
            beginObject()
            key("Time")
            number(point.time)
            key("ParameterValue")
            number(point.value)
            endObject()
        }
        endArray()
        endObject()
    }
}
