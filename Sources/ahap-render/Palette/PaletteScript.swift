import HapticPattern

/// A palette session written down: one command a line, `SECONDS COMMAND [SHARPNESS INTENSITY]`,
/// in time order; `#` starts a comment. Lines may end in LF, CRLF or CR, and a leading
/// byte-order mark is skipped (an editor on Windows writes both).
///
/// ```
/// 0.0 move 0.5 0.5   # the point: sharpness, intensity (0…1)
/// 0.0 begin          # the continuous player starts (as a finger touches the pad)
/// 0.5 move 0.9 1.0
/// 1.0 tap            # a transient at the point
/// 1.5 end            # the continuous player stops (the finger lifts)
/// ```
/// The render lasts until the last command plus the actuator's ring-down; no command may come
/// later than the render limit (``PatternLimits/maxDurationSeconds``, 3600 s by default).
struct PaletteScript: Equatable {
    enum Command: Equatable {
        case move(sharpness: Float, intensity: Float)
        case begin, end, tap
    }

    struct Step: Equatable {
        var time: Double
        var command: Command
    }

    var steps: [Step]

    /// Parses `text`; `name` names the file in errors ("name:LINE: error: …"); a time past
    /// `maxSeconds` is one.
    init(
        _ text: String, name: String, maxSeconds: Double = PatternLimits.default.maxDurationSeconds
    )
        throws(PaletteScriptError)
    {
        steps = []
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        // `\r\n` is one Character in Swift, and a newline like `\n`.
        for (number, raw) in body.split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline
        )
        .enumerated() {
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard !words.isEmpty else { continue }
            func fail(_ message: String) -> PaletteScriptError {
                PaletteScriptError(description: "\(name):\(number + 1): error: \(message)")
            }
            guard let time = Double(words[0]), time.isFinite, time >= 0 else {
                throw fail("`\(words[0])` is not a time in seconds (0 or more)")
            }
            guard time <= maxSeconds else {
                throw fail(
                    "`\(words[0])` is past the longest session, \(maxSeconds) s (the render limit)")
            }
            if let last = steps.last, time < last.time {
                throw fail("times must not go back (\(time) after \(last.time))")
            }
            let command: Command
            switch (words.count > 1 ? String(words[1]) : "", words.count) {
            case ("move", 4):
                guard let x = Float(words[2]), let y = Float(words[3]), (0...1).contains(x),
                    (0...1).contains(y)
                else {
                    throw fail("move takes a sharpness and an intensity between 0 and 1")
                }
                command = .move(sharpness: x, intensity: y)
            case ("begin", 2): command = .begin
            case ("end", 2): command = .end
            case ("tap", 2): command = .tap
            default:
                throw fail(
                    "expected `SECONDS move SHARPNESS INTENSITY`, `SECONDS begin`, `SECONDS end` or `SECONDS tap`"
                )
            }
            steps.append(Step(time: time, command: command))
        }
    }
}

struct PaletteScriptError: Error, CustomStringConvertible {
    var description: String
}
