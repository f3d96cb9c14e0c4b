import FoundationEssentials
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a batch's progress on stderr the way command-line audio tools do:
/// - on a terminal, one status line rewritten in place (files, audio seconds, speed, ETA);
/// - otherwise (a log, CI), a plain line every `plainInterval` seconds;
/// - nothing with `--quiet`.
struct ProgressDisplay {
    enum Mode { case terminal, plain, quiet }

    let mode: Mode
    let sampleRate: Double
    let start = Date()
    var plainInterval = 5.0
    private var lastPlain = Date()
    private var lineShown = false

    init(quiet: Bool, sampleRate: Double) {
        self.sampleRate = sampleRate
        mode = quiet ? .quiet : (isatty(STDERR_FILENO) == 1 ? .terminal : .plain)
    }

    /// Updates the display with a snapshot.
    mutating func update(_ p: BatchProgress) {
        switch mode {
        case .quiet: return
        case .terminal:
            write("\r\u{1B}[K" + line(p))
            lineShown = true
        case .plain:
            guard Date().timeIntervalSince(lastPlain) >= plainInterval, p.finished < p.files,
                p.started > 0
            else { return }
            lastPlain = Date()
            write(line(p) + "\n")
        }
    }

    /// Clears the status line so other messages start on a clean line.
    mutating func clear() {
        if lineShown { write("\r\u{1B}[K") }
        lineShown = false
    }

    /// `[3/10] 42.0 s audio · 850× realtime · ETA 2 s`
    func line(_ p: BatchProgress) -> String {
        let elapsed = Date().timeIntervalSince(start)
        let audio = Double(p.framesDone) / sampleRate
        var text = "[\(p.finished)/\(p.files)] \(format(audio)) s audio"
        if elapsed > 0.05 { text += " · \(Int(audio / elapsed))× realtime" }
        let f = p.fraction
        if f > 0.01, f < 1 { text += " · ETA \(format(elapsed * (1 - f) / f)) s" }
        if p.failed > 0 { text += " · \(p.failed) failed" }
        return text
    }

    /// The summary printed at the end:
    /// `rendered 3 of 3 files: 42.0 s of audio in 0.052 s (808× realtime)`; `verb` says what
    /// was done to the files ("rendered", "generated for"). The audio and the speed are left
    /// out when nothing was done, the speed also when the audio or the time is too short to
    /// measure it.
    func summary(
        files: Int, failed: Int, cancelled: Int, skipped: Int = 0, frames: Int64,
        verb: String = "rendered"
    ) -> String {
        let elapsed = Date().timeIntervalSince(start)
        let audio = Double(frames) / sampleRate
        var text = "\(verb) \(files - failed - cancelled - skipped) of \(plural(files, "file"))"
        if frames > 0 {
            text += ": \(seconds(audio)) s of audio in \(seconds(elapsed)) s"
            if audio >= 0.1, elapsed >= 0.01 {
                let speed = audio / elapsed
                text += speed >= 10 ? " (\(Int(speed))× realtime)" : " (\(format(speed))× realtime)"
            }
        }
        if skipped > 0 { text += "; \(skipped) skipped (already there)" }
        if failed > 0 { text += "; \(failed) failed" }
        if cancelled > 0 { text += "; \(cancelled) interrupted" }
        return text
    }

    /// One decimal from 10 s, three below (`0.052`), so short times do not read as 0.0.
    private func seconds(_ s: Double) -> String { cFormat(s >= 10 ? "%.1f" : "%.3f", s) }

    private func format(_ seconds: Double) -> String { cFormat("%.1f", seconds) }
    private func write(_ s: String) { StandardStream.error.write(s) }
}
