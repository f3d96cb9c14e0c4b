extension DecodingContext {
    static let eventSchema = KeySchema(
        known: [
            "EventType", "Time", "EventDuration", "EventParameters", "EventWaveformPath",
            "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled",
        ],
        aliases: ["EventTime": "Time"],
        typos: [
            "duration": ("EventDuration", "this event gets duration 0"),
            "type": ("EventType", "without it the event has no type"),
            "parameters": ("EventParameters", "these parameters are ignored"),
            "waveformpath": ("EventWaveformPath", "the audio file is not found"),
            "starttime": ("Time", "without it the event has no time"),
        ],
        owner: "this event")

    static let eventParameterSchema = KeySchema(
        known: ["ParameterID", "ParameterValue"],
        typos: [
            "value": ("ParameterValue", "this entry has no value"),
            "id": ("ParameterID", "this entry has no ID"),
            "parameter": ("ParameterID", "this entry has no ID"),
        ],
        owner: "this event parameter")

    /// Non-standard event parameter IDs seen in real files that mean one standard ID.
    static let eventParameterAliases: [String: EventParameterID] = [
        "HapticAttackTime": .attackTime, "HapticDecayTime": .decayTime,
        "HapticReleaseTime": .releaseTime, "HapticSustained": .sustained,
        "AudioAttackTime": .attackTime, "AudioDecayTime": .decayTime,
        "AudioReleaseTime": .releaseTime, "AudioSustained": .sustained,
    ]

    /// Decodes one `Event` object; `nil` when the event is broken (see the policy on
    /// ``AHAPDecoder``). O(keys + parameters).
    mutating func decodeEvent(_ value: JSONNode, index: Int) -> HapticEvent? {
        let base = LazyPath(index, "Event")
        let skip = "The event is skipped."
        guard
            let keys = itemKeys(
                value, base: base, what: "Event", schema: Self.eventSchema, skip: skip)
        else { return nil }
        var broken = false

        // EventType (required, −4830; unknown −4821).
        var type: EventType?
        if let member = keys["EventType"] {
            let p = base.key(member)
            if let t = Self.eventTypes.match(member.value) {
                type = t
            } else if member.value.isString {
                let name = member.value.string
                if let t = caseInsensitiveMatch(name, in: EventType.self) {
                    fixable(
                        .eventTypeWrongCase, coreHaptics: -4821, path: "\(p)",
                        at: member.value.position,
                        "Event type \"\(name)\" is not spelled exactly; Core Haptics only knows \"\(t.rawValue)\" and rejects the event (-4821). Write \"\(t.rawValue)\".",
                        acceptance: "Read as \(t.rawValue).")
                    type = t
                } else {
                    reject(
                        .eventUnknownType, coreHaptics: -4821, path: "\(p)",
                        at: member.value.position,
                        "\"\(name)\" is not an event type; Core Haptics rejects it (-4821). Use HapticTransient, HapticContinuous, AudioContinuous or AudioCustom.",
                        consequence: skip)
                    broken = true
                }
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: member.value.position,
                    wrongType(member.value, what: "`EventType`", expected: "a string"),
                    consequence: skip)
                broken = true
            }
        } else {
            reject(
                .eventMissingType, coreHaptics: -4830, path: "\(base)", at: value.position,
                "This event has no `EventType`; Core Haptics rejects it (-4830). Add \"EventType\": \"HapticTransient\" (or HapticContinuous, AudioContinuous, AudioCustom).",
                consequence: skip)
            broken = true
        }

        // Time (required, ≥ 0, −4822).
        var time = 0.0
        if let member = keys["Time"] {
            let p = base.key(member)
            if let t = number(member.value, path: "\(p)", what: "`\(member.key)`") {
                if t < 0 {
                    reject(
                        .eventNegativeTime, coreHaptics: -4822, path: "\(p)",
                        at: member.value.position,
                        "The event time \(formatNumber(t)) is negative; Core Haptics rejects it (-4822). Times are seconds from the pattern start, 0 or more.",
                        consequence: skip)
                    broken = true
                }
                time = t
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: member.value.position,
                    wrongType(
                        member.value, what: "`\(member.key)`", expected: "a number of seconds"),
                    consequence: skip)
                broken = true
            }
        } else {
            reject(
                .eventMissingTime, coreHaptics: -4822, path: "\(base)", at: value.position,
                "This event has no `Time`; Core Haptics rejects it (-4822). Add \"Time\": <seconds from the pattern start>.",
                consequence: skip)
            broken = true
        }

        // EventDuration (optional, ≥ 0, −4823).
        var duration: Double?
        var durationPosition = value.position
        var durationPath = base
        if let member = keys["EventDuration"] {
            durationPath = base.key(member)
            durationPosition = member.value.position
            if let d = number(member.value, path: "\(durationPath)", what: "`EventDuration`") {
                if d < 0 {
                    reject(
                        .eventNegativeDuration, coreHaptics: -4823, path: "\(durationPath)",
                        at: member.value.position,
                        "The event duration \(formatNumber(d)) is negative; Core Haptics rejects it (-4823). Write a duration of 0 or more seconds.",
                        consequence: skip)
                    broken = true
                }
                duration = d
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(durationPath)",
                    at: member.value.position,
                    wrongType(
                        member.value, what: "`EventDuration`", expected: "a number of seconds"),
                    consequence: skip)
                broken = true
            }
        }

        // EventParameters.
        var parameters = EventParameters()
        if let member = keys["EventParameters"] {
            let p = base.key(member)
            if let entries = member.value.arrayElements {
                parameters = decodeEventParameters(entries, type: type, item: base)
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: member.value.position,
                    wrongType(
                        member.value, what: "`EventParameters`",
                        expected: "an array of {\"ParameterID\", \"ParameterValue\"} objects"),
                    consequence: skip)
                broken = true
            }
        }

        // AudioCustom fields.
        var waveformPath: String?
        if let member = keys["EventWaveformPath"] {
            if let s = member.value.stringValue {
                waveformPath = s
                if waveformPathLocations[s] == nil {
                    waveformPathLocations[s] = SourceLocation(
                        jsonPath: "\(base).EventWaveformPath", position: member.value.position)
                }
            } else if type == .audioCustom {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(base).EventWaveformPath",
                    at: member.value.position,
                    wrongType(member.value, what: "`EventWaveformPath`", expected: "a string"),
                    consequence: skip)
                broken = true
            }
        }
        var usesEnvelope: Bool?
        if let member = keys["EventWaveformUseVolumeEnvelope"] {
            usesEnvelope = flag(
                member.value, path: "\(base).EventWaveformUseVolumeEnvelope",
                what: "`EventWaveformUseVolumeEnvelope`")
        }
        var loops: Bool?
        if let member = keys["EventWaveformLoopEnabled"] {
            loops = flag(
                member.value, path: "\(base).EventWaveformLoopEnabled",
                what: "`EventWaveformLoopEnabled`")
        }

        guard let type else { return nil }
        switch type {
        case .hapticContinuous, .audioContinuous:
            if parameters.isSustained && (duration ?? 0) == 0 && !broken {
                let what = duration == nil ? "has no `EventDuration`" : "has `EventDuration` 0"
                reject(
                    .eventMissingDuration, coreHaptics: -4823, path: "\(durationPath)",
                    at: durationPosition,
                    "This sustained \(type.rawValue) event \(what); Core Haptics rejects it (-4823). Add \"EventDuration\": <seconds>, or set the `Sustained` parameter to 0.",
                    consequence: skip)
                broken = true
            }
            let cap = CoreHapticsFacts.hapticContinuousLimitSeconds
            if type == .hapticContinuous, let d = duration, d > cap {
                let s = formatNumber(cap)
                add(
                    .warning, .eventDurationCapped, path: "\(durationPath)", at: durationPosition,
                    "This HapticContinuous event lasts \(formatNumber(d)) s; Core Haptics caps continuous haptics at \(s) s, so it is cut to \(s) s. Split it into events of \(s) s or less."
                )
                duration = cap
            }
        case .audioCustom:
            if waveformPath == nil && !broken {
                reject(
                    .eventMissingWaveformPath, coreHaptics: -4830, path: "\(base)",
                    at: value.position,
                    "This AudioCustom event has no `EventWaveformPath`; Core Haptics rejects it (-4830). Add \"EventWaveformPath\": \"sound.wav\".",
                    consequence: skip)
                broken = true
            }
            if duration != nil {
                add(
                    .note, .eventDurationIgnored, path: "\(durationPath)", at: durationPosition,
                    "Core Haptics ignores `EventDuration` on AudioCustom events loaded from AHAP; the audio file plays to its end."
                )
            }
            if loops == true && (duration ?? 0) == 0 {
                add(
                    .warning, .eventLoopWithoutDuration, coreHaptics: -4823,
                    path: "\(durationPath)", at: durationPosition,
                    "`EventWaveformLoopEnabled` is true but the event has no duration; recent Core Haptics versions appear to reject looped custom audio without a duration (-4823). Turn looping off or test on a device."
                )
            }
        case .hapticTransient:
            break
        }
        if broken { return nil }
        return HapticEvent(
            type: type, time: time, duration: duration, parameters: parameters,
            waveformPath: waveformPath, waveformUsesVolumeEnvelope: usesEnvelope,
            waveformLoopEnabled: loops)
    }

    /// Decodes `EventParameters` entries. A bad entry is dropped (strict: error), the event
    /// survives. The last of duplicate IDs wins. O(entries).
    mutating func decodeEventParameters(
        _ entries: JSONNode.Elements, type: EventType?, item: LazyPath
    ) -> EventParameters {
        var result = EventParameters()
        let skip = "This parameter is ignored."
        for (k, entry) in entries.enumerated() {
            let p = item.element("EventParameters", k)
            guard let members = entry.objectMembers else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: entry.position,
                    wrongType(
                        entry, what: "Each `EventParameters` entry",
                        expected:
                            "an object like {\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}"
                    ),
                    consequence: skip)
                continue
            }
            // Fast path for the usual exact two-key entry; anything else gets full key checks.
            let pair = exactPair(members, "ParameterID", "ParameterValue")
            let keys =
                pair == nil
                ? resolveKeys(members, schema: Self.eventParameterSchema) { "\(p).\($0)" } : nil
            guard let idMember = pair?.0 ?? keys?["ParameterID"] else {
                reject(
                    .eventParameterMissingID, coreHaptics: -4831, path: "\(p)", at: entry.position,
                    "This event parameter has no `ParameterID`; Core Haptics rejects it (-4831). Add \"ParameterID\": \"HapticIntensity\" (or another event parameter).",
                    consequence: skip)
                continue
            }
            guard let valueMember = pair?.1 ?? keys?["ParameterValue"] else {
                reject(
                    .eventParameterMissingValue, coreHaptics: -4831, path: "\(p)",
                    at: entry.position,
                    "This event parameter has no `ParameterValue`; Core Haptics rejects it (-4831). Add \"ParameterValue\": <number>.",
                    consequence: skip)
                continue
            }
            let idPath = p.key(idMember)
            guard idMember.value.isString else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(idPath)",
                    at: idMember.value.position,
                    wrongType(idMember.value, what: "`ParameterID`", expected: "a string"),
                    consequence: skip)
                continue
            }
            guard
                let id = Self.eventParameterIDs.match(idMember.value)
                    ?? inexactEventParameterID(idMember.value, path: idPath, consequence: skip)
            else { continue }
            let valuePath = p.key(valueMember)
            guard
                let raw = number(
                    valueMember.value, path: "\(valuePath)",
                    what: "`ParameterValue` of \(id.rawValue)")
            else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(valuePath)",
                    at: valueMember.value.position,
                    wrongType(valueMember.value, what: "`ParameterValue`", expected: "a number"),
                    consequence: skip)
                continue
            }
            if let type, !type.accepts(id) {
                let family = id.isHaptic == true ? "a haptic parameter" : "an audio parameter"
                reject(
                    .eventParameterNotApplicable, coreHaptics: -4820, path: "\(idPath)",
                    at: idMember.value.position,
                    "\(id.rawValue) is \(family) and does not apply to a \(type.rawValue) event; Core Haptics rejects the event (-4820). Remove it.",
                    consequence: skip)
                continue
            }
            if type == .hapticTransient, id.isHaptic == nil {
                add(
                    .note, .eventParameterIgnored, path: "\(idPath)", at: idMember.value.position,
                    "\(id.rawValue) has no effect on a HapticTransient event (Core Haptics accepts and ignores it)."
                )
            }
            let value = clamped(
                raw, to: id.range, path: "\(valuePath)", at: valueMember.value.position,
                what: id.rawValue)
            if result[id] != nil {
                add(
                    .note, .eventParameterDuplicate, path: "\(idPath)", at: idMember.value.position,
                    "\(id.rawValue) is given more than once for this event; the last value is used."
                )
            }
            result[id] = value
        }
        return result
    }
}

extension DecodingContext {
    /// Resolves an event parameter ID that is not spelled exactly: a known alias or a
    /// wrong-case spelling is fixable (−4820); anything else is rejected (−4820) and `nil`.
    mutating func inexactEventParameterID(_ node: JSONNode, path: LazyPath, consequence: String)
        -> EventParameterID?
    {
        let name = node.string
        if let alias = Self.eventParameterAliases[name] {
            fixable(
                .eventParameterAlias, coreHaptics: -4820, path: "\(path)", at: node.position,
                "\"\(name)\" is not an event parameter ID; Core Haptics expects \"\(alias.rawValue)\" and rejects the event (-4820). Rename it to \"\(alias.rawValue)\".",
                acceptance: "Read as \(alias.rawValue).")
            return alias
        }
        if let match = caseInsensitiveMatch(name, in: EventParameterID.self) {
            fixable(
                .eventParameterWrongCase, coreHaptics: -4820, path: "\(path)", at: node.position,
                "Event parameter \"\(name)\" is not spelled exactly; Core Haptics only knows \"\(match.rawValue)\" and rejects the event (-4820). Write \"\(match.rawValue)\".",
                acceptance: "Read as \(match.rawValue).")
            return match
        }
        var hint =
            " Use one of \(EventParameterID.allCases.map(\.rawValue).joined(separator: ", "))."
        if let dynamic = DynamicParameterID(rawValue: name) {
            hint =
                " `\(name)` is a dynamic parameter (use it in a `Parameter` item); the event parameter is \"\(dynamic.target.rawValue)\"."
        }
        reject(
            .eventParameterUnknownID, coreHaptics: -4820, path: "\(path)", at: node.position,
            "\"\(name)\" is not an event parameter ID; Core Haptics rejects the event (-4820).\(hint)",
            consequence: consequence)
        return nil
    }
}

extension EventType {
    /// Whether Core Haptics accepts `id` on this event type (non-allocating form of
    /// ``acceptedParameters``).
    func accepts(_ id: EventParameterID) -> Bool {
        switch id.isHaptic {
        case nil: return true
        case true?: return isHaptic
        case false?: return !isHaptic
        }
    }
}
