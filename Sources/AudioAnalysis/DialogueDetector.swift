#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Marks frames that are probably dialogue. Speech alternates voiced sounds (harmonics in the
/// voice range: a peaky, not flat, spectrum from 100 Hz to 1.5 kHz, most energy between
/// 150 Hz and 2 kHz) with consonants and pauses several times a second, so over a second its
/// voicing comes and goes and its level and colour move; drums and gunfire are flat (never
/// voiced), music and ambience hold their level and colour.
///
/// A frame is voiced when it is active (within 35 dB of the programme loudness), its
/// voice-range flatness is below −15 dB and the voice band holds over half its power. Over
/// ±0.5 s a frame is dialogue when over 30 % of the frames are active, 20–85 % voiced, the
/// level's standard deviation exceeds 6 dB and the log-frequency centroid's 0.5 octave.
/// O(frames).
public enum DialogueDetector {
    public static func detect(_ analysis: AnalysisResult) -> [Bool] {
        let f = analysis.features
        let n = f.count
        guard n > 0 else { return [] }
        var voiced = [Double](repeating: 0, count: n)
        var level = [Double](repeating: 0, count: n)
        var centroid = [Double](repeating: 0, count: n)
        var active = [Double](repeating: 0, count: n)
        for t in 0..<n {
            let db = analysis.relativeDB(f.power[t])
            let isActive = db > -35
            active[t] = isActive ? 1 : 0
            let share = f.power[t] > 0 ? f.voiceBand[t] / f.power[t] : 0
            voiced[t] = isActive && f.voiceFlatness[t] < -15 && share > 0.5 ? 1 : 0
            level[t] = max(db, -50)
            centroid[t] = Double(f.logCentroid[t])
        }
        let half = max(1, Int((0.5 / analysis.hopSeconds).rounded()))
        let voicedMean = WindowStatistics(voiced, half: half)
        let levelStats = WindowStatistics(level, half: half)
        let centroidStats = WindowStatistics(centroid, half: half)
        let activeMean = WindowStatistics(active, half: half)
        return (0..<n).map { t in
            let v = voicedMean.mean(t)
            return activeMean.mean(t) > 0.3 && v > 0.2 && v < 0.85 && levelStats.deviation(t) > 6
                && centroidStats.deviation(t) > 0.5
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
