import AudioAnalysis

/// The levels the haptics are made from, per 2.5 ms block of the fine envelope: the sound's
/// envelope for hits (instant attack, 40 ms release), the bed's envelope (the knob's
/// release), both read against one reference, and the bed's intensity.
///
/// Intensity follows the square root of amplitude re the reference (Lofelt's and Meta's
/// `I = √amp`, since Core Haptics' intensity is felt roughly quadratically): a block at the
/// reference plays at 1, −12 dB at 0.5, and below −40 dB the bed is off (below −20 dB, after
/// the rumble gain, in the rumble band: a voice's faint low end must not hum in the hands).
struct SoundLevels {
    /// Release of the envelope hits are measured on.
    static let hitRelease = 0.04
    /// Amplitude gain of the rumble band over the whole sound's reference (+10 dB): a film's
    /// low end is far below its dialogue and effects, yet is what a hand should feel.
    static let rumbleGain: Float = 3.162
    /// Amplitude re the reference below which the bed is off: −40 dB for the whole sound,
    /// −20 dB for the rumble band.
    static func bedFloor(_ band: GenerationSettings.Band) -> Double { band == .full ? 0.01 : 0.1 }

    let blockSeconds: Double
    /// The whole sound's reference amplitude (the level only 0.1 % of its blocks exceed).
    let reference: Float
    /// Envelope hits are read on, ÷ reference (may exceed 1).
    let hit: [Float]
    /// The bed's intensity per block, 0…1 (0 = off).
    var bed: [Double]

    /// O(blocks).
    init(_ analysis: AnalysisResult, settings: GenerationSettings) {
        let f = analysis.features
        blockSeconds = analysis.fineBlockSeconds
        let whole = LevelEnvelope.follow(
            meanSquare: f.fineEnergy, blockSeconds: blockSeconds, release: Self.hitRelease)
        let reference = max(LevelEnvelope.reference(whole), 1e-12)
        self.reference = reference
        let source: [Float]
        let gain: Float
        switch settings.band {
        case .full:
            source = f.fineEnergy
            gain = 1
        case .rumble:
            source = Self.perBlock(f.rumble, blocks: f.fineEnergy.count, analysis: analysis)
            gain = Self.rumbleGain
        }
        let scale = gain / reference
        let hitEnvelope =
            settings.band == .full
            ? whole
            : LevelEnvelope.follow(
                meanSquare: source, blockSeconds: blockSeconds, release: Self.hitRelease)
        hit = hitEnvelope.map { $0 * scale }
        let bedEnvelope = LevelEnvelope.follow(
            meanSquare: source, blockSeconds: blockSeconds, release: settings.bedRelease)
        let floor = Self.bedFloor(settings.band)
        bed = bedEnvelope.map { x in
            let amplitude = min(1, Double(x * scale))
            return amplitude < floor ? 0 : amplitude.squareRoot()
        }
    }

    /// A per-frame power read at each fine block (the frame centred nearest the block).
    static func perBlock(_ frames: [Float], blocks: Int, analysis: AnalysisResult) -> [Float] {
        let ratio = analysis.hopSeconds / analysis.fineBlockSeconds
        return (0..<blocks).map { i in
            frames.isEmpty ? 0 : frames[min(frames.count - 1, Int((Double(i) / ratio).rounded()))]
        }
    }

    /// The loudest block of the hit envelope from 10 ms before `t` to 40 ms after.
    func peakHit(around t: Double) -> Float {
        let lo = max(0, min(hit.count - 1, block(at: t - 0.01)))
        let hi = max(lo, min(hit.count - 1, block(at: t + 0.04)))
        var peak: Float = 0
        for i in lo...hi { peak = max(peak, hit[i]) }
        return peak
    }

    /// Whether the hit envelope shows a hit at `t`: it reaches half of `threshold` around `t`
    /// (``peakHit(around:)``) and the quietest block of the 50 ms before was at most 0.7 of
    /// that (3 dB below).
    func isHit(at t: Double, threshold: Float) -> Bool {
        let peak = peakHit(around: t)
        let hi = max(0, min(hit.count - 1, block(at: t - 0.01)))
        let lo = max(0, block(at: t - 0.06))
        var before = hit[hi]
        for i in lo...hi { before = min(before, hit[i]) }
        return peak >= threshold / 2 && before <= 0.7 * peak
    }

    /// The block holding time `t`.
    func block(at t: Double) -> Int { Int((t / blockSeconds).rounded()) }
}
