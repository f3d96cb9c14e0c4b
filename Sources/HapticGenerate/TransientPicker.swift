import AudioAnalysis

/// Hits that become transients: onset candidates whose level rises enough to be felt, thinned
/// to the density.
///
/// On the hit envelope (÷ reference), with `peak` the loudest block of the 50 ms from the
/// attack and `before` the quietest of the 50 ms before it, a candidate is a hit when
/// - it rises to a loud level: `peak − before` and `peak` reach the sensitivity's threshold
///   and `before` is at most a fraction of `peak` (0.7, i.e. 3 dB, up to sensitivity 0.5: a
///   new sound, not a pulsing tail; towards 1 at sensitivity 1, where any rise counts);
/// - or it stands out of near-silence: `peak` reaches half the threshold and `before` is at
///   most ¼ of it (12 dB), however quiet the hit is overall;
/// - or its spectrum changes sharply: the onset strength stands the sensitivity's novelty above
///   its local mean (a chord struck into a ringing one, a hi-hat over a bass) and `peak`
///   reaches half the threshold.
/// Its intensity is √ of its peak (the bed's law), its sharpness the attack frame's colour.
enum TransientPicker {
    /// Windows before and after an attack, seconds.
    static let window = 0.05
    /// Most a hit out of near-silence may start from, as a fraction of its peak.
    static let quietContrast: Float = 0.25

    struct Hit: Sendable {
        var time: Double
        var intensity: Double
        var sharpness: Double
        /// How much the level rose (what the density keeps first).
        var rise: Double
    }

    /// The kept hits, in time order. O(candidates · window + budget).
    static func pick(
        _ analysis: AnalysisResult, levels: SoundLevels, settings: GenerationSettings,
        sharpness: (Double) -> Double
    ) -> [Hit] {
        let a = levels.hit
        guard !a.isEmpty else { return [] }
        let span = max(1, Int((window / levels.blockSeconds).rounded()))
        let threshold = Float(settings.hitThreshold)
        let contrast = Float(settings.hitContrast)
        var hits: [Hit] = []
        for candidate in OnsetDetector.candidates(analysis) {
            let time = candidate.time
            let k = min(a.count - 1, levels.block(at: time))
            var peak: Float = 0
            for j in k...min(a.count - 1, k + span) { peak = max(peak, a[j]) }
            var before = Float.infinity
            if k == 0 {
                before = 0
            } else {
                for j in max(0, k - span)...k { before = min(before, a[j]) }
            }
            let rise = peak - before
            let loud = rise >= threshold && peak >= threshold && before <= contrast * peak
            let outOfSilence = peak >= threshold / 2 && before <= quietContrast * peak
            let novel = candidate.novelty >= settings.hitNovelty && peak >= threshold / 2
            guard loud || outOfSilence || novel else { continue }
            let attackFrame = Int((time / analysis.hopSeconds).rounded()) + 1
            hits.append(
                Hit(
                    time: Quantize.seconds(time),
                    intensity: Quantize.value(Double(min(1, peak)).squareRoot()),
                    sharpness: sharpness(analysis.time(ofFrame: attackFrame)), rise: Double(rise)))
        }
        let candidates = hits.enumerated().map {
            TransientBudget.Candidate(
                milliseconds: Int(($0.element.time * 1_000).rounded()), salience: $0.element.rise,
                index: $0.offset)
        }
        let kept = TransientBudget.select(
            candidates, minGapMilliseconds: Int((settings.minTransientGap * 1_000).rounded()),
            maxPerSecond: settings.maxTransientsPerSecond)
        return kept.map { hits[$0] }
    }
}
