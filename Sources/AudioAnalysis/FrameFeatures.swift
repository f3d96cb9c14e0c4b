/// What the analysis keeps of each 10 ms frame: a few numbers, so a two-hour film's features
/// take ≈ 30 MB whatever its sample rate or channel count. Struct of arrays, one entry per
/// frame; frame t is centred on `t · hopSeconds`.
///
/// Powers are mean-square contributions (a full-scale sine has power 0.5) before loudness
/// normalization; ``AnalysisResult`` expresses them relative to the integrated loudness.
public struct FrameFeatures: Sendable {
    /// Power of the whole analysed range (30 Hz – 16 kHz).
    public var power: [Float] = []
    /// Power from 150 Hz to 2 kHz, where a voice's energy lies.
    public var voiceBand: [Float] = []
    /// Power below ``BandLayout/rumbleUpperHz``: film's range (LFE, thumps, explosions; no
    /// dialogue).
    public var rumble: [Float] = []
    /// Spectral centroid of the whole frame on a log-frequency axis (log2 Hz).
    public var logCentroid: [Float] = []
    /// Spectral flatness from 100 Hz to 1.5 kHz in dB (0 = noise, far below 0 = harmonics):
    /// voiced speech and tones are peaky there, drums and noise flat.
    public var voiceFlatness: [Float] = []
    /// Onset strength (SuperFlux, Böck & Widmer 2013): the summed rise of the log-compressed
    /// band powers over the largest of the two previous frames and the neighbouring bands.
    public var onsetStrength: [Float] = []
    /// Mean square of the mono signal per 1/4 hop (2.5 ms at 48 kHz): the fine envelope that
    /// onsets are timed on and the haptic bed follows.
    public var fineEnergy: [Float] = []

    public init() {}

    public var count: Int { logCentroid.count }
}

extension FrameFeatures {
    /// The features of frames `frames` and fine blocks `blocks` (both clamped to what there is).
    func slice(frames: Range<Int>, blocks: Range<Int>) -> FrameFeatures {
        let f = frames.clamped(to: 0..<count)
        let b = blocks.clamped(to: 0..<fineEnergy.count)
        var s = FrameFeatures()
        s.power = Array(power[f])
        s.voiceBand = Array(voiceBand[f])
        s.rumble = Array(rumble[f])
        s.logCentroid = Array(logCentroid[f])
        s.voiceFlatness = Array(voiceFlatness[f])
        s.onsetStrength = Array(onsetStrength[f])
        s.fineEnergy = Array(fineEnergy[b])
        return s
    }

    /// Appends the features of the frames and blocks that follow.
    mutating func append(_ next: FrameFeatures) {
        power += next.power
        voiceBand += next.voiceBand
        rumble += next.rumble
        logCentroid += next.logCentroid
        voiceFlatness += next.voiceFlatness
        onsetStrength += next.onsetStrength
        fineEnergy += next.fineEnergy
    }
}
