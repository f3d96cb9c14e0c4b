import HapticPattern

extension HJIFDecodingContext {
    /// Decodes a whole document; `nil` (with one error) when the file as a whole is unusable.
    mutating func decodeDocument(_ bytes: [UInt8]) -> HJIFExperience? {
        guard
            let (top, position) = topLevelObject(
                bytes, noun: "file",
                shape:
                    "an .hjif file is a JSON object with `version`, `timescale` and `perceptions`")
        else { return nil }
        checkKeys(
            top,
            known: [
                "version", "profile", "level", "date", "description", "timescale", "avatars",
                "syncs", "perceptions",
            ], path: "")
        var experience = HJIFExperience()
        let at = position
        experience.version = string(top, "version", in: "", at: at, fallback: "2023")
        if !Self.isEdition(experience.version) {
            add(
                .note, .versionUnsupported, "version", member(top, "version")?.value.position,
                "Version \"\(experience.version)\" is not an edition year (like \"2023\" or \"2023-1\"); the file is read as the 2023 edition."
            )
        }
        experience.profile = string(top, "profile", in: "", at: at, fallback: "Main")
        experience.level = integer(top, "level", in: "", at: at, fallback: 1) ?? 1
        experience.date = string(top, "date", in: "", at: at, fallback: "")
        experience.description = string(top, "description", in: "", at: at, fallback: "")
        experience.timescale = decodeTimescale(top, at: at)
        let finest =
            experience.profile == "Simple Parametric" ? 1000 : HJIFExperience.writtenTimescale
        if experience.timescale > finest, let m = member(top, "timescale") {
            violation(
                .hjifValueOutOfRange, "timescale", m.value.position,
                "The \(experience.profile) profile allows a timescale up to \(finest) ticks per second, not \(experience.timescale).",
                repair: "It is read as given.")
        }
        for key in ["avatars", "syncs"] {
            if member(top, key) == nil {
                violation(
                    .hjifMissingKey, "", at, "The key `\(key)` is missing from the top level.",
                    repair: "It is read as [].")
            } else {
                _ = array(top, key, in: "", at: at, required: false)
            }
        }
        guard let perceptions = array(top, "perceptions", in: "", at: at) else { return nil }
        for (i, value) in perceptions.elements.enumerated() {
            let path = "\(perceptions.path)[\(i)]"
            guard let members = value.objectMembers else {
                violation(
                    .valueWrongType, path, value.position,
                    "`\(path)` must be an object but is \(value.typeDescription).",
                    repair: "It is skipped.")
                continue
            }
            if let p = decodePerception(members, path: path, at: value.position) {
                experience.perceptions.append(p)
            }
            if overLimit { return nil }
        }
        return experience
    }

    /// Whether `version` is an edition: four digits, optionally `-N`.
    static func isEdition(_ version: String) -> Bool {
        let parts = version.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let year = parts.first, year.count == 4, year.allSatisfy(\.isASCII),
            let y = Int(year), y >= 2023
        else { return false }
        return parts.count == 1
            || (parts[1].allSatisfy { $0.isASCII && $0.isNumber } && !parts[1].isEmpty)
    }

    /// `timescale`: ticks per second, a whole number ≥ 1; 1000 where it is absent.
    private mutating func decodeTimescale(_ top: [JSONMember], at position: JSONPosition) -> Int {
        let fallback = HJIFExperience.defaultTimescale
        guard let m = member(top, "timescale") else {
            add(
                .note, .hjifMissingKey, "", position,
                "The top level has no `timescale`; times are read in milliseconds (1000 ticks per second, the standard's default)."
            )
            return fallback
        }
        guard let n = wholeNumber(m.value, "timescale", fallback: nil) else { return fallback }
        guard n >= 1, n <= 1_000_000_000 else {
            violation(
                .hjifValueOutOfRange, "timescale", m.value.position,
                "`timescale` must be from 1 to 1000000000 ticks per second, not \(n).",
                repair: "It is read as \(fallback).")
            return fallback
        }
        return n
    }

    /// One perception; nil when it is unusable (reported).
    private mutating func decodePerception(
        _ members: [JSONMember], path: String, at position: JSONPosition
    ) -> HJIFPerception? {
        checkKeys(
            members,
            known: [
                "id", "avatar_id", "description", "perception_modality", "priority",
                "unit_exponent", "perception_unit_exponent", "effect_semantic_scheme",
                "reference_devices", "effect_library", "channels",
            ], path: path)
        var p = HJIFPerception()
        p.id = integer(members, "id", in: path, at: position, fallback: 0) ?? 0
        p.avatarID = integer(members, "avatar_id", in: path, at: position, fallback: 0) ?? 0
        p.description = string(members, "description", in: path, at: position, fallback: "")
        p.modality = string(
            members, "perception_modality", in: path, at: position, fallback: "Vibrotactile")
        if !Self.modalities.contains(p.modality) {
            violation(
                .hjifUnknownName, join(path, "perception_modality"),
                member(members, "perception_modality")?.value.position,
                "`\(p.modality)` is not a perception modality (\(Self.modalities.sorted().joined(separator: ", "))).",
                repair: "The perception is read as Other.")
            p.modality = "Other"
        }
        if let devices = array(
            members, "reference_devices", in: path, at: position, required: false)
        {
            for (i, value) in devices.elements.enumerated() {
                if let d = decodeDevice(value, path: "\(devices.path)[\(i)]") {
                    p.referenceDevices.append(d)
                }
            }
        }
        if member(members, "effect_library") == nil {
            violation(
                .hjifMissingKey, path, position,
                "The key `effect_library` is missing from `\(path)`.", repair: "It is read as [].")
        } else if let library = array(
            members, "effect_library", in: path, at: position, required: false)
        {
            for (i, value) in library.elements.enumerated() {
                let here = "\(library.path)[\(i)]"
                guard let e = decodeEffect(value, path: here, band: nil, depth: 0) else {
                    if overLimit { return nil }
                    continue
                }
                if e.id == nil {
                    violation(
                        .hjifMissingKey, here, value.position,
                        "A library effect needs an `id`: references play it by that id.",
                        repair: "It is skipped.")
                    continue
                }
                p.effectLibrary.append(e)
            }
        }
        libraryIDs = Set(p.effectLibrary.compactMap(\.id))
        guard let channels = array(members, "channels", in: path, at: position) else { return nil }
        for (i, value) in channels.elements.enumerated() {
            let here = "\(channels.path)[\(i)]"
            guard let c = value.objectMembers else {
                violation(
                    .valueWrongType, here, value.position,
                    "`\(here)` must be an object but is \(value.typeDescription).",
                    repair: "It is skipped.")
                continue
            }
            if let channel = decodeChannel(c, path: here, at: value.position) {
                p.channels.append(channel)
            }
            if overLimit { return nil }
        }
        return p
    }

    /// The perception modalities of the key tree.
    static let modalities: Set<String> = [
        "Other", "Pressure", "Acceleration", "Velocity", "Position", "Temperature",
        "Vibrotactile", "Water", "Wind", "Force", "VibrotactileTexture", "Stiffness", "Friction",
        "Electrotactile",
    ]

    /// One reference device: `id` and `name` required, the vibrotactile fields read, the
    /// rest (mass, impedance, …) known and ignored.
    private mutating func decodeDevice(_ value: JSONValue, path: String) -> HJIFReferenceDevice? {
        guard
            let members = object(
                value, path: path,
                known: [
                    "id", "name", "body_part_mask", "minimum_frequency", "maximum_frequency",
                    "resonance_frequency", "maximum_amplitude", "impedance", "maximum_voltage",
                    "maximum_current", "maximum_displacement", "weight", "size", "custom", "type",
                ])
        else { return nil }
        guard let id = integer(members, "id", in: path, at: value.position, fallback: nil) else {
            return nil
        }
        var d = HJIFReferenceDevice(
            id: id, name: string(members, "name", in: path, at: value.position, fallback: ""))
        if member(members, "type") != nil {
            let type = string(members, "type", in: path, at: value.position, fallback: "Unknown")
            if ["Unknown", "LRA", "VCA", "ERM", "Piezo"].contains(type) {
                d.type = type
            } else {
                violation(
                    .hjifUnknownName, join(path, "type"), member(members, "type")?.value.position,
                    "`\(type)` is not a device type (Unknown, LRA, VCA, ERM, Piezo).",
                    repair: "It is read as Unknown.")
                d.type = "Unknown"
            }
        }
        d.minimumFrequency = number(members, "minimum_frequency", in: path)?.value
        d.maximumFrequency = number(members, "maximum_frequency", in: path)?.value
        d.resonanceFrequency = number(members, "resonance_frequency", in: path)?.value
        return d
    }

    /// One channel: its gains and bands.
    private mutating func decodeChannel(
        _ members: [JSONMember], path: String, at position: JSONPosition
    ) -> HJIFChannel? {
        checkKeys(
            members,
            known: [
                "id", "description", "gain", "mixing_coefficient", "body_part_mask", "priority",
                "reference_device_id", "frequency_sampling", "sample_count", "direction",
                "actuator_resolution", "body_part_target", "actuator_target", "vertices",
                "bands",
            ], path: path)
        var c = HJIFChannel()
        c.id = integer(members, "id", in: path, at: position, fallback: 0) ?? 0
        c.description = string(members, "description", in: path, at: position, fallback: "")
        c.gain = scale(members, "gain", in: path, at: position)
        c.mixingCoefficient = scale(members, "mixing_coefficient", in: path, at: position)
        c.bodyPartMask =
            integer(members, "body_part_mask", in: path, at: position, fallback: 0) ?? 0
        c.referenceDeviceID = integer(
            members, "reference_device_id", in: path, at: position, fallback: nil, optional: true)
        guard let bands = array(members, "bands", in: path, at: position) else { return nil }
        for (i, value) in bands.elements.enumerated() {
            if let band = decodeBand(value, path: "\(bands.path)[\(i)]") {
                c.bands.append(band)
            }
            if overLimit { return nil }
        }
        return c
    }

    /// A channel's `gain` or `mixing_coefficient`: a finite number ≥ 0, 1 where absent.
    private mutating func scale(
        _ members: [JSONMember], _ key: String, in path: String, at position: JSONPosition
    ) -> Double {
        guard let (n, at) = number(members, key, in: path) else {
            if member(members, key) == nil {
                violation(
                    .hjifMissingKey, path, position,
                    "The key `\(key)` is missing from `\(path)`.", repair: "It is read as 1.")
            }
            return 1
        }
        guard n >= 0, n <= 1_000 else {
            violation(
                .hjifValueOutOfRange, join(path, key), at,
                "`\(join(path, key))` must be from 0 to 1000, not \(n).",
                repair: n < 0 ? "It is read as 0." : "It is read as 1000.")
            return min(max(n, 0), 1_000)
        }
        return n
    }
}
