import AudioAnalysis

/// How sharply the spectrum changes at a moment: the onset strength (SuperFlux, per 10 ms
/// frame) around it over its mean of the surrounding ±250 ms. A note or chord struck into a
/// ringing one changes the spectrum far more than its level (5× and more); a swell or the
/// wobble of a sustained note hardly does (under 2×).
struct SpectralNovelty {
    /// The least novelty of a spectral onset.
    static let onset = 2.0
    /// Half-width of the mean, frames (±250 ms).
    static let meanHalfSpan = 25
    private let strength: [Float]
    private let prefix: [Double]
    private let hopSeconds: Double

    /// O(frames).
    init(_ analysis: AnalysisResult) {
        strength = analysis.features.onsetStrength
        var prefix = [Double](repeating: 0, count: strength.count + 1)
        for t in strength.indices { prefix[t + 1] = prefix[t] + Double(strength[t]) }
        self.prefix = prefix
        hopSeconds = analysis.hopSeconds
    }

    /// The largest onset strength of the frames from 30 ms before `time` to 10 ms after (a
    /// rise's corner comes after the attack the flux sees) over the local mean; 0 where the
    /// mean is 0. O(1).
    func novelty(at time: Double) -> Double {
        let n = strength.count
        let k = Int((time / hopSeconds).rounded())
        let lo = max(0, k - 3)
        let hi = min(n, k + 2)
        guard lo < hi else { return 0 }
        var peak: Float = 0
        for t in lo..<hi { peak = max(peak, strength[t]) }
        let ml = max(0, k - Self.meanHalfSpan)
        let mh = min(n, k + Self.meanHalfSpan + 1)
        guard ml < mh else { return 0 }
        let mean = (prefix[mh] - prefix[ml]) / Double(mh - ml)
        return mean > 0 ? Double(peak) / mean : 0
    }
}
