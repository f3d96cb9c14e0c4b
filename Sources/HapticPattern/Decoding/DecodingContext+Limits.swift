/// Findings left out once ``PatternLimits/maxDiagnostics`` is reached, by severity.
struct SuppressedDiagnostics {
    var total = 0
    var errors = 0
    var worst: Diagnostic.Severity?

    mutating func count(_ severity: Diagnostic.Severity) {
        total += 1
        if severity == .error { errors += 1 }
        worst = max(worst ?? severity, severity)
    }
}

/// The counted kinds of `Pattern` item; the raw value is the item key.
enum CountedItem: String {
    case event = "Event"
    case parameter = "Parameter"
}

/// Items decoded so far, for the count limits.
struct ItemCounts {
    var events = 0
    var parameters = 0
    var curvePoints = 0
}

/// The limit checks of ``PatternLimits``. Each one that fails records one error (both
/// modes: a limit is about this machine, not about Core Haptics) and sets `limitExceeded`,
/// which stops decoding and makes the document `nil`. O(1) each.
extension DecodingContext {
    /// Refuses input larger than ``PatternLimits/maxInputBytes`` before any parsing.
    /// Inputs beyond ``JSONTape/maximumInputBytes`` (4 GiB) are refused even with no limits.
    mutating func checkInputSize(_ byteCount: Int) -> Bool {
        if byteCount > limits.maxInputBytes {
            exceed(
                .limitInputSize, path: "", at: nil,
                "The input is \(byteCount) bytes, more than the limit of \(limits.maxInputBytes) bytes (maxInputBytes); real AHAP files are far smaller. It is not parsed."
            )
            return false
        }
        if byteCount > JSONTape.maximumInputBytes {
            exceed(
                .limitInputSize, path: "", at: nil,
                "The input is \(byteCount) bytes; the decoder reads at most \(JSONTape.maximumInputBytes) bytes (4 GiB). It is not parsed."
            )
            return false
        }
        return true
    }

    /// Counts one more item of `kind` at `Pattern[index]`; `false` (and an error) when it
    /// is one too many. Called before the item is decoded, so the work stays bounded.
    mutating func admitItem(_ kind: CountedItem, index: Int, at position: JSONPosition) -> Bool {
        let (count, limit, name, code): (Int, Int, String, DiagnosticCode) =
            switch kind {
            case .event: (counts.events, limits.maxEvents, "maxEvents", .limitEvents)
            case .parameter:
                (counts.parameters, limits.maxParameters, "maxParameters", .limitParameters)
            }
        guard count < limit else {
            exceed(
                code, path: "Pattern[\(index)].\(kind.rawValue)", at: position,
                "The pattern has more than \(limit) `\(kind.rawValue)` items (\(name)); this is the first one over the limit. The file is refused."
            )
            return false
        }
        switch kind {
        case .event: counts.events += 1
        case .parameter: counts.parameters += 1
        }
        return true
    }

    /// Admits `pointCount` control points of one curve, per curve and in total.
    mutating func admitCurvePoints(
        _ pointCount: Int, path: @autoclosure () -> String, at position: JSONPosition
    ) -> Bool {
        if pointCount > limits.maxCurvePointsPerCurve {
            exceed(
                .limitCurvePoints, path: path(), at: position,
                "This curve has \(pointCount) control points, more than the limit of \(limits.maxCurvePointsPerCurve) per curve (maxCurvePointsPerCurve). The file is refused."
            )
            return false
        }
        let (total, overflow) = counts.curvePoints.addingReportingOverflow(pointCount)
        if overflow || total > limits.maxCurvePoints {
            exceed(
                .limitCurvePoints, path: path(), at: position,
                "With this curve the pattern has more than \(limits.maxCurvePoints) control points in all (maxCurvePoints). The file is refused."
            )
            return false
        }
        counts.curvePoints = total
        return true
    }

    /// Refuses an item that reaches past ``PatternLimits/maxDurationSeconds`` (`end` is
    /// its start plus its length, in seconds).
    mutating func admitEnd(
        _ end: Double, what: String, path: @autoclosure () -> String, at position: JSONPosition?
    ) -> Bool {
        guard end > limits.maxDurationSeconds else { return true }
        exceed(
            .limitDuration, path: path(), at: position,
            "\(what) reaches \(formatNumber(end)) s, beyond the limit of \(formatNumber(limits.maxDurationSeconds)) s (maxDurationSeconds). The file is refused; check the times for a typo."
        )
        return false
    }

    /// Records a limit error. Always stored, even past ``PatternLimits/maxDiagnostics``,
    /// because it is the reason the file is refused.
    private mutating func exceed(
        _ code: DiagnosticCode, path: String, at position: JSONPosition?, _ message: String
    ) {
        limitExceeded = true
        diagnostics.append(
            Diagnostic(
                severity: .error, code: code, path: path,
                line: position?.line, column: position?.column, message: message))
    }

    /// Appends the one summary of the findings left out, if any.
    mutating func summarizeSuppressedDiagnostics() {
        guard suppressed.total > 0, let worst = suppressed.worst else { return }
        let errors = suppressed.errors > 0 ? " (\(suppressed.errors) of them errors)" : ""
        diagnostics.append(
            Diagnostic(
                severity: worst, code: .diagnosticsTruncated,
                message:
                    "\(suppressed.total) more findings\(errors) are not listed (the limit is \(limits.maxDiagnostics), maxDiagnostics). Fix the ones above first."
            ))
    }
}
