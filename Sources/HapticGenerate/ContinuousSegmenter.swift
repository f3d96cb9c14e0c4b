import HapticPattern

/// Where continuous haptics play: runs of frames whose intensity is above zero, short gaps
/// bridged, short runs dropped, long runs split at their quietest frame so every event lasts
/// at most 30 s (Core Haptics caps longer ones silently).
enum ContinuousSegmenter {
    /// Core Haptics' documented maximum for a continuous event.
    static let maxEventSeconds = CoreHapticsFacts.hapticContinuousLimitSeconds

    /// Half-open frame ranges. O(frames).
    static func segments(
        _ intensity: [Double], hopSeconds: Double,
        bridgeSeconds: Double = 0.15, minSeconds: Double = 0.1
    ) -> [Range<Int>] {
        let bridge = Int((bridgeSeconds / hopSeconds).rounded())
        let minimum = Int((minSeconds / hopSeconds).rounded())
        var runs: [Range<Int>] = []
        var t = 0
        let n = intensity.count
        while t < n {
            guard intensity[t] > 0 else {
                t += 1
                continue
            }
            var end = t
            while end < n && intensity[end] > 0 { end += 1 }
            if let last = runs.last, t - last.upperBound <= bridge {
                runs[runs.count - 1] = last.lowerBound..<end
            } else {
                runs.append(t..<end)
            }
            t = end
        }
        runs = runs.filter { $0.count >= minimum }
        // Longest event: a frame short of 30 s, so the duration stays under the cap after rounding.
        let maxFrames = Int((maxEventSeconds / hopSeconds).rounded(.down)) - 1
        let searchFrom = Int((20 / hopSeconds).rounded())
        var result: [Range<Int>] = []
        for run in runs {
            var start = run.lowerBound
            while run.upperBound - start > maxFrames {
                var split = start + maxFrames
                var quietest = Double.infinity
                for f in (start + searchFrom)...(start + maxFrames) where intensity[f] < quietest {
                    quietest = intensity[f]
                    split = f
                }
                result.append(start..<split)
                start = split
            }
            result.append(start..<run.upperBound)
        }
        return result
    }
}
