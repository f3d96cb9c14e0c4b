#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Marks frames that are probably dialogue. Speech alternates voiced sounds (energy in the
/// voice range, a centroid of a few hundred Hz) with consonants (a centroid of several kHz)
/// and pauses, several times a second; music and ambience hold their level and colour.
///
/// Over ±0.5 s: most energy in the mid group (150 Hz – 2 kHz), the log-frequency centroid's
/// standard deviation above 0.6 octave and the level's above 5 dB. O(frames).
public enum DialogueDetector {
    public static func detect(_ analysis: AnalysisResult) -> [Bool] {
        let f = analysis.features
        let n = f.count
        guard n > 0 else { return [] }
        let mid = BandLayout.Group.mid.rawValue
        var share = [Double](repeating: 0, count: n)
        var level = [Double](repeating: 0, count: n)
        var centroid = [Double](repeating: 0, count: n)
        var active = [Double](repeating: 0, count: n)
        for t in 0..<n {
            let total = f.total(t)
            let db = analysis.relativeDB(total)
            active[t] = db > -35 ? 1 : 0
            share[t] =
                total > 0
                ? Double((f.harmonic[mid][t] + f.percussive[mid][t]) / total) * active[t] : 0
            level[t] = max(db, -50)
            centroid[t] = Double(f.logCentroid[t])
        }
        let half = max(1, Int((0.5 / analysis.hopSeconds).rounded()))
        let shareMean = WindowStatistics(share, half: half)
        let levelStats = WindowStatistics(level, half: half)
        let centroidStats = WindowStatistics(centroid, half: half)
        let activeMean = WindowStatistics(active, half: half)
        return (0..<n).map { t in
            activeMean.mean(t) > 0.3 && shareMean.mean(t) > 0.3 && centroidStats.deviation(t) > 0.6
                && levelStats.deviation(t) > 5
        }
    }

    /// The fraction of frames marked as dialogue.
    public static func fraction(_ marks: [Bool]) -> Double {
        marks.isEmpty ? 0 : Double(marks.lazy.filter { $0 }.count) / Double(marks.count)
    }
}

/// Mean and standard deviation over a centred window, from prefix sums. O(n) to build.
struct WindowStatistics {
    private let sum: [Double], squares: [Double], half: Int

    init(_ x: [Double], half: Int) {
        var s = [Double](repeating: 0, count: x.count + 1)
        var q = s
        for i in x.indices {
            s[i + 1] = s[i] + x[i]
            q[i + 1] = q[i] + x[i] * x[i]
        }
        sum = s
        squares = q
        self.half = half
    }

    private func range(_ t: Int) -> (Int, Int) {
        (max(0, t - half), min(sum.count - 1, t + half + 1))
    }

    func mean(_ t: Int) -> Double {
        let (lo, hi) = range(t)
        return (sum[hi] - sum[lo]) / Double(hi - lo)
    }

    func deviation(_ t: Int) -> Double {
        let (lo, hi) = range(t)
        let m = mean(t)
        return sqrt(max(0, (squares[hi] - squares[lo]) / Double(hi - lo) - m * m))
    }
}
