import HapticPattern

/// Writes an ``HJIFExperience`` as `.hjif` JSON, every key the key tree requires in its order
/// (`version`, `profile`, `level`, `date`, `description`, `timescale`, `avatars`, `syncs`,
/// `perceptions`), no avatar (the perception's `avatar_id` 0 is the unspecified one, and an
/// avatar may not take id 0), numbers in shortest round-trip form. O(keyframes).
public struct HJIFEncoder: Sendable {
    /// Spaces per nesting level.
    public var indent: Int

    public init(indent: Int = 2) {
        self.indent = max(0, indent)
    }

    /// The UTF-8 bytes of the experience, ending with a newline.
    public func encode(_ experience: HJIFExperience) -> [UInt8] {
        json(experience).utf8(indent: indent)
    }

    /// The experience as a JSON value.
    public func json(_ x: HJIFExperience) -> JSONText {
        .object([
            ("version", .string(x.version)), ("profile", .string(x.profile)),
            ("level", .integer(x.level)), ("date", .string(x.date)),
            ("description", .string(x.description)), ("timescale", .integer(x.timescale)),
            ("avatars", .array([])),
            ("syncs", .array([])),
            ("perceptions", .array(x.perceptions.map(perception))),
        ])
    }

    private func perception(_ p: HJIFPerception) -> JSONText {
        .object([
            ("id", .integer(p.id)), ("avatar_id", .integer(p.avatarID)),
            ("description", .string(p.description)),
            ("perception_modality", .string(p.modality)),
            ("reference_devices", .array(p.referenceDevices.map(device))),
            ("effect_library", .array(p.effectLibrary.map(effect))),
            ("channels", .array(p.channels.map(channel))),
        ])
    }

    private func device(_ d: HJIFReferenceDevice) -> JSONText {
        var fields: [(String, JSONText)] = [("id", .integer(d.id)), ("name", .string(d.name))]
        if let f = d.minimumFrequency { fields.append(("minimum_frequency", .number(f))) }
        if let f = d.maximumFrequency { fields.append(("maximum_frequency", .number(f))) }
        if let f = d.resonanceFrequency { fields.append(("resonance_frequency", .number(f))) }
        if let t = d.type { fields.append(("type", .string(t))) }
        return .object(fields)
    }

    private func channel(_ c: HJIFChannel) -> JSONText {
        var fields: [(String, JSONText)] = [
            ("id", .integer(c.id)), ("description", .string(c.description)),
            ("gain", .number(c.gain)), ("mixing_coefficient", .number(c.mixingCoefficient)),
            ("body_part_mask", .integer(c.bodyPartMask)),
        ]
        if let id = c.referenceDeviceID { fields.append(("reference_device_id", .integer(id))) }
        fields.append(("bands", .array(c.bands.map(band))))
        return .object(fields)
    }

    private func band(_ b: HJIFBand) -> JSONText {
        var fields: [(String, JSONText)] = [("band_type", .string(b.kind.rawValue))]
        if let c = b.curveType { fields.append(("curve_type", .string(c))) }
        fields += [
            ("lower_frequency_limit", .integer(b.lowerFrequencyLimit)),
            ("upper_frequency_limit", .integer(b.upperFrequencyLimit)),
            ("effects", .array(b.effects.map(effect))),
        ]
        return .object(fields)
    }

    private func effect(_ e: HJIFEffect) -> JSONText {
        var fields: [(String, JSONText)] = [("effect_type", .string(e.kind.rawValue))]
        if let id = e.id { fields.append(("id", .integer(id))) }
        fields.append(("position", .integer(e.position)))
        if let s = e.baseSignal { fields.append(("base_signal", .string(s))) }
        fields.append(("keyframes", .array(e.keyframes.map(keyframe))))
        if e.kind == .composite { fields.append(("timeline", .array(e.timeline.map(effect)))) }
        return .object(fields)
    }

    private func keyframe(_ k: HJIFKeyframe) -> JSONText {
        var fields: [(String, JSONText)] = []
        if let t = k.relativePosition { fields.append(("relative_position", .integer(t))) }
        if let a = k.amplitude { fields.append(("amplitude_modulation", .number(a))) }
        if let f = k.frequency {
            fields.append(
                (
                    "frequency_modulation",
                    f == f.rounded() && abs(f) < 9e15 ? .integer(Int(f)) : .number(f)
                ))
        }
        return .object(fields)
    }
}
