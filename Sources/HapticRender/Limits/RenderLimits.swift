import HapticPattern

/// Caps on what scheduling and rendering may cost, after player options (loops, playback
/// rate, seek, layer start times) are applied — what ``PatternLimits`` cannot see from the
/// file alone (a 1 s pattern looped 10⁹ times is 10⁹ s and 10⁹ voices).
///
/// Checked twice by ``Scheduler/schedule(_:limits:)``: up front from the patterns and options
/// (O(items), nothing allocated per voice), then exactly on the finished timeline (envelope
/// tails, ring-down). ``renderFrameCount(for:configuration:)`` is the exact check on its own.
///
/// | limit | default | bounds |
/// |---|---|---|
/// | ``maxDurationSeconds`` | 3,600 (1 h) | output length (samples, disk, render time) |
/// | ``maxVoices`` | 1,000,000 | scheduled voices after loop unrolling (scheduler memory) |
/// | ``maxLaneBreakpoints`` | 4,000,000 | parameter and curve points after unrolling (parameter-lane memory) |
/// | ``maxPolyphony`` | 1,024 | simultaneous voices of one kind (render cost per sample) |
public struct RenderLimits: Hashable, Sendable {
    /// Longest render, in seconds, ring-down included.
    public var maxDurationSeconds: Double
    /// Most voices (event occurrences, each loop iteration counted).
    public var maxVoices: Int
    /// Most parameter-lane breakpoints (dynamic parameters and curve control points, each loop
    /// iteration counted, runtime parameters included).
    public var maxLaneBreakpoints: Int
    /// Most voices of one kind sounding at once.
    public var maxPolyphony: Int

    public init(
        maxDurationSeconds: Double = 3_600, maxVoices: Int = 1_000_000,
        maxLaneBreakpoints: Int = 4_000_000, maxPolyphony: Int = 1_024
    ) {
        self.maxDurationSeconds = maxDurationSeconds
        self.maxVoices = maxVoices
        self.maxLaneBreakpoints = maxLaneBreakpoints
        self.maxPolyphony = maxPolyphony
    }

    /// The documented defaults (see the table above).
    public static var `default`: RenderLimits { RenderLimits() }

    /// No limits. Only for trusted input.
    public static var unlimited: RenderLimits {
        RenderLimits(
            maxDurationSeconds: .infinity, maxVoices: .max, maxLaneBreakpoints: .max,
            maxPolyphony: .max)
    }
}

/// A render refused by ``RenderLimits``: which limit, the amount asked for and the limit,
/// and a message that says how to proceed.
package struct RenderLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Limit: String, Hashable, Sendable {
        case duration, voices, laneBreakpoints, polyphony
    }

    package var limit: Limit
    /// What the render would need (seconds, voices, breakpoints or simultaneous voices).
    package var requested: Double
    /// The limit it exceeds.
    package var maximum: Double
    package var message: String

    package init(_ limit: Limit, requested: Double, maximum: Double, _ message: String) {
        self.limit = limit
        self.requested = requested
        self.maximum = maximum
        self.message = message
    }

    /// Our stable diagnostic code for this limit (`limit.duration`, `limit.voices`, …).
    package var code: DiagnosticCode {
        switch limit {
        case .duration: return .limitDuration
        case .voices: return .limitVoices
        case .laneBreakpoints: return .limitCurvePoints
        case .polyphony: return .limitPolyphony
        }
    }

    /// The error as a whole-file diagnostic, so tools print it like decoder findings.
    package var diagnostic: Diagnostic {
        Diagnostic(severity: .error, code: code, message: message)
    }

    package var description: String { "\(message) [\(code.rawValue)]" }
}
