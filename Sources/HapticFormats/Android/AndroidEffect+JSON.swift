import HapticPattern

extension AndroidEffect {
    /// The `format` value of the JSON file.
    public static let jsonFormat = "hapticrender.android-effect"

    /// The effect as the JSON file `convert --to android` writes (docs/formats.md, "Android
    /// JSON"): the three tiers, each with the API level it needs.
    public func json(source: String) -> JSONText {
        func waveform(_ w: AndroidWaveform) -> [(String, JSONText)] {
            [
                ("timings", .array(w.timings.map(JSONText.integer))),
                ("amplitudes", .array(w.amplitudes.map(JSONText.integer))),
            ]
        }
        func sequence(_ s: AndroidSequence, _ tier: AndroidTier) -> JSONText {
            .object([
                ("minApi", .integer(s.minimumAPILevel(tier: tier))),
                (
                    "segments",
                    .array(
                        s.segments.map { segment in
                            var fields: [(String, JSONText)] = [
                                ("startMs", .integer(segment.startMs))
                            ]
                            switch segment.content {
                            case .waveform(let w): fields.append(("waveform", .object(waveform(w))))
                            case .primitives(let steps):
                                fields.append(
                                    (
                                        "primitives",
                                        .array(
                                            steps.map {
                                                .object([
                                                    ("primitive", .string($0.primitive.rawValue)),
                                                    ("scale", .number($0.scale)),
                                                    ("atMs", .integer($0.atMs)),
                                                    ("delayMs", .integer($0.delayMs)),
                                                ])
                                            })
                                    ))
                            case .envelope(let e):
                                fields.append(
                                    (
                                        "envelope",
                                        .object([
                                            ("initialSharpness", .number(e.initialSharpness)),
                                            (
                                                "controlPoints",
                                                .array(
                                                    e.controlPoints.map {
                                                        .object([
                                                            ("intensity", .number($0.intensity)),
                                                            ("sharpness", .number($0.sharpness)),
                                                            ("durationMs", .integer($0.durationMs)),
                                                        ])
                                                    })
                                            ),
                                        ])
                                    ))
                            }
                            return .object(fields)
                        })
                ),
            ])
        }
        return .object([
            ("format", .string(Self.jsonFormat)), ("version", .integer(1)),
            ("source", .string(source)),
            ("durationMs", .integer(durationMs)),
            (
                "waveform",
                .object(
                    [("minApi", .integer(AndroidTier.waveform.baseAPILevel))]
                        + waveform(self.waveform))
            ),
            ("composition", sequence(composition, .composition)),
            ("envelope", sequence(envelope, .envelope)),
        ])
    }

    /// Reads the JSON file ``json(source:)`` writes; nil when it is not one.
    public init?(json bytes: [UInt8]) {
        guard case .success(let document) = JSONParser().parse(bytes),
            let top = document.root.objectMembers,
            top.first(where: { $0.key == "format" })?.value.stringValue == Self.jsonFormat
        else { return nil }
        func field(_ members: [JSONMember], _ key: String) -> JSONValue? {
            members.last { $0.key == key }?.value
        }
        func number(_ v: JSONValue?) -> Double? {
            if case .number(let n, _)? = v?.kind { return n } else { return nil }
        }
        func int(_ v: JSONValue?) -> Int? {
            number(v).flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
        }
        func waveform(_ m: [JSONMember]?) -> AndroidWaveform? {
            guard let m, let t = field(m, "timings")?.arrayElements?.compactMap(int),
                let a = field(m, "amplitudes")?.arrayElements?.compactMap(int), t.count == a.count
            else { return nil }
            return AndroidWaveform(timings: t, amplitudes: a)
        }
        func sequence(_ v: JSONValue?) -> AndroidSequence? {
            guard let segments = v?.objectMembers.flatMap({ field($0, "segments") })?.arrayElements
            else { return nil }
            var result: [AndroidSegment] = []
            for s in segments {
                guard let m = s.objectMembers, let start = int(field(m, "startMs")) else {
                    return nil
                }
                if let w = waveform(field(m, "waveform")?.objectMembers) {
                    result.append(AndroidSegment(startMs: start, .waveform(w)))
                } else if let steps = field(m, "primitives")?.arrayElements {
                    let parsed = steps.compactMap { step -> AndroidPrimitiveStep? in
                        guard let f = step.objectMembers,
                            let p = field(f, "primitive")?.stringValue.flatMap(
                                AndroidPrimitive.init),
                            let scale = number(field(f, "scale")), let at = int(field(f, "atMs")),
                            let delay = int(field(f, "delayMs"))
                        else { return nil }
                        return AndroidPrimitiveStep(
                            primitive: p, scale: scale, atMs: at, delayMs: delay)
                    }
                    guard parsed.count == steps.count else { return nil }
                    result.append(AndroidSegment(startMs: start, .primitives(parsed)))
                } else if let e = field(m, "envelope")?.objectMembers,
                    let initial = number(field(e, "initialSharpness")),
                    let points = field(e, "controlPoints")?.arrayElements
                {
                    let parsed = points.compactMap { p -> AndroidControlPoint? in
                        guard let f = p.objectMembers, let i = number(field(f, "intensity")),
                            let s = number(field(f, "sharpness")),
                            let d = int(field(f, "durationMs"))
                        else { return nil }
                        return AndroidControlPoint(intensity: i, sharpness: s, durationMs: d)
                    }
                    guard parsed.count == points.count else { return nil }
                    result.append(
                        AndroidSegment(
                            startMs: start,
                            .envelope(
                                AndroidEnvelope(initialSharpness: initial, controlPoints: parsed))))
                } else {
                    return nil
                }
            }
            return AndroidSequence(segments: result)
        }
        guard let duration = int(field(top, "durationMs")),
            let w = waveform(field(top, "waveform")?.objectMembers),
            let c = sequence(field(top, "composition")), let e = sequence(field(top, "envelope"))
        else { return nil }
        self.init(waveform: w, composition: c, envelope: e, durationMs: duration)
    }
}
