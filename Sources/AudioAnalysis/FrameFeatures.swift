/// What the analysis keeps of each 10 ms frame: a few numbers, so a two-hour film's features
/// take ≈ 50 MB whatever its sample rate or channel count. Struct of arrays, one entry per
/// frame; frame t is centred on `t · hopSeconds`.
///
/// Powers are mean-square contributions (a full-scale sine has power 0.5) before loudness
/// normalization; ``AnalysisResult`` expresses them relative to the integrated loudness.
public struct FrameFeatures: Sendable {
    /// Percussive spectral flux per group: the energy-weighted mean rise in dB of the
    /// percussive band powers since the previous frame (level-independent).
    public var flux: [[Float]] = Array(repeating: [], count: BandLayout.Group.allCases.count)
    /// Percussive power per group.
    public var percussive: [[Float]] = Array(repeating: [], count: BandLayout.Group.allCases.count)
    /// Harmonic power per group.
    public var harmonic: [[Float]] = Array(repeating: [], count: BandLayout.Group.allCases.count)
    /// Harmonic power below ``BandLayout/rumbleUpperHz``.
    public var rumble: [Float] = []
    /// Percussive flux and power below ``BandLayout/rumbleUpperHz`` (film's impacts: the
    /// range where LFE and thumps live and dialogue does not).
    public var rumbleFlux: [Float] = []
    public var rumblePercussive: [Float] = []
    /// Mean square of the mono signal per 1/4 hop (2.5 ms at 48 kHz): the fine envelope
    /// onsets are timed on.
    public var fineEnergy: [Float] = []
    /// Spectral centroid of the whole frame on a log-frequency axis (log2 Hz).
    public var logCentroid: [Float] = []

    public init() {}

    public var count: Int { logCentroid.count }

    /// Total power (percussive + harmonic, all groups) of frame `t`. O(1).
    public func total(_ t: Int) -> Float {
        var s: Float = 0
        for g in 0..<percussive.count { s += percussive[g][t] + harmonic[g][t] }
        return s
    }
}
