/// Onsets from the percussive flux of each band group: adaptive threshold (a multiple of the
/// local mean plus a margin), local-maximum peak picking, a level gate relative to the
/// programme loudness, backtracking to the attack, and merging across groups.
///
/// O(frames · groups): the local mean uses prefix sums.
public enum OnsetDetector {
    public struct Settings: Sendable, Hashable {
        /// Threshold = `ratio` × local mean flux + `marginDB`.
        public var ratio: Double = 1.6
        public var marginDB: Double = 3
        /// Half-width of the local mean, frames (±250 ms).
        public var meanHalfSpan = 25
        /// A peak is the maximum of ±`peakHalfSpan` frames (±30 ms).
        public var peakHalfSpan = 3
        /// Onsets quieter than this (dB relative to the integrated loudness) are dropped.
        public var levelGateDB: Double = -32
        /// Per-group weight on salience (sub, mid, high).
        public var groupWeights: [Double] = [1, 1, 1]
        /// Onsets of different groups closer than this merge into the most salient one.
        public var mergeSeconds: Double = 0.04
        /// Seconds added to the backtracked attack frame (the frame is centred on its time,
        /// its window starts seeing the attack half a window earlier).
        public var timeOffset: Double = 0.025

        public init() {}
    }

    public static func detect(_ analysis: AnalysisResult, settings: Settings = Settings(),
                              exclude: (BandLayout.Group, Int) -> Bool = { _, _ in false }) -> [Onset] {
        let f = analysis.features
        let n = f.count
        guard n > 2 else { return [] }
        var candidates: [Onset] = []
        for group in BandLayout.Group.allCases {
            let odf = f.flux[group.rawValue]
            var prefix = [Double](repeating: 0, count: n + 1)
            for t in 0..<n { prefix[t + 1] = prefix[t] + Double(odf[t]) }
            let energy = (0..<n).map { f.percussive[group.rawValue][$0] + f.harmonic[group.rawValue][$0] }
            for t in 0..<n {
                let v = odf[t]
                guard v > 0 else { continue }
                let lo = max(0, t - settings.peakHalfSpan), hi = min(n - 1, t + settings.peakHalfSpan)
                var isPeak = true
                for j in lo...hi where j != t && (odf[j] > v || (odf[j] == v && j < t)) { isPeak = false; break }
                guard isPeak else { continue }
                let ml = max(0, t - settings.meanHalfSpan), mh = min(n, t + settings.meanHalfSpan + 1)
                let mean = (prefix[mh] - prefix[ml]) / Double(mh - ml)
                let threshold = settings.ratio * mean + settings.marginDB
                guard Double(v) > threshold else { continue }
                guard !exclude(group, t) else { continue }
                // Loudness right after the peak.
                var peakTotal: Float = 0, peakEnergy: Float = 0
                for j in t..<min(n, t + 5) {
                    peakTotal = max(peakTotal, f.total(j))
                    peakEnergy = max(peakEnergy, energy[j])
                }
                let level = analysis.relativeDB(peakTotal)
                guard level > settings.levelGateDB else { continue }
                let attack = backtrack(energy: energy, peak: t, peakEnergy: peakEnergy)
                candidates.append(Onset(
                    time: max(0, analysis.time(ofFrame: attack) + settings.timeOffset), peakFrame: t, group: group,
                    salience: Double(v) / threshold * settings.groupWeights[group.rawValue],
                    levelDB: level, brightness: brightness(f, frame: t)))
            }
        }
        return merge(candidates, within: settings.mergeSeconds)
    }

    /// The attack frame: back from the peak to the preceding energy minimum (at most 60 ms),
    /// then forward to the first frame a third of the way up from that minimum to the peak.
    static func backtrack(energy: [Float], peak: Int, peakEnergy: Float) -> Int {
        var j = peak
        while j > max(0, peak - 6) && energy[j - 1] < energy[j] { j -= 1 }
        let floor = energy[j]
        let target = floor + (peakEnergy - floor) / 3
        var a = j
        while a < peak && energy[a] < target { a += 1 }
        return a
    }

    /// 0…1 from the percussive powers of the groups at `frame`, on a log-frequency axis
    /// (sub ≈ 80 Hz, mid ≈ 550 Hz, high ≈ 5 kHz).
    static func brightness(_ f: FrameFeatures, frame: Int) -> Double {
        let positions: [Double] = [0, 0.45, 1]
        var num = 0.0, den = 0.0
        for g in 0..<positions.count {
            let p = Double(f.percussive[g][frame])
            num += p * positions[g]
            den += p
        }
        return den > 0 ? num / den : 0.5
    }

    /// Keeps the most salient of onsets closer than `within` seconds. O(n log n).
    static func merge(_ onsets: [Onset], within: Double) -> [Onset] {
        let sorted = onsets.sorted { ($0.time, $0.group.rawValue) < ($1.time, $1.group.rawValue) }
        var result: [Onset] = []
        for o in sorted {
            if let last = result.last, o.time - last.time < within {
                if o.salience > last.salience { result[result.count - 1] = o }
            } else {
                result.append(o)
            }
        }
        return result
    }
}
