#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Marks frames that are probably dialogue: the harmonic energy sits in the voice range
/// (the mid group, 150 Hz – 2 kHz) and its level moves at syllable rate (speech alternates
/// voiced sounds and gaps several times a second; music and ambience hold their level).
///
/// Over a ±0.5 s window: at least half the frames voice-dominated and the mid-band level's
/// standard deviation above 6 dB. O(frames · window).
public enum DialogueDetector {
    public static func detect(_ analysis: AnalysisResult) -> [Bool] {
        let f = analysis.features
        let n = f.count
        guard n > 0 else { return [] }
        let mid = BandLayout.Group.mid.rawValue
        var voiced = [Bool](repeating: false, count: n)
        var midDB = [Double](repeating: 0, count: n)
        for t in 0..<n {
            let total = f.total(t)
            let share = total > 0 ? f.harmonic[mid][t] / total : 0
            voiced[t] = share > 0.5 && analysis.relativeDB(total) > -40
            midDB[t] = max(analysis.relativeDB(f.harmonic[mid][t]), -60)
        }
        let half = max(1, Int((0.5 / analysis.hopSeconds).rounded()))
        var result = [Bool](repeating: false, count: n)
        // Running sums over the window: voiced count, Σ dB and Σ dB².
        var count = 0, sum = 0.0, sumSquares = 0.0, voicedCount = 0
        var lo = 0, hi = 0  // window [lo, hi)
        for t in 0..<n {
            let wantLo = max(0, t - half), wantHi = min(n, t + half + 1)
            while hi < wantHi { sum += midDB[hi]; sumSquares += midDB[hi] * midDB[hi]; voicedCount += voiced[hi] ? 1 : 0; count += 1; hi += 1 }
            while lo < wantLo { sum -= midDB[lo]; sumSquares -= midDB[lo] * midDB[lo]; voicedCount -= voiced[lo] ? 1 : 0; count -= 1; lo += 1 }
            let mean = sum / Double(count)
            let sd = sqrt(max(0, sumSquares / Double(count) - mean * mean))
            result[t] = voicedCount * 2 >= count && sd > 6
        }
        return result
    }

    /// The fraction of frames marked as dialogue.
    public static func fraction(_ marks: [Bool]) -> Double {
        marks.isEmpty ? 0 : Double(marks.lazy.filter { $0 }.count) / Double(marks.count)
    }
}
