#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Onsets from percussive flux: per channel (a band group, or film's rumble range) an
/// adaptive threshold (a multiple of the local mean plus a margin), local-maximum peak
/// picking and a level gate on the channel's own power relative to the programme loudness;
/// peaks of different channels within 40 ms merge into the most salient; each onset is then
/// timed on the 2.5 ms fine envelope (backtracked to where the energy jumps).
///
/// O(frames · channels): the local mean uses prefix sums.
public enum OnsetDetector {
    public struct Settings: Sendable, Hashable {
        /// Threshold = `ratio` × local mean flux + `marginDB`.
        public var ratio: Double = 1.5
        public var marginDB: Double = 5
        /// Half-width of the local mean, frames (±250 ms).
        public var meanHalfSpan = 25
        /// A peak is the maximum of ±`peakHalfSpan` frames (±30 ms).
        public var peakHalfSpan = 3
        /// A channel's onsets need its own percussive power (dB re the integrated loudness)
        /// above this: flux is level-independent, so noise in a near-empty band, or a steady
        /// bed's fluctuations, would otherwise fire.
        public var levelGateDB: Double = -30
        /// Peaks of different channels closer than this merge into the most salient one.
        public var mergeSeconds: Double = 0.04

        public init() {}
    }

    /// Where onsets are looked for.
    public enum Channels: Sendable, Hashable {
        /// The three band groups (sub, mid, high).
        case bandGroups
        /// Only below ``BandLayout/rumbleUpperHz`` (labelled `.sub`).
        case rumble
    }

    public static func detect(
        _ analysis: AnalysisResult, settings: Settings = Settings(),
        channels: Channels = .bandGroups,
        exclude: (BandLayout.Group, Int) -> Bool = { _, _ in false }
    ) -> [Onset] {
        let f = analysis.features
        let n = f.count
        guard n > 2 else { return [] }
        let sources: [(BandLayout.Group, [Float], [Float])] =
            switch channels {
            case .bandGroups:
                BandLayout.Group.allCases.map { g in
                    (g, f.flux[g.rawValue], f.percussive[g.rawValue])
                }
            case .rumble:
                [(.sub, f.rumbleFlux, f.rumblePercussive)]
            }
        var candidates: [Onset] = []
        // A window that reaches past the end sees the signal stop abruptly (broadband splatter).
        let lastFrame = Int(
            ((analysis.durationSeconds - analysis.windowSeconds / 2) / analysis.hopSeconds).rounded(
                .down))
        for (group, odf, power) in sources {
            var prefix = [Double](repeating: 0, count: n + 1)
            for t in 0..<n { prefix[t + 1] = prefix[t] + Double(odf[t]) }
            for t in 0..<n {
                let v = odf[t]
                guard v > 0, t <= lastFrame else { continue }
                let lo = max(0, t - settings.peakHalfSpan)
                let hi = min(n - 1, t + settings.peakHalfSpan)
                var isPeak = true
                for j in lo...hi where j != t && (odf[j] > v || (odf[j] == v && j < t)) {
                    isPeak = false
                    break
                }
                guard isPeak else { continue }
                let ml = max(0, t - settings.meanHalfSpan)
                let mh = min(n, t + settings.meanHalfSpan + 1)
                let threshold =
                    settings.ratio * (prefix[mh] - prefix[ml]) / Double(mh - ml) + settings.marginDB
                guard Double(v) > threshold, !exclude(group, t) else { continue }
                var channelPeak: Float = 0
                var totalPeak: Float = 0
                for j in t..<min(n, t + 5) {
                    channelPeak = max(channelPeak, power[j])
                    totalPeak = max(totalPeak, f.total(j))
                }
                guard analysis.relativeDB(channelPeak) > settings.levelGateDB else { continue }
                // At the very start every sound "begins": only a hit (decaying by 6 dB within
                // 250 ms) counts there, not a bed or a tone that starts with the file.
                if t < 5 && t + 25 < n {
                    var later: Float = 0
                    for j in (t + 15)..<(t + 25) { later = max(later, power[j]) }
                    guard later < 0.25 * channelPeak else { continue }
                }
                candidates.append(
                    Onset(
                        time: analysis.time(ofFrame: t), peakFrame: t, group: group,
                        salience: Double(v) / threshold,
                        levelDB: analysis.relativeDB(totalPeak), brightness: brightness(f, frame: t)
                    ))
            }
        }
        return merge(candidates, within: settings.mergeSeconds).map { onset in
            var o = onset
            o.time = attackTime(analysis, peakFrame: onset.peakFrame)
            return o
        }
    }

    /// The attack of the onset peaking at `peakFrame`: on the fine envelope (2.5 ms blocks),
    /// from 20 ms before the frame's centre to half a window after it (a sharp attack fires
    /// the flux as soon as it enters the window), the block where the level rises most above
    /// the quietest of the 10 ms before it; its start time.
    static func attackTime(_ analysis: AnalysisResult, peakFrame: Int) -> Double {
        let fine = analysis.features.fineEnergy
        let blockSeconds = analysis.hopSeconds / 4
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

    /// 0…1 from the percussive powers of the groups at `frame`, on a log-frequency axis
    /// (sub ≈ 80 Hz, mid ≈ 550 Hz, high ≈ 5 kHz).
    static func brightness(_ f: FrameFeatures, frame: Int) -> Double {
        let positions: [Double] = [0, 0.45, 1]
        var num = 0.0
        var den = 0.0
        for g in 0..<positions.count {
            let p = Double(f.percussive[g][frame])
            num += p * positions[g]
            den += p
        }
        return den > 0 ? num / den : 0.5
    }

    /// Keeps the most salient of peaks closer than `within` seconds. O(n log n).
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
