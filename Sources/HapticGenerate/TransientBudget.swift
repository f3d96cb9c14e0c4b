/// Thins onsets to what the actuator can play apart: at least `minGap` apart and at most
/// `maxPerSecond` in any one-second window, keeping the strongest.
///
/// Core Haptics documents no limit on how many transients a pattern may play per second
/// (its documented limits: continuous events ≤ 30 s; curves of ≤ 16 points by convention).
/// What bounds density is the click itself: a transient on the `iphone` actuator model lasts
/// 5.5–7.4 ms above −20 dB of its peak (`ahap-render actuator iphone`, sharpness 1 … 0), and
/// two transients closer than that play as one click. So transients stay at least
/// ``clickSeconds`` apart, at most ``maxDensity`` a second; below that the material decides.
///
/// Times are whole milliseconds so the gaps survive encoding exactly. Strongest first within
/// 10-second blocks (earlier blocks' choices fixed), so the cost stays O(n · maxPerSecond)
/// plus a sort per block instead of a global sorted insert per onset.
public enum TransientBudget {
    /// The longest click of the `iphone` model above −20 dB (7.4 ms at sharpness 0), rounded up
    /// to the whole milliseconds transients are timed in. A test measures it on the model.
    public static let clickSeconds = 0.008
    /// The most transients a second that can be felt apart: one per click.
    public static let maxDensity = 1 / clickSeconds

    struct Candidate {
        var milliseconds: Int
        var salience: Double
        var index: Int
    }

    /// The indices of the kept candidates, in time order.
    static func select(_ candidates: [Candidate], minGapMilliseconds: Int, maxPerSecond: Int)
        -> [Int]
    {
        // The gap alone keeps any second within the rate: no window check needed.
        let rateIsImplied = maxPerSecond * max(1, minGapMilliseconds) >= 1_000
        let sorted = candidates.sorted { ($0.milliseconds, $0.index) < ($1.milliseconds, $1.index) }
        var kept: [Candidate] = []
        var blockStart = 0
        while blockStart < sorted.count {
            let blockEndTime = sorted[blockStart].milliseconds + 10_000
            var blockEnd = blockStart
            while blockEnd < sorted.count && sorted[blockEnd].milliseconds < blockEndTime {
                blockEnd += 1
            }
            let fixed = kept.count
            let byStrength = sorted[blockStart..<blockEnd].sorted {
                ($0.salience, -$0.milliseconds, -$0.index) > (
                    $1.salience, -$1.milliseconds, -$1.index
                )
            }
            for c in byStrength {
                // Insertion point among this block's kept (all after the fixed ones).
                var i = kept.count
                while i > fixed && kept[i - 1].milliseconds > c.milliseconds { i -= 1 }
                if i > 0 && c.milliseconds - kept[i - 1].milliseconds < minGapMilliseconds {
                    continue
                }
                if i < kept.count && kept[i].milliseconds - c.milliseconds < minGapMilliseconds {
                    continue
                }
                kept.insert(c, at: i)
                if !rateIsImplied
                    && violatesRate(kept, around: i, maxPerSecond: maxPerSecond)
                {
                    kept.remove(at: i)
                }
            }
            blockStart = blockEnd
        }
        return kept.map(\.index)
    }

    /// Whether some `maxPerSecond + 1` consecutive kept onsets around `i` span under 1 s.
    private static func violatesRate(_ kept: [Candidate], around i: Int, maxPerSecond: Int) -> Bool
    {
        let lo = max(0, i - maxPerSecond)
        var j = lo
        while j <= i && j + maxPerSecond < kept.count {
            if kept[j + maxPerSecond].milliseconds - kept[j].milliseconds < 1_000 { return true }
            j += 1
        }
        return false
    }
}
