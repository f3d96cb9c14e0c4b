import HapticPattern

/// Why one render failed: the input, the stage, a message a user can act on, and the
/// decoder's diagnostics when the AHAP file itself was the problem.
public struct RenderJobError: Error, Sendable, CustomStringConvertible {
    /// Where a render stopped.
    public enum Stage: String, Sendable {
        case options, output, decode, audio, schedule, render, write, cancelled
        /// The reader of a streamed output (a pipe) went away before the end.
        case outputClosed
    }

    /// The AHAP file (empty for option errors, which concern every input).
    public var input: String
    public var stage: Stage
    public var message: String
    /// The decoder's errors (stage `decode`).
    public var diagnostics: [Diagnostic]

    public init(input: String, stage: Stage, message: String, diagnostics: [Diagnostic] = []) {
        self.input = input
        self.stage = stage
        self.message = message
        self.diagnostics = diagnostics
    }

    /// `file: error: message`, followed by the decoder's errors one per line.
    public var description: String {
        var text = input.isEmpty ? "error: \(message)" : "\(input): error: \(message)"
        for d in diagnostics where d.severity == .error {
            text += "\n" + d.rendered(file: input)
        }
        return text
    }
}
