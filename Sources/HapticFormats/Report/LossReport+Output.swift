import HapticPattern

extension LossReport {
    /// The report as JSON (`convert --report --format json`).
    public var json: JSONText {
        .object([
            ("source", .string(source)), ("format", .string(format.name)),
            ("actuator", .string(actuator)),
            ("sampleRate", .number(sampleRate)),
            (
                "targets",
                .array(
                    targets.map { t in
                        let c = t.comparison
                        var fields: [(String, JSONText)] = [("target", .string(t.name))]
                        if let api = t.minimumAPILevel { fields.append(("minApi", .integer(api))) }
                        fields += [
                            ("correlation", .number(c.correlation)),
                            (
                                "onsetErrorMs",
                                .object([
                                    ("mean", .number(c.meanOnsetErrorMs)),
                                    ("max", .number(c.maxOnsetErrorMs)),
                                ])
                            ),
                            ("onsets", .integer(c.onsets)),
                            ("missedOnsets", .integer(c.missedOnsets)),
                            (
                                "peakLevelErrorDB",
                                c.peakLevelErrorDB.isFinite ? .number(c.peakLevelErrorDB) : .null
                            ),
                            ("feltLevelErrorDB", .number(c.feltLevelErrorDB)),
                            (
                                "losses",
                                .array(
                                    t.notes.map { n in
                                        var note: [(String, JSONText)] = [
                                            ("kind", .string(n.kind.rawValue)),
                                            ("count", .integer(n.count)),
                                            ("firstAt", n.time.map(JSONText.number) ?? .null),
                                        ]
                                        if let level = n.levelDB {
                                            note.append(
                                                ("levelDB", level.isFinite ? .number(level) : .null)
                                            )
                                        }
                                        return .object(note + [("message", .string(n.message))])
                                    })
                            ),
                        ]
                        return .object(fields)
                    })
            ),
        ])
    }

    /// The report as text: a table of the figures, then the losses of each target.
    public var text: String {
        var out =
            "\(source) (\(format.name)): every target rendered on `\(actuator)` at \(Int(sampleRate)) Hz against the original\n"
        out +=
            "  target                correlation  onset error ms (mean/max)  missed onsets  peak level dB  felt level error dB\n"
        for t in targets {
            let c = t.comparison
            out +=
                "  " + Self.pad(t.name, 22) + Self.pad(Self.fixed(c.correlation, 4), 13)
                + Self.pad(
                    Self.fixed(c.meanOnsetErrorMs, 1) + " / " + Self.fixed(c.maxOnsetErrorMs, 1), 27
                )
                + Self.pad("\(c.missedOnsets) of \(c.onsets)", 15)
                + Self.pad(
                    c.peakLevelErrorDB.isFinite ? Self.fixed(c.peakLevelErrorDB, 2) : "silent", 15)
                + Self.fixed(c.feltLevelErrorDB, 2) + "\n"
        }
        for t in targets where !t.notes.isEmpty {
            out += "\(t.name)\(t.minimumAPILevel.map { " (API \($0)+)" } ?? ""):\n"
            for n in t.notes {
                let at = n.time.map { ", first at " + Self.fixed($0, 3) + " s" } ?? ""
                out += "  - \(n.kind.rawValue) (×\(n.count)\(at)): \(n.message)\n"
            }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    /// `x` with `digits` decimals (round half away from zero).
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x > 0 ? "inf" : "-inf" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = (abs(x) * scale).rounded()
        var whole = String(Int(n / scale))
        var fraction = String(Int(n.truncatingRemainder(dividingBy: scale)))
        while fraction.count < digits { fraction = "0" + fraction }
        if x < 0 && n > 0 { whole = "-" + whole }
        return digits > 0 ? whole + "." + fraction : whole
    }
}
