import ArgumentParser
import HapticPattern

/// `--max-per-code`, shared by the commands that print a file's diagnostics as text.
struct DiagnosticOptions: ParsableArguments {
    @Option(
        name: .customLong("max-per-code"),
        help: ArgumentHelp(
            "Print at most N diagnostics of one code per file, then one line counting the rest (0: all).",
            valueName: "n"))
    var maxPerCode = 10

    func validate() throws {
        guard maxPerCode >= 0 else { throw ValidationError("--max-per-code must be 0 or more.") }
    }

    /// One file's diagnostics as compiler-style lines, in order, at most ``maxPerCode`` of
    /// each code; each code with more gets one note after them:
    /// `big.ahap: note: … and 551 more [value.clamped] (--max-per-code 0 prints them all)`.
    /// O(diagnostics).
    func lines(_ diagnostics: some Sequence<Diagnostic>, file: String) -> [String] {
        var printed: [DiagnosticCode: Int] = [:]
        var more: [DiagnosticCode: Int] = [:]
        var order: [DiagnosticCode] = []
        var lines: [String] = []
        for d in diagnostics {
            let n = printed[d.code, default: 0]
            if maxPerCode == 0 || n < maxPerCode {
                printed[d.code] = n + 1
                lines.append(d.rendered(file: file))
            } else {
                if more[d.code] == nil { order.append(d.code) }
                more[d.code, default: 0] += 1
            }
        }
        for code in order {
            lines.append(
                "\(file): note: … and \(more[code]!) more [\(code.rawValue)] (--max-per-code 0 prints them all)"
            )
        }
        return lines
    }
}
