import HapticPattern

/// The scheduled form of one or more patterns: everything the synthesizer needs, resolved
/// to sample positions, in a compact struct-of-arrays layout.
///
/// A timeline is immutable once built (see `Scheduler`). Its memory grows with the number of
/// events and control points, never with the duration. The renderer copies what it needs into
/// preallocated storage at prepare time and then reads it without allocating.
///
/// Sample positions are absolute output-sample indices at ``sampleRate`` (sample 0 is the
/// first rendered sample, after seek and at the first layer's start).
public struct Timeline: Sendable, Hashable {
    /// Output sample rate the positions are expressed in.
    package var sampleRate: Double
    /// Every voice (one per scheduled event occurrence), sorted by ``VoiceTable/start``.
    public var voices: VoiceTable
    /// Dynamic-parameter lanes:
    /// `parameterLanes[layer * DynamicParameterID.allCases.count + id.index]`. Each holds the
    /// *control* value (neutral before its first breakpoint).
    @usableFromInline package var parameterLanes: [ParameterLane]
    /// Number of layers (players): one per pattern layered on the engine.
    package var layerCount: Int
    /// Custom audio the voices play, indexed by ``VoiceTable/audioResource``.
    public var audioResources: [AudioResourceReference]
    /// Maximum number of simultaneously sounding voices of each kind, for exact
    /// preallocation of voice pools.
    public var maxPolyphony: Polyphony
    /// Pattern duration by the Core Haptics rule (docs/ahap-format.md, Timing and duration)
    /// after player options
    /// (rate, loops, seek), in samples. The rendered length adds the actuator's ring-down.
    public var patternDurationSamples: Int64
    /// One past the last sample at which any voice sounds (envelope tails included).
    package var voicesEndSample: Int64

    package init(
        sampleRate: Double, voices: VoiceTable = VoiceTable(),
        parameterLanes: [ParameterLane] = [],
        layerCount: Int = 1, audioResources: [AudioResourceReference] = [],
        maxPolyphony: Polyphony = Polyphony(), patternDurationSamples: Int64 = 0,
        voicesEndSample: Int64 = 0
    ) {
        self.sampleRate = sampleRate
        self.voices = voices
        self.parameterLanes =
            parameterLanes.isEmpty
            ? Array(
                repeating: ParameterLane(), count: layerCount * DynamicParameterID.allCases.count)
            : parameterLanes
        self.layerCount = layerCount
        self.audioResources = audioResources
        self.maxPolyphony = maxPolyphony
        self.patternDurationSamples = patternDurationSamples
        self.voicesEndSample = voicesEndSample
    }

    /// The parameter lane of `id` for `layer`.
    @inlinable package func parameterLane(_ id: DynamicParameterID, layer: Int = 0) -> ParameterLane
    {
        parameterLanes[layer * DynamicParameterID.allCases.count + id.index]
    }
}

/// What kind of sound a voice makes; one per AHAP event type.
public enum VoiceKind: UInt8, CaseIterable, Sendable, Hashable {
    case hapticTransient = 0
    case hapticContinuous = 1
    case audioContinuous = 2
    case audioCustom = 3

    package init(_ type: EventType) {
        switch type {
        case .hapticTransient: self = .hapticTransient
        case .hapticContinuous: self = .hapticContinuous
        case .audioContinuous: self = .audioContinuous
        case .audioCustom: self = .audioCustom
        }
    }

    @inlinable package var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }
}

/// Maximum simultaneous voices per kind.
public struct Polyphony: Sendable, Hashable {
    package var hapticTransient = 0
    package var hapticContinuous = 0
    package var audioContinuous = 0
    package var audioCustom = 0

    package init() {}

    package subscript(_ kind: VoiceKind) -> Int {
        get {
            switch kind {
            case .hapticTransient: return hapticTransient
            case .hapticContinuous: return hapticContinuous
            case .audioContinuous: return audioContinuous
            case .audioCustom: return audioCustom
            }
        }
        set {
            switch kind {
            case .hapticTransient: hapticTransient = newValue
            case .hapticContinuous: hapticContinuous = newValue
            case .audioContinuous: audioContinuous = newValue
            case .audioCustom: audioCustom = newValue
            }
        }
    }
}

/// A custom audio file a voice plays: the reference as written in the pattern plus the length
/// the caller resolved (the scheduler does no I/O).
public struct AudioResourceReference: Sendable, Hashable {
    /// `EventWaveformPath` as written in the file.
    package var path: String
    /// Length of the audio in seconds (frames / file sample rate).
    package var durationSeconds: Double

    package init(path: String, durationSeconds: Double) {
        self.path = path
        self.durationSeconds = durationSeconds
    }
}
