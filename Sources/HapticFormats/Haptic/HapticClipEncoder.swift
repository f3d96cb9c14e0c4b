import HapticPattern

/// Writes a ``HapticClip`` as `.haptic` JSON: `version`, `metadata`, `signals` in the spec's
/// order, breakpoints as given, numbers in shortest round-trip form, the frequency envelope
/// always present (`[]` when empty, as the spec's minimal example). O(breakpoints).
public struct HapticClipEncoder: Sendable {
    /// Spaces per nesting level.
    public var indent: Int

    public init(indent: Int = 2) {
        self.indent = max(0, indent)
    }

    /// The UTF-8 bytes of the clip, ending with a newline.
    public func encode(_ clip: HapticClip) -> [UInt8] {
        json(clip).utf8(indent: indent)
    }

    /// The clip as a JSON value.
    public func json(_ clip: HapticClip) -> JSONText {
        let v = clip.version
        var metadata: [(String, JSONText)] = []
        let m = clip.metadata
        for (key, value) in [
            ("editor", m.editor), ("author", m.author), ("source", m.source),
            ("project", m.project),
        ] {
            if let value { metadata.append((key, .string(value))) }
        }
        metadata.append(("tags", .array(m.tags.map(JSONText.string))))
        if let d = m.description { metadata.append(("description", .string(d))) }
        let amplitude: [JSONText] = clip.amplitude.map { p in
            var fields: [(String, JSONText)] = [
                ("time", .number(p.time)), ("amplitude", .number(p.amplitude)),
            ]
            if let e = p.emphasis {
                fields.append(
                    (
                        "emphasis",
                        .object([
                            ("amplitude", .number(e.amplitude)),
                            ("frequency", .number(e.frequency)),
                        ])
                    ))
            }
            return .object(fields)
        }
        let frequency: [JSONText] = clip.frequency.map {
            .object([("time", .number($0.time)), ("frequency", .number($0.frequency))])
        }
        return .object([
            (
                "version",
                .object([
                    ("major", .integer(v.major)), ("minor", .integer(v.minor)),
                    ("patch", .integer(v.patch)),
                ])
            ),
            ("metadata", .object(metadata)),
            (
                "signals",
                .object([
                    (
                        "continuous",
                        .object([
                            (
                                "envelopes",
                                .object([
                                    ("amplitude", .array(amplitude)),
                                    ("frequency", .array(frequency)),
                                ])
                            )
                        ])
                    )
                ])
            ),
        ])
    }
}
