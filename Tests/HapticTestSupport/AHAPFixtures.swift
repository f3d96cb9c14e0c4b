import Foundation
import HapticPattern

// AHAP text fixtures and diagnostic lookups shared by the decoder tests (HapticPatternTests)
// and the file-loading tests (HapticRenderKitTests/Load).

/// Wraps pattern items into a minimal AHAP document, one item per line block.
public func ahap(_ items: String..., version: String = "1.0") -> String {
    "{\n  \"Version\": \(version),\n  \"Pattern\": [\n"
        + items.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
}

/// 1-based line and column (in characters) of the `occurrence`-th match of `needle`,
/// computed independently of the parser, for asserting diagnostic positions.
public func location(of needle: String, in text: String, occurrence: Int = 1) -> (
    line: Int, column: Int
)? {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let r = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        found = r
        searchStart = r.upperBound
    }
    guard let found else { return nil }
    let before = text[text.startIndex..<found.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    let column = text[lineStart..<found.lowerBound].unicodeScalars.count + 1
    return (line, column)
}

extension PatternDecodeResult {
    /// Diagnostics with a given code.
    public func with(_ code: DiagnosticCode) -> [Diagnostic] {
        diagnostics.filter { $0.code == code }
    }
}

public let transient =
    #"{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}"#
