import HapticPattern

extension Diagnostic {
    /// The JSON shape of one diagnostic in `ahap-render lint --format json` and the C API's
    /// `hr_lint_*` (absent values are `null`).
    public var jsonObject: [String: Any] {
        [
            "severity": severity.rawValue,
            "code": code.rawValue,
            "coreHapticsCode": coreHapticsCode.map { $0 as Any } ?? JSONNull(),
            "path": path,
            "line": line.map { $0 as Any } ?? JSONNull(),
            "column": column.map { $0 as Any } ?? JSONNull(),
            "message": message,
        ]
    }
}

extension PatternDecodeResult {
    /// One file's lint result, `{file, accepted, diagnostics: [...]}`: an element of
    /// `ahap-render lint --format json`'s array, and what `hr_lint_*` return.
    public func lintJSONObject(file: String) -> [String: Any] {
        ["file": file, "accepted": accepted, "diagnostics": diagnostics.map(\.jsonObject)]
    }
}
