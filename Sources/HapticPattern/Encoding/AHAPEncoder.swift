/// Writes a ``HapticPattern`` as canonical AHAP JSON.
///
/// Canonical output: `Version`, then `Metadata` (if any, stored order), then `Pattern`
/// with all items merged in time order (stable; on equal times events come first, then
/// parameters, then curves), a fixed key order inside each item, numbers in shortest
/// round-trip form (``JSONNumberFormatter``; `Version` with a decimal point, `1.0`) and
/// `indent`-space pretty printing (``JSONWriter``; 0 writes one line). For every pattern the decoder
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
        var w = JSONWriter(layout: .indented(indent))
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
        w.raw("\n")
        return w.bytes
    }

    /// The canonical AHAP document as text.
    package func encodeString(_ pattern: HapticPattern) -> String {
        String(decoding: encode(pattern), as: UTF8.self)
    }
}

/// What an AHAP document's parts look like in JSON.
extension JSONWriter {
    /// `Version` as Core Haptics' documentation and samples write it, a real number (`1.0`,
    /// `1.1`): an integer `1` loads the same but the decoder notes it.
    fileprivate mutating func version(_ d: Double) {
        let text = JSONNumberFormatter.string(d)
        raw(text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0")
    }

    fileprivate mutating func metadata(_ v: MetadataValue) {
        switch v {
        case .null: null()
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

    fileprivate mutating func event(_ e: HapticEvent) {
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

    fileprivate mutating func parameter(_ p: DynamicParameter) {
        beginObject()
        key("ParameterID")
        string(p.id.rawValue)
        key("Time")
        number(p.time)
        key("ParameterValue")
        number(p.value)
        endObject()
    }

    fileprivate mutating func curve(_ c: ParameterCurve) {
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
