import HapticPattern

/// Pattern dictionaries (`[CHHapticPattern.Key: Any]`) to AHAP text and back.
enum PatternDictionary {
    /// `dictionary` as JSON text, for the strict AHAP decoder to check. Keys may be
    /// ``CHHapticPattern/Key``s or strings; values strings, numbers, booleans, the ID types
    /// (any string-backed `RawRepresentable`), arrays and dictionaries. Keys are written in
    /// sorted order, so equal dictionaries give equal text.
    /// - Throws: ``CHHapticError/Code/invalidPatternDictionary`` for any other value.
    static func json(_ dictionary: [CHHapticPattern.Key: Any]) throws -> [UInt8] {
        var out = ""
        try write(
            Dictionary(uniqueKeysWithValues: dictionary.map { ($0.key.rawValue, $0.value) }),
            to: &out)
        return Array(out.utf8)
    }

    private static func write(_ value: Any, to out: inout String) throws {
        switch value {
        case let b as Bool:
            out += b ? "true" : "false"
        case let s as String:
            writeString(s, to: &out)
        case let d as Double:
            try writeNumber(d, to: &out)
        case let f as Float:
            try writeNumber(Double(f), to: &out)
        case let i as Int:
            out += String(i)
        case let i as any BinaryInteger:
            out += String(describing: i)
        case let f as any BinaryFloatingPoint:
            try writeNumber(Double(f), to: &out)
        case let r as any RawRepresentable:
            guard let s = r.rawValue as? String else {
                throw invalid("a value of type \(type(of: value))")
            }
            writeString(s, to: &out)
        case let a as [Any]:
            out += "["
            for (i, element) in a.enumerated() {
                if i > 0 { out += "," }
                try write(element, to: &out)
            }
            out += "]"
        case let d as [AnyHashable: Any]:
            var entries: [(String, Any)] = []
            for (key, element) in d {
                if let k = key.base as? CHHapticPattern.Key {
                    entries.append((k.rawValue, element))
                } else if let k = key.base as? String {
                    entries.append((k, element))
                } else {
                    throw invalid("a key of type \(type(of: key.base))")
                }
            }
            out += "{"
            for (i, (key, element)) in entries.sorted(by: { $0.0 < $1.0 }).enumerated() {
                if i > 0 { out += "," }
                writeString(key, to: &out)
                out += ":"
                try write(element, to: &out)
            }
            out += "}"
        default:
            throw invalid("a value of type \(type(of: value))")
        }
    }

    private static func writeNumber(_ d: Double, to out: inout String) throws {
        guard d.isFinite else { throw invalid("the number \(d)") }
        out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    private static func writeString(_ s: String, to out: inout String) {
        JSONWriter.quote(s, into: &out)
    }

    private static func invalid(_ what: String) -> CHHapticError {
        CHHapticError(
            .invalidPatternDictionary,
            message: "the pattern dictionary holds \(what), which AHAP cannot express")
    }

    /// `pattern` as a dictionary of AHAP keys: nested dictionaries keyed by
    /// ``CHHapticPattern/Key``, types and IDs as their ID structs, numbers as `Double`.
    static func dictionary(_ pattern: HapticPattern) -> [CHHapticPattern.Key: Any] {
        typealias Key = CHHapticPattern.Key
        var items: [Any] = []
        for e in pattern.events {
            var event: [Key: Any] = [
                .eventType: CHHapticEvent.EventType(e.type.rawValue), .time: e.time,
            ]
            if let d = e.duration { event[.eventDuration] = d }
            if let path = e.waveformPath { event[.eventWaveformPath] = path }
            if let v = e.waveformUsesVolumeEnvelope { event[.eventWaveformUseVolumeEnvelope] = v }
            if let v = e.waveformLoopEnabled { event[.eventWaveformLoopEnabled] = v }
            let parameters: [Any] = e.parameters.setIDs.map { id -> [Key: Any] in
                [
                    .parameterID: CHHapticEvent.ParameterID(id.rawValue),
                    .parameterValue: e.parameters[id] ?? 0,
                ]
            }
            if !parameters.isEmpty { event[.eventParameters] = parameters }
            items.append([Key.event: event])
        }
        for p in pattern.parameters {
            items.append([
                Key.parameter: [
                    Key.parameterID: CHHapticDynamicParameter.ID(p.id.rawValue), Key.time: p.time,
                    Key.parameterValue: p.value,
                ] as [Key: Any]
            ])
        }
        for c in pattern.curves {
            let points: [Any] = c.points.map {
                [Key.time: $0.time, Key.parameterValue: $0.value] as [Key: Any]
            }
            items.append([
                Key.parameterCurve: [
                    Key.parameterID: CHHapticDynamicParameter.ID(c.id.rawValue), Key.time: c.time,
                    Key.parameterCurveControlPoints: points,
                ] as [Key: Any]
            ])
        }
        return [.version: pattern.version, .pattern: items]
    }
}
