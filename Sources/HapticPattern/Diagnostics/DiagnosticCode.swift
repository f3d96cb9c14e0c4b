/// Our stable diagnostic codes. The raw value is what tools print and match on; it never
/// changes once released (add new cases instead).
///
/// Naming: `<area>.<problem>` in lower-case kebab case. Areas: `json` (syntax), `file`
/// (top level), `version`, `metadata`, `item` (pattern items), `key`, `value`, `event`,
/// `event-parameter`, `parameter`, `curve`, `pattern`, `resource`, `limit`, `diagnostics`, and
/// `haptic` for `.haptic` clips and `hjif` for `.hjif` files (decoded by the HapticFormats
/// module).
/// The Core Haptics code that applies (if any) is carried separately in
/// ``Diagnostic/coreHapticsCode`` because it depends on context.
public enum DiagnosticCode: String, Hashable, Sendable, CaseIterable, Codable {
    // JSON syntax.
    case jsonEmpty = "json.empty"
    case jsonSyntax = "json.syntax"
    case jsonTrailingComma = "json.trailing-comma"
    case jsonInvalidUTF8 = "json.invalid-utf8"
    case jsonNonFiniteLiteral = "json.non-finite-literal"
    case jsonNumberOverflow = "json.number-overflow"
    case jsonComment = "json.comment"
    case jsonTooDeep = "json.too-deep"
    case jsonByteOrderMark = "json.byte-order-mark"
    case jsonDuplicateKey = "json.duplicate-key"

    // File level.
    case fileNotObject = "file.not-object"
    case fileMissingPattern = "file.missing-pattern"
    case filePatternNotArray = "file.pattern-not-array"
    case fileEmptyPattern = "file.empty-pattern"
    case fileUnreadable = "file.unreadable"
    case fileExtension = "file.extension"

    // Version and metadata.
    case versionMissing = "version.missing"
    case versionInteger = "version.integer"
    case versionNotNumber = "version.not-number"
    case versionUnsupported = "version.unsupported"
    case metadataNotObject = "metadata.not-object"

    // Pattern items and keys.
    case itemNotObject = "item.not-object"
    case itemNoKnownKey = "item.no-known-key"
    case keyUnknown = "key.unknown"
    case keyTypo = "key.typo"
    case keyWrongCase = "key.wrong-case"
    case keyLegacyAlias = "key.legacy-alias"
    case keyConflict = "key.conflict"

    // Values.
    case valueWrongType = "value.wrong-type"
    case valueNumericString = "value.numeric-string"
    case valueNonNumericString = "value.non-numeric-string"
    case valueBoolAsNumber = "value.bool-as-number"
    case valueClamped = "value.clamped"

    // Events.
    case eventMissingType = "event.missing-type"
    case eventUnknownType = "event.unknown-type"
    case eventTypeWrongCase = "event.type-wrong-case"
    case eventMissingTime = "event.missing-time"
    case eventNegativeTime = "event.negative-time"
    case eventNegativeDuration = "event.negative-duration"
    case eventMissingDuration = "event.missing-duration"
    case eventDurationCapped = "event.duration-capped"
    case eventDurationIgnored = "event.duration-ignored"
    case eventMissingWaveformPath = "event.missing-waveform-path"
    case eventLoopWithoutDuration = "event.loop-without-duration"
    /// An event that can never be felt or heard: its intensity or volume is 0, or its
    /// multiplying control is 0 over its whole life.
    case eventSilent = "event.silent"

    // Event parameters.
    case eventParameterMissingID = "event-parameter.missing-id"
    case eventParameterMissingValue = "event-parameter.missing-value"
    case eventParameterUnknownID = "event-parameter.unknown-id"
    case eventParameterWrongCase = "event-parameter.wrong-case"
    case eventParameterAlias = "event-parameter.alias"
    case eventParameterNotApplicable = "event-parameter.not-applicable"
    case eventParameterIgnored = "event-parameter.ignored"
    case eventParameterDuplicate = "event-parameter.duplicate"

    // Dynamic parameters.
    case parameterMissingID = "parameter.missing-id"
    case parameterMissingTime = "parameter.missing-time"
    case parameterUnknownID = "parameter.unknown-id"
    case parameterWrongCase = "parameter.wrong-case"
    case parameterMissingValue = "parameter.missing-value"
    case parameterNegativeTime = "parameter.negative-time"

    // Curves.
    case curveMissingID = "curve.missing-id"
    case curveMissingTime = "curve.missing-time"
    case curveUnknownID = "curve.unknown-id"
    case curveWrongCase = "curve.wrong-case"
    case curveNotCurvable = "curve.not-curvable"
    case curveMissingPoints = "curve.missing-points"
    case curveBadPoint = "curve.bad-point"
    case curveTooManyPoints = "curve.too-many-points"
    case curveUnsortedPoints = "curve.unsorted-points"

    // Pattern-wide.
    case patternUnsorted = "pattern.unsorted"
    /// A transient that the pattern's own intensity control plays below half of the intensity
    /// it asks for (controls multiply every event, transients included).
    case patternTransientScaled = "pattern.transient-scaled"
    /// A pattern none of whose events can ever be felt or heard (each has its `event.silent`).
    case patternSilent = "pattern.silent"

    // `.haptic` clips (Meta Haptics SDK / Lofelt Studio format v1).
    /// A required key is absent (`version`, `signals`, `time`, `amplitude`, …).
    case hapticMissingKey = "haptic.missing-key"
    /// Fewer than two amplitude breakpoints.
    case hapticTooFewBreakpoints = "haptic.too-few-breakpoints"
    /// The amplitude envelope's last breakpoint is not after its first.
    case hapticZeroDuration = "haptic.zero-duration"
    /// A breakpoint time is negative.
    case hapticNegativeTime = "haptic.negative-time"
    /// Breakpoint times decrease.
    case hapticUnsortedBreakpoints = "haptic.unsorted-breakpoints"
    /// An amplitude, frequency or emphasis value outside 0…1.
    case hapticValueOutOfRange = "haptic.value-out-of-range"
    /// An emphasis amplitude below the envelope amplitude of its breakpoint.
    case hapticEmphasisBelowEnvelope = "haptic.emphasis-below-envelope"
    /// A frequency breakpoint before the amplitude envelope's start or after its end.
    case hapticFrequencyOutsideEnvelope = "haptic.frequency-outside-envelope"

    // `.hjif` files (MPEG-I haptics interchange, ISO/IEC 23090-31).
    /// A required key is absent (`perceptions`, `channels`, `bands`, `effects`, `timescale`, …).
    case hjifMissingKey = "hjif.missing-key"
    /// A name the key tree does not list (`band_type`, `effect_type`, `perception_modality`).
    case hjifUnknownName = "hjif.unknown-name"
    /// A wavelet band: its coding is not read (the file is refused).
    case hjifWaveletBand = "hjif.wavelet-band"
    /// A `position` or `relative_position` below 0.
    case hjifNegativeTime = "hjif.negative-time"
    /// An effect's keyframes out of time order.
    case hjifUnsortedKeyframes = "hjif.unsorted-keyframes"
    /// An amplitude outside 0…1, a negative frequency, gain or mixing coefficient, a timescale
    /// that is not a positive whole number.
    case hjifValueOutOfRange = "hjif.value-out-of-range"
    /// A `Reference` effect whose `id` is not in its perception's `effect_library`, or a
    /// library that refers to itself.
    case hjifUnknownReference = "hjif.unknown-reference"
    /// Something an actuator does not play: a perception of another modality (force,
    /// temperature, …), a base signal other than a sine, a Curve band read as an envelope.
    case hjifNotPlayed = "hjif.not-played"
    /// No vibrotactile perception with anything to play (a warning: the file is valid, silent).
    case hjifNothingToPlay = "hjif.nothing-to-play"

    // Audio resources (AudioCustom).
    case resourceNotFound = "resource.not-found"
    case resourceRefused = "resource.refused"
    case resourceFallback = "resource.fallback"
    /// The audio file resolved but could not be decoded (corrupt, unsupported, too large).
    case resourceUnreadable = "resource.unreadable"
    /// Some of the audio file's samples are NaN, infinite or absurdly large; they are read as 0.
    case resourceNonFiniteSamples = "resource.non-finite-samples"

    // Resource limits (``PatternLimits``): the file is refused in both modes.
    case limitInputSize = "limit.input-size"
    case limitJSONValues = "limit.json-values"
    case limitEvents = "limit.events"
    case limitParameters = "limit.parameters"
    case limitCurvePoints = "limit.curve-points"
    case limitDuration = "limit.duration"
    /// Render limits (`RenderLimits` in HapticRender): voices after loop unrolling and
    /// simultaneous voices.
    case limitVoices = "limit.voices"
    case limitPolyphony = "limit.polyphony"
    /// More findings than ``PatternLimits/maxDiagnostics``: one summary stands for the rest.
    case diagnosticsTruncated = "diagnostics.truncated"
}
