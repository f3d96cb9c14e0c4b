import AudioAnalysis

/// Hits that become transients: onset candidates whose level rises enough to be felt, thinned
/// to the density.
///
/// A candidate is kept when, on the hit envelope (÷ reference), the loudest block of the
/// 50 ms from its attack rises above the quietest of the 50 ms before it by at least the
/// sensitivity's threshold, and itself reaches that threshold: a new hit over silence or
/// over a decaying tail, not a wobble of a sustained sound or a quiet tick. Its intensity is
/// √ of that peak (the bed's law), its sharpness the attack frame's colour.
enum TransientPicker {
    /// Windows before and after an attack, seconds.
    static let window = 0.05

    struct Hit: Sendable {
        var time: Double
        var intensity: Double
        var sharpness: Double
        /// How much the level rose (what the density keeps first).
        var rise: Double
    }

    /// The kept hits, in time order. O(candidates · window + budget).
    static func pick(_ analysis: AnalysisResult, levels: SoundLevels, settings: GenerationSettings,
                     sharpness: (Double) -> Double) -> [Hit] {
        let a = levels.hit
        guard !a.isEmpty else { return [] }
        let span = max(1, Int((window / levels.blockSeconds).rounded()))
        let threshold = Float(settings.hitThreshold)
        var hits: [Hit] = []
        for time in OnsetDetector.candidates(analysis) {
            let k = min(a.count - 1, levels.block(at: time))
            var peak: Float = 0
            for j in k...min(a.count - 1, k + span) { peak = max(peak, a[j]) }
            var before = Float.infinity
            if k == 0 { before = 0 } else { for j in max(0, k - span)...k { before = min(before, a[j]) } }
            let rise = peak - before
            guard rise >= threshold, peak >= threshold else { continue }
            let attackFrame = Int((time / analysis.hopSeconds).rounded()) + 1
            hits.append(Hit(time: Quantize.seconds(time), intensity: Quantize.value(Double(min(1, peak)).squareRoot()),
                            sharpness: sharpness(analysis.time(ofFrame: attackFrame)), rise: Double(rise)))
        }
        let candidates = hits.enumerated().map {
            TransientBudget.Candidate(milliseconds: Int(($0.element.time * 1_000).rounded()), salience: $0.element.rise, index: $0.offset)
        }
        let kept = TransientBudget.select(candidates, minGapMilliseconds: Int((settings.minTransientGap * 1_000).rounded()),
                                          maxPerSecond: settings.maxTransientsPerSecond)
        return kept.map { hits[$0] }
    }
}
