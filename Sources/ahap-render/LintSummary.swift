import HapticPattern

/// The counts behind lint's summary line and exit status.
struct LintSummary {
    let mode: AHAPDecoder.Mode
    let warningsAsErrors: Bool
    var files = 0
    /// Files the decoder rejects.
    var rejected = 0
    /// Files accepted but failed for their warnings (`--warnings-as-errors`).
    var failedForWarnings = 0
    var errors = 0
    var warnings = 0

    var failed: Int { rejected + failedForWarnings }

    mutating func add(_ result: PatternDecodeResult) {
        files += 1
        let fileWarnings = result.diagnostics.count { $0.severity == .warning }
        errors += result.diagnostics.count { $0.severity == .error }
        warnings += fileWarnings
        if !result.accepted {
            rejected += 1
        } else if warningsAsErrors, fileWarnings > 0 {
            failedForWarnings += 1
        }
    }

    /// `lint (as Core Haptics loads them): 3 files, 2 pass, 1 rejected; 1 error, 7 warnings`.
    var text: String {
        let judge = mode == .strict ? "as Core Haptics loads them" : "as the renderer plays them"
        var text =
            "lint (\(judge)): \(plural(files, "file")), \(files - failed) pass, \(rejected) rejected"
        if failedForWarnings > 0 {
            text += ", \(failedForWarnings) failed for warnings (--warnings-as-errors)"
        }
        return text + "; \(plural(errors, "error")), \(plural(warnings, "warning"))"
    }
}
