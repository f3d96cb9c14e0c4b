#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where something starts: peaks of the onset strength, each timed on the 2.5 ms energy
/// envelope. These are candidates; the generator keeps those whose level rises enough to be
/// felt (see `TransientPicker` in HapticGenerate).
///
/// A candidate is a frame whose onset strength is the largest of ±20 ms and above 1.5 × its
/// mean over ±250 ms. O(frames): the local mean uses prefix sums.
public enum OnsetDetector {
    /// Half-width of the local maximum, frames (±20 ms).
    public static let peakHalfSpan = 2
    /// Half-width of the local mean, frames (±250 ms).
    public static let meanHalfSpan = 25
    /// A peak must exceed this multiple of the local mean.
    public static let ratio: Float = 1.5

    /// A candidate: its attack time (seconds) and how far its onset strength stands above the
    /// local mean (a ratio > 1.5: the spectral novelty of the attack).
    public struct Candidate: Sendable, Hashable {
        public var time: Double
        public var novelty: Double
    }

    /// The candidates in time order.
    public static func candidates(_ analysis: AnalysisResult) -> [Candidate] {
        let odf = analysis.features.onsetStrength
        let n = odf.count
        guard n > 0 else { return [] }
        var prefix = [Double](repeating: 0, count: n + 1)
        for t in 0..<n { prefix[t + 1] = prefix[t] + Double(odf[t]) }
        var found: [Candidate] = []
        for t in 0..<n {
            let v = odf[t]
            guard v > 0 else { continue }
            let lo = max(0, t - peakHalfSpan)
            let hi = min(n - 1, t + peakHalfSpan)
            var isPeak = true
            for j in lo...hi where j != t && (odf[j] > v || (odf[j] == v && j < t)) {
                isPeak = false
                break
            }
            guard isPeak else { continue }
            let ml = max(0, t - meanHalfSpan)
            let mh = min(n, t + meanHalfSpan + 1)
            let mean = (prefix[mh] - prefix[ml]) / Double(mh - ml)
            guard Double(v) > Double(ratio) * mean else { continue }
            let time = attackTime(analysis, peakFrame: t)
            if found.last.map({ time > $0.time }) ?? true {
                found.append(
                    Candidate(time: time, novelty: mean > 0 ? Double(v) / mean : .infinity))
            }
        }
        return found
    }

    /// The attack of the onset peaking at `peakFrame`: on the fine envelope (2.5 ms blocks),
    /// from 20 ms before the frame's centre to half a window after it (a sharp attack raises
    /// the strength as soon as it enters the window), the block where the level rises most
    /// above the quietest of the 10 ms before it; its start time.
    static func attackTime(_ analysis: AnalysisResult, peakFrame: Int) -> Double {
        let fine = analysis.features.fineEnergy
        let blockSeconds = analysis.fineBlockSeconds
        let centre = Int((analysis.time(ofFrame: peakFrame) / blockSeconds).rounded())
        let reach = Int((analysis.windowSeconds / 2 / blockSeconds).rounded(.up)) + 2
        let lo = max(0, centre - 8)
        let hi = min(fine.count - 1, centre + reach)
        guard lo <= hi else { return max(0, analysis.time(ofFrame: peakFrame)) }
        func db(_ i: Int) -> Double { i < 0 ? -200 : 10 * log10(max(Double(fine[i]), 1e-20)) }
        var best = lo
        var bestRise = -Double.infinity
        for i in lo...hi {
            var before = Double.infinity
            for j in (i - 4)..<i { before = min(before, db(j)) }
            let rise = db(i) - before
            if rise > bestRise {
                bestRise = rise
                best = i
            }
        }
        return Double(best) * blockSeconds
    }
}
