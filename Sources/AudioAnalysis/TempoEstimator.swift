#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A global tempo and beat grid from the onset-strength autocorrelation.
///
/// One tempo for the whole file: enough to weigh onsets in music with a steady beat, and
/// its periodicity strength tells music from film and texture. O(frames · lags).
public struct BeatGrid: Sendable, Hashable {
    /// Seconds between beats.
    public var period: Double
    /// Time of the first beat.
    public var phase: Double
    /// Normalized autocorrelation at the beat period (0 = no periodicity, 1 = perfect).
    public var strength: Double

    public var bpm: Double { 60 / period }

    /// Distance from `time` to the nearest beat, seconds.
    public func distanceToBeat(_ time: Double) -> Double {
        let k = ((time - phase) / period).rounded()
        return abs(time - (phase + k * period))
    }
}

public enum TempoEstimator {
    /// Tempo range searched: 60–200 BPM.
    public static let bpmRange = 60.0...200.0

    /// Nil when the file is shorter than four beats at the slowest tempo.
    public static func estimate(_ analysis: AnalysisResult) -> BeatGrid? {
        let f = analysis.features
        let n = f.count
        let hop = analysis.hopSeconds
        let minLag = Int((60 / bpmRange.upperBound / hop).rounded(.down))
        let maxLag = Int((60 / bpmRange.lowerBound / hop).rounded(.up))
        guard n > 4 * maxLag, minLag > 0 else { return nil }
        var odf = f.onsetStrength.map(Double.init)
        let mean = odf.reduce(0, +) / Double(n)
        for t in 0..<n { odf[t] -= mean }
        var zero = 0.0
        for t in 0..<n { zero += odf[t] * odf[t] }
        guard zero > 0 else { return nil }
        var bestLag = minLag
        var bestScore = -Double.infinity
        var bestAC = 0.0
        for lag in minLag...maxLag {
            var ac = 0.0
            for t in lag..<n { ac += odf[t] * odf[t - lag] }
            ac /= zero * Double(n - lag) / Double(n)
            // A mild preference for tempi near 120 BPM resolves octave ambiguity.
            let octaves = log2(60 / (Double(lag) * hop) / 120)
            let score = ac * (1 - 0.15 * octaves * octaves)
            if score > bestScore {
                bestScore = score
                bestLag = lag
                bestAC = ac
            }
        }
        var bestPhase = 0
        var bestSum = -Double.infinity
        for p in 0..<bestLag {
            var s = 0.0
            var t = p
            while t < n {
                s += odf[t]
                t += bestLag
            }
            if s > bestSum {
                bestSum = s
                bestPhase = p
            }
        }
        return BeatGrid(
            period: Double(bestLag) * hop, phase: Double(bestPhase) * hop, strength: max(0, bestAC))
    }
}
