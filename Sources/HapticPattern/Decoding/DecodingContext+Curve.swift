extension DecodingContext {
    static let curveSchema = KeySchema(
        known: ["ParameterID", "Time", "ParameterCurveControlPoints"],
        typos: [
            "parametertime": (
                "Time", "curves have no `ParameterTime` alias, so the curve has no time"
            ),
            "controlpoints": ("ParameterCurveControlPoints", "the curve has no points"),
            "points": ("ParameterCurveControlPoints", "the curve has no points"),
            "parametercurvecontrolpoint": (
                "ParameterCurveControlPoints", "the curve has no points"
            ),
        ],
        owner: "this parameter curve")

    static let controlPointSchema = KeySchema(
        known: ["Time", "ParameterValue"],
        typos: ["value": ("ParameterValue", "this point has no value")],
        owner: "this control point")

    /// Decodes one `ParameterCurve` object; `nil` when broken. O(points log points).
    mutating func decodeCurve(_ value: JSONNode, index: Int) -> ParameterCurve? {
        let base = LazyPath(index, "ParameterCurve")
        let skip = "The curve is skipped."
        guard
            let keys = itemKeys(
                value, base: base, what: "ParameterCurve", schema: Self.curveSchema, skip: skip)
        else { return nil }
        var broken = false
        var id: DynamicParameterID?
        if let member = keys["ParameterID"] {
            let p = base.key(member)
            id = dynamicParameterID(
                member, path: p, unknownCode: .curveUnknownID, wrongCaseCode: .curveWrongCase,
                consequence: skip)
            if let id, !id.isCurvable {
                // Documented ("they share all of the same ParameterID strings") but rejected
                // by the iOS 26.1 converter; the meaning is clear, so lenient keeps it.
                fixable(
                    .curveNotCurvable, coreHaptics: -4820, path: "\(p)", at: member.value.position,
                    "\(id.rawValue) cannot be used in a parameter curve; Core Haptics only curves intensity, sharpness, volume, pan, pitch and brightness controls and rejects it (-4820). Use `Parameter` items for envelope-time controls.",
                    acceptance: "Kept as a curve.")
            }
            if id == nil { broken = true }
        } else {
            reject(
                .curveMissingID, coreHaptics: -4831, path: "\(base)", at: value.position,
                "This parameter curve has no `ParameterID`; Core Haptics rejects it (-4831). Add e.g. \"ParameterID\": \"HapticIntensityControl\".",
                consequence: skip)
            broken = true
        }
        var time = 0.0
        if let member = keys["Time"] {
            let p = base.key("Time")
            if let t = number(member.value, path: "\(p)", what: "`Time`") {
                time = t
                if t < 0 {
                    add(
                        .warning, .parameterNegativeTime, path: "\(p)", at: member.value.position,
                        "The curve time \(formatNumber(t)) is negative; it starts before the pattern. Write 0 or more."
                    )
                }
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: member.value.position,
                    wrongType(member.value, what: "`Time`", expected: "a number of seconds"),
                    consequence: skip)
                broken = true
            }
        } else {
            reject(
                .curveMissingTime, coreHaptics: -4831, path: "\(base)", at: value.position,
                "This parameter curve has no `Time`; Core Haptics rejects it (-4831). Add \"Time\": <seconds>.",
                consequence: skip)
            broken = true
        }
        var points: [ParameterCurve.ControlPoint] = []
        if let member = keys["ParameterCurveControlPoints"] {
            let p = base.key("ParameterCurveControlPoints")
            if let elements = member.value.arrayElements {
                guard admitCurvePoints(elements.count, path: "\(p)", at: member.value.position)
                else { return nil }
                points = decodeControlPoints(elements, id: id, item: base)
                if elements.count > CoreHapticsFacts.controlPointsPerCurve {
                    add(
                        .warning, .curveTooManyPoints, path: "\(p)", at: member.value.position,
                        "This curve has \(elements.count) control points; Core Haptics' exporters never write more than \(CoreHapticsFacts.controlPointsPerCurve) per curve and devices may not play the rest. Split it into curves of at most \(CoreHapticsFacts.controlPointsPerCurve) points."
                    )
                }
            } else {
                reject(
                    .valueWrongType, coreHaptics: -4814, path: "\(p)", at: member.value.position,
                    wrongType(
                        member.value, what: "`ParameterCurveControlPoints`",
                        expected: "an array of {\"Time\", \"ParameterValue\"} objects"),
                    consequence: skip)
                broken = true
            }
        } else if !broken {
            add(
                .warning, .curveMissingPoints, path: "\(base)", at: value.position,
                "This parameter curve has no `ParameterCurveControlPoints`, so it has no effect. Add the control points."
            )
        }
        guard let id, !broken else { return nil }
        var curve = ParameterCurve(id: id, time: time, points: points)
        if !points.isSortedByTime {
            add(
                .note, .curveUnsortedPoints, path: "\(base.key("ParameterCurveControlPoints"))",
                at: keys["ParameterCurveControlPoints"]?.value.position,
                "The control points are not in time order; they are sorted by time.")
            curve.points = points.stableSorted { $0.time < $1.time }
        }
        return curve
    }

    /// Decodes control points. A point without `Time` or `ParameterValue` makes Core
    /// Haptics drop all points of the curve (strict mirrors that: no points); lenient
    /// drops just that point. Both warn. O(points).
    mutating func decodeControlPoints(
        _ elements: JSONNode.Elements, id: DynamicParameterID?, item: LazyPath
    ) -> [ParameterCurve.ControlPoint] {
        var points: [ParameterCurve.ControlPoint] = []
        points.reserveCapacity(elements.count)
        var discardAll = false
        for (k, element) in elements.enumerated() {
            let p = item.element("ParameterCurveControlPoints", k)
            let consequence =
                strict
                ? "Core Haptics then drops every point of this curve." : "The point is skipped."
            guard let members = element.objectMembers else {
                add(
                    .warning, .curveBadPoint, path: "\(p)", at: element.position,
                    "A control point must be an object like {\"Time\": 0.1, \"ParameterValue\": 0.5} but this one is \(element.typeDescription). \(consequence)"
                )
                discardAll = true
                continue
            }
            let pair = exactPair(members, "Time", "ParameterValue")
            let keys =
                pair == nil
                ? resolveKeys(members, schema: Self.controlPointSchema) { "\(p).\($0)" } : nil
            guard let timeMember = pair?.0 ?? keys?["Time"],
                let valueMember = pair?.1 ?? keys?["ParameterValue"]
            else {
                let missing = keys?["Time"] == nil ? "Time" : "ParameterValue"
                add(
                    .warning, .curveBadPoint, path: "\(p)", at: element.position,
                    "This control point has no `\(missing)`. \(consequence) Add \"\(missing)\".")
                discardAll = true
                continue
            }
            guard let t = number(timeMember.value, path: "\(p).Time", what: "`Time`"),
                let v = number(
                    valueMember.value, path: "\(p).ParameterValue", what: "`ParameterValue`")
            else {
                add(
                    .warning, .curveBadPoint, path: "\(p)", at: element.position,
                    "This control point's `Time` and `ParameterValue` must be numbers. \(consequence)"
                )
                discardAll = true
                continue
            }
            if t < 0 {
                add(
                    .warning, .parameterNegativeTime, path: "\(p).Time",
                    at: timeMember.value.position,
                    "The point time \(formatNumber(t)) is negative; point times are seconds after the curve's `Time`. Write 0 or more."
                )
            }
            let value =
                id.map {
                    clamped(
                        v, to: $0.range, path: "\(p).ParameterValue",
                        at: valueMember.value.position, what: $0.rawValue)
                } ?? v
            points.append(ParameterCurve.ControlPoint(time: t, value: value))
        }
        return strict && discardAll ? [] : points
    }
}
