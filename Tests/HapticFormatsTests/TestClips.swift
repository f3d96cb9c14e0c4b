import Foundation
import HapticFormats
import HapticPattern
import HapticTestSupport

/// Small `.haptic` documents and helpers shared by the tests.
enum TestClips {
    /// A clip with an emphasis and a frequency envelope, laid out one breakpoint per line so
    /// tests can name a value's line and column.
    static let valid = """
        {
          "version": {"major": 1, "minor": 0, "patch": 0},
          "metadata": {"editor": "tests", "tags": ["a"]},
          "signals": {"continuous": {"envelopes": {
            "amplitude": [
              {"time": 0.0, "amplitude": 0.2},
              {"time": 0.1, "amplitude": 0.5, "emphasis": {"amplitude": 0.9, "frequency": 0.7}},
              {"time": 0.3, "amplitude": 0.0}
            ],
            "frequency": [
              {"time": 0.0, "frequency": 0.4},
              {"time": 0.3, "frequency": 0.9}
            ]
          }}}
        }
        """

    /// `valid` with `old` replaced by `new` (exactly once).
    static func valid(replacing old: String, with new: String) -> String {
        precondition(valid.components(separatedBy: old).count == 2, "\(old) must occur once")
        return valid.replacingOccurrences(of: old, with: new)
    }

    static func decode(_ text: String, strict: Bool = false) -> HapticClipDecodeResult {
        HapticClipDecoder(options: .init(mode: strict ? .strict : .lenient)).decode(
            Array(text.utf8))
    }

    /// The bytes of a corpus file.
    static func corpus(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Corpus.url(relative)))
    }
}

extension HapticClipDecodeResult {
    /// The codes of the findings of `severity`.
    func codes(_ severity: Diagnostic.Severity) -> [DiagnosticCode] {
        diagnostics.filter { $0.severity == severity }.map(\.code)
    }
}
