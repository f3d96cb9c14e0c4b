/// Struct-of-arrays table of scheduled voices, sorted by ``start``.
///
/// Every array has ``count`` elements; element `i` of each array describes voice `i`.
/// Static values are the event's own parameters (clamped, defaults filled in); the
/// parameter lanes of the voice's layer modulate them while it sounds.
public struct VoiceTable: Sendable, Hashable {
    /// First sample of the voice.
    public var start: [Int64] = []
    /// One past the last sample of the voice (envelope release / decay tail included;
    /// for transients, the built-in transient length).
    public var end: [Int64] = []
    /// Sample at which the envelope leaves its peak and starts falling to `end`:
    /// - sustained continuous (AR): `Time + EventDuration` (the release begins; `end =
    ///   releaseStart + releaseSamples`);
    /// - non-sustained continuous (AD): `start + attackSamples` (the decay begins; `end =
    ///   releaseStart + decaySamples`);
    /// - AudioCustom: `end − releaseSamples` (fade-out ending at the audio end), or `end`
    ///   without the volume envelope;
    /// - HapticTransient: `end` (no envelope).
    /// Always `start ≤ releaseStart ≤ end`.
    public var releaseStart: [Int64] = []
    public var kind: [VoiceKind] = []
    /// Which layer (player) the voice belongs to: selects its parameter lanes.
    public var layer: [UInt16] = []

    /// Haptic: `HapticIntensity`. Audio: `AudioVolume`.
    public var level: [Float] = []
    /// Haptic: `HapticSharpness`. Audio: `AudioBrightness`.
    public var timbre: [Float] = []
    /// Audio: `AudioPan` (−1…1). Haptic: 0.
    public var pan: [Float] = []
    /// Audio: `AudioPitch` (−1…1). Haptic: 0.
    public var pitch: [Float] = []

    /// Envelope stage lengths in samples (already including envelope-time controls; never
    /// rate-scaled). All three are filled for every envelope event whatever `sustained` says;
    /// transients have 0. Attack and decay read their controls at `start`, release at
    /// `releaseStart` (AudioCustom: at `end`).
    public var attackSamples: [Int32] = []
    public var decaySamples: [Int32] = []
    public var releaseSamples: [Int32] = []
    /// `Sustained` (only an explicit 0 is non-sustained).
    public var sustained: [Bool] = []

    /// AudioCustom: index into ``Timeline/audioResources``; −1 otherwise.
    public var audioResource: [Int32] = []
    /// AudioCustom: `EventWaveformLoopEnabled`.
    public var loops: [Bool] = []
    /// AudioCustom: `EventWaveformUseVolumeEnvelope`.
    public var usesVolumeEnvelope: [Bool] = []

    public init() {}

    /// Number of voices. O(1).
    @inlinable public var count: Int { start.count }
}
