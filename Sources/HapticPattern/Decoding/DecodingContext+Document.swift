extension DecodingContext {
    static let topLevelSchema = KeySchema(
        known: ["Version", "Pattern", "Metadata"],
        typos: ["patterns": ("Pattern", "without `Pattern` the file has nothing to play")],
        owner: "the file")

    static let itemSchema = KeySchema(
        known: ["Event", "Parameter", "ParameterCurve"],
        typos: [
            "parametercurves": ("ParameterCurve", "this curve is ignored"),
            "events": ("Event", "this event is ignored"),
            "parameters": ("Parameter", "this parameter is ignored"),
            "dynamicparameter": ("Parameter", "this parameter is ignored"),
            "curve": ("ParameterCurve", "this curve is ignored"),
        ],
        owner: "a pattern item")

    /// Decodes a whole document; `nil` when the file as a whole is unusable (one error).
    mutating func decodeDocument(_ bytes: [UInt8]) -> HapticPattern? {
        guard checkInputSize(bytes.count) else { return nil }
        return bytes.withUnsafeBufferPointer { input in
            let tape: JSONTape
            switch JSONTape.parse(input, maximumValues: limits.maxJSONValues) {
            case .success(let t):
                tape = t
            case .failure(let e) where e.kind == .tooManyValues:
                add(
                    .error, .limitJSONValues, path: "", at: e.position,
                    "The file holds more than \(limits.maxJSONValues) JSON values (maxJSONValues); an AHAP file needs a few per event. It is not parsed further."
                )
                return nil
            case .failure(let e):
                add(
                    .error, e.kind.diagnosticCode, coreHaptics: nil, path: "", at: e.position,
                    e.message + " Core Haptics cannot load a file that is not valid JSON.")
                return nil
            }
            return tape.withRoot(input: input) { root in decodeDocument(root, of: tape) }
        }
    }

    /// Decodes a parsed document whose root is `root`. The tape is released in one piece
    /// when the caller returns: nothing of it is kept.
    mutating func decodeDocument(_ root: JSONNode, of tape: JSONTape) -> HapticPattern? {
        if tape.hadByteOrderMark {
            add(
                .note, .jsonByteOrderMark, path: "",
                at: JSONPosition(line: 1, column: 1, offset: 0),
                "The file starts with a UTF-8 byte order mark; it is skipped.")
        }
        for comma in tape.trailingCommas {
            if strict {
                add(
                    .error, .jsonTrailingComma, path: "", at: comma,
                    "Trailing comma: strict JSON allows no comma before `]` or `}`, so Core Haptics cannot load this file. Remove the comma."
                )
            } else {
                add(
                    .warning, .jsonTrailingComma, path: "", at: comma,
                    "Trailing comma: strict JSON allows no comma before `]` or `}`, so Core Haptics cannot load this file. Remove the comma. Accepted here."
                )
            }
        }

        guard let topMembers = root.objectMembers else {
            add(
                .error, .fileNotObject, coreHaptics: -4814, path: "", at: root.position,
                "The top level is \(root.typeDescription), but an AHAP file must be a JSON object like {\"Version\": 1.0, \"Pattern\": [ … ]}."
            )
            return nil
        }
        let keys = resolveKeys(topMembers, schema: Self.topLevelSchema) { $0 }
        var pattern = HapticPattern()
        pattern.version = decodeVersion(keys["Version"], filePosition: root.position)
        if let metadata = keys["Metadata"] {
            if let members = metadata.value.objectMembers {
                pattern.metadata = members.map {
                    MetadataEntry(key: $0.key, value: MetadataValue(json: $0.value))
                }
            } else {
                add(
                    .warning, .metadataNotObject, path: "Metadata", at: metadata.value.position,
                    "`Metadata` should be an object of text entries but is \(metadata.value.typeDescription); it is ignored."
                )
            }
        }
        guard let patternMember = keys["Pattern"] else {
            add(
                .error, .fileMissingPattern, coreHaptics: -4814, path: "", at: root.position,
                "The file has no `Pattern` key, so there is nothing to play; Core Haptics rejects it (-4814). Add \"Pattern\": [ … ] with events."
            )
            return nil
        }
        guard let items = patternMember.value.arrayElements else {
            add(
                .error, .filePatternNotArray, coreHaptics: -4814, path: "Pattern",
                at: patternMember.value.position,
                "`Pattern` must be an array of items but is \(patternMember.value.typeDescription); Core Haptics rejects the file (-4814)."
            )
            return nil
        }
        decodeItems(items, into: &pattern)
        if limitExceeded { return nil }
        if pattern.isEmpty {
            let why =
                items.isEmpty
                ? "`Pattern` is empty" : "no event, parameter or curve of `Pattern` could be used"
            add(
                .error, .fileEmptyPattern, coreHaptics: -4814, path: "Pattern",
                at: patternMember.value.position,
                "\(why), so there is nothing to play; Core Haptics rejects an empty pattern (-4814). Add at least one event."
            )
            return nil
        }
        return pattern
    }

    /// `Version`: absent or not a number → 1.0 (Core Haptics assumes v1.0); a number must
    /// lie in 1.0…1.1 (−4809; lenient keeps it with a warning).
    mutating func decodeVersion(_ member: JSONNode.Member?, filePosition: JSONPosition) -> Double {
        guard let member else {
            add(
                .note, .versionMissing, path: "Version", at: filePosition,
                "The file has no `Version`; Core Haptics assumes 1.0. Add \"Version\": 1.0.")
            return 1.0
        }
        let value = member.value
        let number: Double
        switch value.kind {
        case .number, .integer:
            let d = value.doubleValue
            if value.kind == .integer {
                add(
                    .note, .versionInteger, path: "Version", at: value.position,
                    "`Version` is the integer \(formatNumber(d)); Core Haptics reads it as \(formatNumber(d)).0."
                )
            }
            number = d
        case .true, .false:
            // `true` is an NSNumber (1) for Core Haptics.
            let b = value.kind == .true
            add(
                .warning, .versionNotNumber, path: "Version", at: value.position,
                "`Version` is `\(b)`; Core Haptics reads it as the number \(b ? 1 : 0). Write 1.0.")
            number = b ? 1 : 0
        default:
            add(
                .warning, .versionNotNumber, path: "Version", at: value.position,
                "`Version` is \(value.typeDescription), not a number; Core Haptics ignores it and assumes 1.0. Write \"Version\": 1.0."
            )
            return 1.0
        }
        if number < 1.0 || number > 1.1 {
            if strict {
                add(
                    .error, .versionUnsupported, coreHaptics: -4809, path: "Version",
                    at: value.position,
                    "`Version` \(formatNumber(number)) is not supported; Core Haptics loads versions 1.0 to 1.1 only (-4809). Write 1.0."
                )
            } else {
                add(
                    .warning, .versionUnsupported, coreHaptics: -4809, path: "Version",
                    at: value.position,
                    "`Version` \(formatNumber(number)) is not supported; Core Haptics loads versions 1.0 to 1.1 only (-4809). Write 1.0. Rendered anyway."
                )
            }
        }
        return number
    }

    /// Decodes every `Pattern` element (each may carry several item keys), then puts the
    /// pattern in canonical order, noting when the file's order differed. O(n log n).
    mutating func decodeItems(_ items: JSONNode.Elements, into pattern: inout HapticPattern) {
        pattern.events.reserveCapacity(items.count)
        var eventsSorted = true
        var parametersSorted = true
        var curvesSorted = true
        var decodedEvents: [DecodedEvent] = []
        for (index, item) in items.enumerated() {
            guard let members = item.objectMembers else {
                reject(
                    .itemNotObject, coreHaptics: -4814, path: "Pattern[\(index)]",
                    at: item.position,
                    "Each `Pattern` element must be an object like {\"Event\": { … }} but this one is \(item.typeDescription); Core Haptics rejects the file (-4814).",
                    consequence: "The element is skipped.")
                continue
            }
            let keys = resolveKeys(members, schema: Self.itemSchema) { "Pattern[\(index)].\($0)" }
            if keys.isEmpty {
                if !members.contains(where: { Self.itemSchema.typos[$0.key.lowercased()] != nil }) {
                    add(
                        .note, .itemNoKnownKey, path: "Pattern[\(index)]", at: item.position,
                        "This pattern element has no `Event`, `Parameter` or `ParameterCurve` key; Core Haptics ignores it."
                    )
                }
                continue
            }
            if let member = keys["Event"] {
                guard admitItem(.event, index: index, at: member.value.position) else { return }
                if let event = decodeEvent(member.value, index: index) {
                    // Custom audio of unknown length (its file is not read here) counts from
                    // its start.
                    let length = CoreHapticsFacts.fullDuration(event) ?? 0
                    guard
                        admitEnd(
                            event.time + length, what: "This event",
                            path: "Pattern[\(index)].Event",
                            at: member.value.position)
                    else { return }
                    if let last = pattern.events.last, event.time < last.time {
                        eventsSorted = false
                    }
                    decodedEvents.append(
                        DecodedEvent(index: index, position: member.value.position, event: event))
                    pattern.events.append(event)
                }
            }
            if let member = keys["Parameter"] {
                guard admitItem(.parameter, index: index, at: member.value.position) else { return }
                if let parameter = decodeParameter(member.value, index: index) {
                    guard
                        admitEnd(
                            parameter.time, what: "This parameter",
                            path: "Pattern[\(index)].Parameter.Time",
                            at: member.value.position)
                    else { return }
                    if let last = pattern.parameters.last, parameter.time < last.time {
                        parametersSorted = false
                    }
                    pattern.parameters.append(parameter)
                }
            }
            if let member = keys["ParameterCurve"] {
                let curve = decodeCurve(member.value, index: index)
                if limitExceeded { return }
                if let curve {
                    let end = curve.time + (curve.points.lazy.map(\.time).max() ?? 0)
                    guard
                        admitEnd(
                            max(curve.time, end), what: "This curve",
                            path: "Pattern[\(index)].ParameterCurve",
                            at: member.value.position)
                    else { return }
                    if let last = pattern.curves.last, curve.time < last.time {
                        curvesSorted = false
                    }
                    pattern.curves.append(curve)
                }
            }
        }
        if !(eventsSorted && parametersSorted && curvesSorted) {
            var what: [String] = []
            if !eventsSorted { what.append("events") }
            if !parametersSorted { what.append("parameters") }
            if !curvesSorted { what.append("curves") }
            add(
                .note, .patternUnsorted, path: "Pattern", at: nil,
                "The \(what.joined(separator: " and ")) are not in time order; Core Haptics plays by `Time`, so they are sorted (nothing audible changes)."
            )
        }
        if !(eventsSorted && parametersSorted && curvesSorted)
            || pattern.curves.contains(where: { !$0.points.isSortedByTime })
        {
            pattern.canonicalize()
        }
        let intensity = ControlLane(.hapticIntensityControl, in: pattern)
        let silent = warnSilentEvents(decodedEvents, in: pattern, intensity: intensity)
        noteScaledTransients(decodedEvents, intensity: intensity, silent: silent)
    }
}

extension [ParameterCurve.ControlPoint] {
    var isSortedByTime: Bool {
        zip(self, dropFirst()).allSatisfy { $0.time <= $1.time }
    }
}

extension JSONSyntaxError.Kind {
    /// The diagnostic code reporting this kind of syntax error.
    public var diagnosticCode: DiagnosticCode {
        switch self {
        case .empty: return .jsonEmpty
        case .syntax: return .jsonSyntax
        case .invalidUTF8: return .jsonInvalidUTF8
        case .nonFiniteLiteral: return .jsonNonFiniteLiteral
        case .numberOverflow: return .jsonNumberOverflow
        case .comment: return .jsonComment
        case .tooDeep: return .jsonTooDeep
        case .tooManyValues: return .limitJSONValues
        }
    }
}

extension MetadataValue {
    /// Converts a JSON subtree into a metadata value, keeping member order.
    /// Recursion depth is bounded by ``JSONParser/maximumDepth``.
    init(json: JSONNode) {
        switch json.kind {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .number, .integer: self = .number(json.doubleValue)
        case .string, .decodedString: self = .string(json.string)
        case .array: self = .array(JSONNode.Elements(array: json).map(MetadataValue.init(json:)))
        case .object:
            self = .object(
                JSONNode.Members(object: json).map {
                    MetadataEntry(key: $0.key, value: MetadataValue(json: $0.value))
                })
        }
    }
}
