extension DecodingContext {
    static let parameterSchema = KeySchema(
        known: ["ParameterID", "Time", "ParameterValue"],
        aliases: ["ParameterTime": "Time"],
        typos: [
            "value": ("ParameterValue", "the value defaults to 0"),
            "id": ("ParameterID", "this parameter has no ID"),
        ],
        owner: "this parameter")

    /// Resolves a dynamic parameter ID (`…Control`). Wrong case is fixable (−4820);
    /// anything else unknown is rejected (−4820). `nil` = rejected.
    mutating func dynamicParameterID(
        _ member: JSONNode.Member, path: LazyPath, unknownCode: DiagnosticCode,
        wrongCaseCode: DiagnosticCode,
        consequence: String
    ) -> DynamicParameterID? {
        if let id = Self.dynamicParameterIDs.match(member.value) { return id }
        guard let name = member.value.stringValue else {
            reject(
                .valueWrongType, coreHaptics: -4814, path: "\(path)", at: member.value.position,
                wrongType(member.value, what: "`ParameterID`", expected: "a string"),
                consequence: consequence)
            return nil
        }
        if let id = caseInsensitiveMatch(name, in: DynamicParameterID.self) {
            fixable(
                wrongCaseCode, coreHaptics: -4820, path: "\(path)", at: member.value.position,
                "Parameter ID \"\(name)\" is not spelled exactly; Core Haptics only knows \"\(id.rawValue)\" and rejects it (-4820). Write \"\(id.rawValue)\".",
                acceptance: "Read as \(id.rawValue).")
            return id
        }
        var hint = " Use one of the …Control IDs, e.g. HapticIntensityControl."
        if let eventID = caseInsensitiveMatch(name, in: EventParameterID.self),
            let control = DynamicParameterID.allCases.first(where: { $0.target == eventID })
        {
            hint =
                " \"\(eventID.rawValue)\" is an event parameter; the dynamic one is \"\(control.rawValue)\"."
        }
        reject(
            unknownCode, coreHaptics: -4820, path: "\(path)", at: member.value.position,
            "\"\(name)\" is not a dynamic parameter ID; Core Haptics rejects it (-4820).\(hint)",
            consequence: consequence)
        return nil
    }

    /// Decodes one `Parameter` object; `nil` when broken. O(keys).
    mutating func decodeParameter(_ value: JSONNode, index: Int) -> DynamicParameter? {
        let base = LazyPath(index, "Parameter")
        let skip = "The parameter is skipped."
        guard
            let keys = itemKeys(
                value, base: base, what: "Parameter", schema: Self.parameterSchema, skip: skip)
        else { return nil }
        var broken = false
        var id: DynamicParameterID?
        if let member = keys["ParameterID"] {
            id = dynamicParameterID(
                member, path: base.key(member), unknownCode: .parameterUnknownID,
                wrongCaseCode: .parameterWrongCase, consequence: skip)
            if id == nil { broken = true }
        } else {
            reject(
                .parameterMissingID, coreHaptics: -4831, path: "\(base)", at: value.position,
                "This parameter has no `ParameterID`; Core Haptics rejects it (-4831). Add e.g. \"ParameterID\": \"HapticIntensityControl\".",
                consequence: skip)
            broken = true
        }
        var time = 0.0
        if let member = keys["Time"] {
            let p = base.key(member)
            if let t = number(member.value, path: "\(p)", what: "`\(member.key)`") {
                time = t
                if t < 0 {
                    add(
                        .warning, .parameterNegativeTime, path: "\(p)", at: member.value.position,
                        "The parameter time \(formatNumber(t)) is negative; it takes effect at the pattern start. Write 0 or more."
                    )
                }
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
                .parameterMissingTime, coreHaptics: -4831, path: "\(base)", at: value.position,
                "This parameter has no `Time`; Core Haptics rejects it (-4831). Add \"Time\": <seconds>.",
                consequence: skip)
            broken = true
        }
        var parameterValue = 0.0
        var valuePosition = value.position
        var valuePath = base
        if let member = keys["ParameterValue"] {
            valuePath = base.key("ParameterValue")
            valuePosition = member.value.position
            if let v = number(member.value, path: "\(valuePath)", what: "`ParameterValue`") {
                parameterValue = v
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(valuePath)",
                    at: member.value.position,
                    wrongType(member.value, what: "`ParameterValue`", expected: "a number"),
                    consequence: skip)
                broken = true
            }
        } else if let id, !broken {
            let effect =
                id.combination == .multiply
                ? " (for \(id.rawValue) that silences the affected events)" : ""
            add(
                .warning, .parameterMissingValue, path: "\(base)", at: value.position,
                "This parameter has no `ParameterValue`; Core Haptics uses 0\(effect). Add \"ParameterValue\": <number>."
            )
        }
        guard let id, !broken else { return nil }
        let v = clamped(
            parameterValue, to: id.range, path: "\(valuePath)", at: valuePosition, what: id.rawValue
        )
        return DynamicParameter(id: id, time: time, value: v)
    }
}
