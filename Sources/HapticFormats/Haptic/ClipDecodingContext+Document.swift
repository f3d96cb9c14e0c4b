import HapticPattern

extension ClipDecodingContext {
    /// Decodes a whole document; `nil` (with one error) when the file as a whole is unusable.
    mutating func decodeDocument(_ bytes: [UInt8]) -> HapticClip? {
        guard
            let (top, position) = topLevelObject(
                bytes, noun: "clip",
                shape: "a .haptic clip is a JSON object with `version`, `metadata` and `signals`")
        else { return nil }
        checkKeys(top, known: ["version", "metadata", "signals"], path: "")
        guard let version = decodeVersion(top, at: position) else { return nil }
        var metadata = HapticClip.Metadata()
        if let m = member(top, "metadata") { metadata = decodeMetadata(m) }
        guard let signals = requiredObject(top, "signals", in: "", at: position) else {
            return nil
        }
        checkKeys(signals.members, known: ["continuous"], path: signals.path)
        guard
            let continuous = requiredObject(
                signals.members, "continuous", in: signals.path, at: position),
            let envelopes = requiredObject(
                continuous.members, "envelopes", in: continuous.path, at: position)
        else { return nil }
        checkKeys(continuous.members, known: ["envelopes"], path: continuous.path)
        checkKeys(envelopes.members, known: ["amplitude", "frequency"], path: envelopes.path)
        guard
            let amplitude = decodeAmplitudeEnvelope(
                envelopes.members, path: envelopes.path, at: position)
        else {
            return nil
        }
        let frequency = decodeFrequencyEnvelope(
            envelopes.members, path: envelopes.path, amplitude: amplitude)
        guard
            checkLimits(
                amplitude.count + frequency.count,
                end: max(amplitude.last?.time ?? 0, frequency.last?.time ?? 0))
        else { return nil }
        return HapticClip(
            version: version, metadata: metadata, amplitude: amplitude, frequency: frequency)
    }

    /// `version`: required, an object of integers; major 1 only.
    private mutating func decodeVersion(_ top: [JSONMember], at position: JSONPosition)
        -> HapticClip.Version?
    {
        guard let versionMember = member(top, "version") else {
            add(
                .error, .hapticMissingKey, "", position,
                "The required key `version` is missing; a .haptic clip starts with \"version\": {\"major\": 1, \"minor\": 0, \"patch\": 0}."
            )
            return nil
        }
        guard let fields = versionMember.value.objectMembers else {
            add(
                .error, .valueWrongType, "version", versionMember.value.position,
                "`version` must be an object like {\"major\": 1, \"minor\": 0, \"patch\": 0} but is \(versionMember.value.typeDescription)."
            )
            return nil
        }
        checkKeys(fields, known: ["major", "minor", "patch"], path: "version")
        var parts: [Int] = []
        for name in ["major", "minor", "patch"] {
            let path = "version." + name
            guard let field = member(fields, name) else {
                if name == "major" {
                    add(
                        .error, .hapticMissingKey, "version", versionMember.value.position,
                        "`version` has no `major`; this module reads major version 1.")
                    return nil
                }
                add(
                    .note, .hapticMissingKey, "version", versionMember.value.position,
                    "`version` has no `\(name)`; it is read as 0 (the spec lists major, minor and patch, the SDKs default the last two)."
                )
                parts.append(0)
                continue
            }
            guard case .number(let n, true) = field.value.kind, n >= 0, n <= Double(Int32.max)
            else {
                let found =
                    switch field.value.kind {
                    case .number(let n, let isInteger):
                        isInteger && abs(n) < 9e15 ? "\(Int64(n))" : "\(n)"
                    default: field.value.typeDescription
                    }
                add(
                    .error, .valueWrongType, path, field.value.position,
                    "`\(path)` must be a whole number from 0 to \(Int32.max) written without a fraction or exponent (like 1), not \(found)."
                )
                return nil
            }
            parts.append(Int(n))
        }
        let version = HapticClip.Version(major: parts[0], minor: parts[1], patch: parts[2])
        guard version.major == HapticClip.Version.current.major else {
            add(
                .error, .versionUnsupported, "version.major",
                member(fields, "major")?.value.position,
                "Version \(version) is not supported; this module reads .haptic version 1.x.")
            return nil
        }
        if version != .current {
            add(
                .note, .versionUnsupported, "version", versionMember.value.position,
                "Version \(version) is newer than 1.0.0; it is read as 1.0.0 and fields added since are ignored."
            )
        }
        return version
    }

    /// `metadata`: optional, free text; a wrong type is reported and ignored.
    private mutating func decodeMetadata(_ m: JSONMember) -> HapticClip.Metadata {
        guard let fields = m.value.objectMembers else {
            violation(
                .metadataNotObject, "metadata", m.value.position,
                "`metadata` must be an object but is \(m.value.typeDescription).",
                repair: "It is ignored.")
            return HapticClip.Metadata()
        }
        var metadata = HapticClip.Metadata()
        for field in fields {
            let path = "metadata." + field.key
            if field.key == "tags" {
                guard let tags = field.value.arrayElements else {
                    violation(
                        .valueWrongType, path, field.value.position,
                        "`metadata.tags` must be an array of strings but is \(field.value.typeDescription).",
                        repair: "It is ignored.")
                    continue
                }
                metadata.tags = tags.compactMap(\.stringValue)
                if metadata.tags.count != tags.count {
                    violation(
                        .valueWrongType, path, field.value.position,
                        "`metadata.tags` holds values that are not strings.",
                        repair: "They are ignored.")
                }
                continue
            }
            let slot: WritableKeyPath<HapticClip.Metadata, String?>
            switch field.key {
            case "editor": slot = \.editor
            case "author": slot = \.author
            case "source": slot = \.source
            case "project": slot = \.project
            case "description": slot = \.description
            default:
                add(
                    .note, .keyUnknown, path, field.keyPosition,
                    "Unknown metadata key `\(field.key)`; it is ignored.")
                continue
            }
            guard let text = field.value.stringValue else {
                violation(
                    .valueWrongType, path, field.value.position,
                    "`\(path)` must be a string but is \(field.value.typeDescription).",
                    repair: "It is ignored.")
                continue
            }
            metadata[keyPath: slot] = text
        }
        return metadata
    }

    /// Caps on breakpoints and length (``PatternLimits``); one error when one is crossed.
    private mutating func checkLimits(_ breakpoints: Int, end: Double) -> Bool {
        if breakpoints > limits.maxCurvePoints {
            add(
                .error, .limitCurvePoints, "signals.continuous.envelopes", nil,
                "The clip has \(breakpoints) breakpoints, more than the limit of \(limits.maxCurvePoints) (maxCurvePoints)."
            )
            return false
        }
        if end > limits.maxDurationSeconds {
            add(
                .error, .limitDuration, "signals.continuous.envelopes", nil,
                "The clip lasts \(end) s, more than the limit of \(limits.maxDurationSeconds) s (maxDurationSeconds)."
            )
            return false
        }
        return true
    }
}
