import AudioAnalysis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour → sharpness: the log-frequency centroid mapped 80 Hz → the range's lower bound,
/// 4 kHz → its upper bound (linear in octaves, clamped).
enum SpectrumSharpness {
    static let lowHz = 80.0
    static let highHz = 4_000.0

    static func sharpness(logCentroid: Double, range: ClosedRange<Double>) -> Double {
        let lo = log2(lowHz)
        let hi = log2(highHz)
        let x = min(1, max(0, (logCentroid - lo) / (hi - lo)))
        return range.lowerBound + x * (range.upperBound - range.lowerBound)
    }

    /// Per-frame sharpness, smoothed over ~30 ms (a one-pole filter) so the curve keeps to
    /// what is felt rather than every frame's wobble. O(frames).
    static func track(_ analysis: AnalysisResult, range: ClosedRange<Double>) -> [Double] {
        let k = 1 - exp(-analysis.hopSeconds / 0.03)
        var state = -1.0
        return analysis.features.logCentroid.map { c in
            let s = sharpness(logCentroid: Double(c), range: range)
            state = state < 0 ? s : state + k * (s - state)
            return state
        }
    }
}
