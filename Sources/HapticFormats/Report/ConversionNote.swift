/// Something a conversion dropped or approximated: what kind, how often, and where first.
public struct ConversionNote: Sendable, Hashable {
    /// The kinds of loss, with stable names (`rawValue`) for JSON.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Audio events (AudioContinuous, AudioCustom) and their parameters: no target plays audio.
        case audioDropped = "audio-dropped"
        /// Continuous events that sound together, merged into one signal.
        case continuousMerged = "continuous-merged"
        /// Transients at the same time, merged into one.
        case transientsMerged = "transients-merged"
        /// A transient's intensity raised to the envelope's (a `.haptic` emphasis is never below it).
        case emphasisRaised = "emphasis-raised"
        /// Sharpness of the continuous signal: the target drives at one frequency.
        case sharpnessDropped = "sharpness-dropped"
        /// Transient sharpness reduced to a primitive's fixed character.
        case transientSharpnessQuantized = "transient-sharpness-quantized"
        /// A transient inside a continuous part, played as a short burst of the waveform.
        case transientAsBurst = "transient-as-burst"
        /// A transient moved later so primitives do not overlap.
        case transientShifted = "transient-shifted"
        /// An envelope simplified to the target's most control points.
        case envelopeSimplified = "envelope-simplified"
        /// A length below the target's minimum, lengthened (or a value below its floor, raised).
        case belowPlatformMinimum = "below-platform-minimum"
        /// A part that drives the actuator below the perception threshold at its frequency: an
        /// Android envelope plays it as off (intensity 0), or the whole part as a waveform.
        case belowPerceptionThreshold = "below-perception-threshold"
        /// A part longer than the target allows, cut.
        case beyondPlatformMaximum = "beyond-platform-maximum"
        /// A pattern that sounds, but too briefly for the target's time step to hold any of
        /// it: the target plays nothing.
        case droppedTooShort = "dropped-too-short"
        /// Ramps of the continuous signal played as steps.
        case rampsAsSteps = "ramps-as-steps"
        /// In AHAP the intensity curve also scales transients: a transient that the curve's
        /// value would crush gets the curve raised to its level for a moment.
        case curveRaisedForTransient = "curve-raised-for-transient"
    }

    public var kind: Kind
    /// How many places it happened.
    public var count: Int
    /// The first place, in seconds from the start (nil: the whole pattern).
    public var time: Double?
    /// What happened, for a sound designer.
    public var message: String
    /// How far from what was asked, in dB, where a level is the loss: for
    /// `below-perception-threshold`, the strongest drive an envelope left off, in dB SL (< 0;
    /// nil when every such part played as a waveform); nil for the other kinds.
    public var levelDB: Double?

    public init(_ kind: Kind, count: Int = 1, at time: Double? = nil, _ message: String) {
        self.kind = kind
        self.count = count
        self.time = time
        self.message = message
    }
}

extension [ConversionNote] {
    /// Adds one occurrence of `kind`: a new note with `message`, or one more on the existing
    /// note of that kind (which keeps its first time and message).
    mutating func record(
        _ kind: ConversionNote.Kind, at time: Double?, _ message: @autoclosure () -> String
    ) {
        if let i = firstIndex(where: { $0.kind == kind }) {
            self[i].count += 1
        } else {
            append(ConversionNote(kind, at: time, message()))
        }
    }
}
