import HapticPattern

/// Decodes `.haptic` bytes into a ``HapticClip`` plus diagnostics with JSON paths and
/// line:column positions, applying the validation rules of the format's specification
/// (docs/formats.md, "Validation").
///
/// ## Policy (the same as ``AHAPDecoder``'s)
/// * **Strict** accepts exactly what the Meta Haptics SDK's strict validator accepts: every
///   rule of the spec is an error.
/// * **Lenient** (default) plays what has one clear meaning and says what it changed:
///   out-of-range values are clamped, an emphasis below its envelope is raised to it,
///   breakpoints out of time order are sorted, a frequency breakpoint outside the amplitude
///   envelope is kept (the envelope holds there) — each a warning. A breakpoint without a
///   usable `time` or value is skipped with a warning.
/// * **Broken file** (both modes): invalid JSON, no `version` or a major version other than 1,
///   no `signals.continuous.envelopes.amplitude` array, fewer than two amplitude breakpoints
///   or an envelope of zero length: one error and no clip.
/// * Unknown keys are notes (the spec asks parsers to tolerate them); a newer minor or patch
///   version is a note (read as 1.0.0).
///
/// Complexity: O(bytes + breakpoints · log breakpoints).
public struct HapticClipDecoder: Sendable {
    /// Mode and limits, shared with the AHAP decoder (`maxInputBytes`, `maxJSONValues`,
    /// `maxCurvePoints` for the breakpoints, `maxDurationSeconds`, `maxDiagnostics`).
    public var options: AHAPDecoder.Options

    public init(options: AHAPDecoder.Options = .init()) {
        self.options = options
    }

    /// Decodes one `.haptic` document.
    public func decode(_ bytes: [UInt8]) -> HapticClipDecodeResult {
        var context = ClipDecodingContext(strict: options.mode == .strict, limits: options.limits)
        let clip = context.decodeDocument(bytes)
        return HapticClipDecodeResult(clip: clip, diagnostics: context.finishedDiagnostics())
    }
}

/// What ``HapticClipDecoder/decode(_:)`` returns.
public struct HapticClipDecodeResult: Sendable {
    /// The clip, or `nil` when the file as a whole is unusable. In strict mode a readable but
    /// invalid file still gives its clip (best effort) so tools can inspect it.
    public var clip: HapticClip?
    /// Every finding, in file order of discovery.
    public var diagnostics: [Diagnostic]

    public init(clip: HapticClip?, diagnostics: [Diagnostic]) {
        self.clip = clip
        self.diagnostics = diagnostics
    }

    /// `true` when there is a clip and no error diagnostic.
    public var accepted: Bool { clip != nil && !diagnostics.contains { $0.severity == .error } }
}

/// Thrown by ``HapticClip/init(bytes:mode:)`` when a file is not accepted.
public struct HapticClipDecodingError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public var description: String {
        let errors = diagnostics.filter { $0.severity == .error }
        return (errors.isEmpty ? diagnostics : errors).map(\.description).joined(separator: "\n")
    }
}

extension HapticClip {
    /// Decodes `.haptic` bytes, throwing unless the file is accepted in `mode`.
    public init(bytes: [UInt8], mode: AHAPDecoder.Mode = .lenient) throws(HapticClipDecodingError) {
        let result = HapticClipDecoder(options: .init(mode: mode)).decode(bytes)
        guard result.accepted, let clip = result.clip else {
            throw HapticClipDecodingError(diagnostics: result.diagnostics)
        }
        self = clip
    }
}
