import HapticPattern

/// Decodes `.hjif` bytes (the MPEG-I haptics JSON interchange) into an ``HJIFExperience`` and
/// the ``PatternOutline`` it plays on one vibrotactile actuator, with diagnostics that carry
/// JSON paths and line:column positions (docs/formats.md, "The `.hjif` format").
///
/// ## Policy (the same as ``HapticClipDecoder``'s)
/// * **Strict** accepts what the key tree requires: every required key, every value of its
///   type and range, keyframes in time order.
/// * **Lenient** (default) plays what has one clear meaning and says what it changed: a
///   missing descriptive key is read as its default, out-of-range values are clamped,
///   keyframes are sorted; an effect at a negative position, or a keyframe before its
///   effect, is skipped — each a warning.
/// * **Refused** (both modes): invalid JSON, no `perceptions` array, a wavelet band (its
///   coding is not read), an unknown band or effect type, the limits.
/// * Unknown keys are notes; perceptions of other modalities (force, temperature, …) are
///   warnings and are not played; a file with nothing vibrotactile to play is a warning (it
///   plays silence).
///
/// - Complexity: O(bytes + keyframes as played · log), within ``PatternLimits``: `maxEvents`
///   bounds the effects and `maxCurvePoints` the keyframes, both counted as references and
///   composites expand; `maxDurationSeconds` bounds every time.
public struct HJIFDecoder: Sendable {
    /// Mode and limits, shared with the AHAP decoder.
    public var options: AHAPDecoder.Options

    public init(options: AHAPDecoder.Options = .init()) {
        self.options = options
    }

    /// Decodes one `.hjif` document.
    public func decode(_ bytes: [UInt8]) -> HJIFDecodeResult {
        var context = HJIFDecodingContext(strict: options.mode == .strict, limits: options.limits)
        let experience = context.decodeDocument(bytes)
        let playback = experience.flatMap { context.playback($0) }
        return HJIFDecodeResult(
            experience: playback == nil ? nil : experience,
            outline: playback.map(PatternOutline.init(playback:)),
            diagnostics: context.finishedDiagnostics())
    }
}

/// What ``HJIFDecoder/decode(_:)`` returns.
public struct HJIFDecodeResult: Sendable {
    /// The file's model, or nil when it is unusable as a whole.
    public var experience: HJIFExperience?
    /// What it plays; nil with ``experience``.
    public var outline: PatternOutline?
    /// Every finding, in the order found.
    public var diagnostics: [Diagnostic]

    /// Whether there is an outline and no error.
    public var accepted: Bool {
        outline != nil && !diagnostics.contains { $0.severity == .error }
    }
}
