import HapticPattern

/// Pattern dictionaries (`[CHHapticPattern.Key: Any]`) to AHAP text and back.
enum PatternDictionary {
    /// `dictionary` as JSON text, for the strict AHAP decoder to check, written by the package's
    /// one ``JSONWriter`` (compact, its number format). Values may be what Foundation's
    /// `JSONSerialization` reads (strings, `NSNumber`s, arrays, dictionaries) or what an app
    /// writes (Swift numbers and booleans, the ID types, nested dictionaries with `String`
    /// keys). Keys are written in sorted order, so equal dictionaries give equal text; a `Float`
    /// is written as the `Double` it converts to, the value the decoder would read from it.
    /// - Throws: ``CHHapticError/Code/invalidPatternDictionary`` for any other value, or a
    ///   number JSON cannot hold (NaN, infinity).
    static func json(_ dictionary: [CHHapticPattern.Key: Any]) throws -> [UInt8] {
        var out = JSONWriter(layout: .compact)
        try write(dictionary, to: &out)
        return out.bytes
    }

    private static func write(_ value: Any, to out: inout JSONWriter) throws {
        if let b = value as? Bool, isBoolean(value) {
            out.bool(b)
            return
        }
        switch value {
        case let s as String:
            out.string(s)
        case let i as Int:
            out.integer(i)
        case let d as Double:
            try writeNumber(d, to: &out)
        case let f as Float:
            try writeNumber(Double(f), to: &out)
        case let i as any BinaryInteger:
            out.integer(i)
        case let f as any BinaryFloatingPoint:
            try writeNumber(Double(f), to: &out)
        case let r as any RawRepresentable:
            guard let s = r.rawValue as? String else {
                throw invalid("a value of type \(type(of: value))")
            }
            out.string(s)
        case let a as [Any]:
            out.beginArray()
            for element in a {
                out.element()
                try write(element, to: &out)
            }
            out.endArray()
        case let d as [AnyHashable: Any]:
            var entries: [(String, Any)] = []
            for (key, element) in d {
                guard let k = key.base as? String else {
                    throw invalid("a key of type \(type(of: key.base))")
                }
                entries.append((k, element))
            }
            out.beginObject()
            for (key, element) in entries.sorted(by: { $0.0 < $1.0 }) {
                out.key(key)
                try write(element, to: &out)
            }
            out.endObject()
        default:
            throw invalid("a value of type \(type(of: value))")
        }
    }

    /// Whether `value` is a boolean rather than a number: a Swift `Bool`, or the boolean
    /// `NSNumber` (`__NSCFBoolean`) `JSONSerialization` reads `true` and `false` as — an
    /// `NSNumber` of 1 or 0 also casts to `Bool`, so the cast alone cannot tell them apart.
    private static func isBoolean(_ value: Any) -> Bool {
        let type = type(of: value)
        return type == Bool.self || String(describing: type).hasSuffix("Boolean")
    }

    private static func writeNumber(_ d: Double, to out: inout JSONWriter) throws {
        guard d.isFinite else { throw invalid("the number \(d)") }
        out.number(d)
    }

    private static func invalid(_ what: String) -> CHHapticError {
        CHHapticError(
            .invalidPatternDictionary,
            message: "the pattern dictionary holds \(what), which AHAP cannot express")
    }

    /// `pattern` as a dictionary of AHAP keys, of the values `JSONSerialization` writes: nested
    /// `[String: Any]` dictionaries, `[Any]` arrays, types and IDs as strings, numbers as
    /// `Double`, flags as `Bool`.
    static func dictionary(_ pattern: HapticPattern) -> [CHHapticPattern.Key: Any] {
        var items: [Any] = []
        for e in pattern.events {
            var event: [CHHapticPattern.Key: Any] = [.eventType: e.type.rawValue, .time: e.time]
            if let d = e.duration { event[.eventDuration] = d }
            if let path = e.waveformPath { event[.eventWaveformPath] = path }
            if let v = e.waveformUsesVolumeEnvelope { event[.eventWaveformUseVolumeEnvelope] = v }
            if let v = e.waveformLoopEnabled { event[.eventWaveformLoopEnabled] = v }
            let parameters: [Any] = e.parameters.setIDs.map { id -> [CHHapticPattern.Key: Any] in
                [.parameterID: id.rawValue, .parameterValue: e.parameters[id] ?? 0]
            }
            if !parameters.isEmpty { event[.eventParameters] = parameters }
            items.append([CHHapticPattern.Key.event: event])
        }
        for p in pattern.parameters {
            let parameter: [CHHapticPattern.Key: Any] = [
                .parameterID: p.id.rawValue, .time: p.time, .parameterValue: p.value,
            ]
            items.append([CHHapticPattern.Key.parameter: parameter])
        }
        for c in pattern.curves {
            let points: [Any] = c.points.map {
                [.time: $0.time, .parameterValue: $0.value] as [CHHapticPattern.Key: Any]
            }
            let curve: [CHHapticPattern.Key: Any] = [
                .parameterID: c.id.rawValue, .time: c.time, .parameterCurveControlPoints: points,
            ]
            items.append([CHHapticPattern.Key.parameterCurve: curve])
        }
        return [.version: pattern.version, .pattern: items]
    }
}
