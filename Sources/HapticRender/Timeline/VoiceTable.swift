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
    package var releaseStart: [Int64] = []
    public var kind: [VoiceKind] = []
    /// Which layer (player) the voice belongs to: selects its parameter lanes.
    package var layer: [UInt16] = []

    /// Haptic: `HapticIntensity`. Audio: `AudioVolume`.
    package var level: [Float] = []
    /// Haptic: `HapticSharpness`. Audio: `AudioBrightness`.
    package var timbre: [Float] = []
    /// Audio: `AudioPan` (−1…1). Haptic: 0.
    package var pan: [Float] = []
    /// Audio: `AudioPitch` (−1…1). Haptic: 0.
    package var pitch: [Float] = []

    /// Envelope stage lengths in samples (already including envelope-time controls; never
    /// rate-scaled). All three are filled for every envelope event whatever `sustained` says;
    /// transients have 0. Attack and decay read their controls at `start`, release at
    /// `releaseStart` (AudioCustom: at `end`).
    package var attackSamples: [Int32] = []
    package var decaySamples: [Int32] = []
    package var releaseSamples: [Int32] = []
    /// `Sustained` (only an explicit 0 is non-sustained).
    package var sustained: [Bool] = []

    /// AudioCustom: index into ``Timeline/audioResources``; −1 otherwise.
    package var audioResource: [Int32] = []
    /// AudioCustom: `EventWaveformLoopEnabled`.
    package var loops: [Bool] = []
    /// AudioCustom: `EventWaveformUseVolumeEnvelope`.
    package var usesVolumeEnvelope: [Bool] = []

    package init() {}

    /// Number of voices. O(1).
    @inlinable public var count: Int { start.count }
}
