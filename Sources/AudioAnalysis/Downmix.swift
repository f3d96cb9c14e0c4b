/// Folds interleaved multichannel audio to the mono signal the analysis reads.
///
/// The main channels are averaged; a 5.1 file's LFE channel (index 3, libsndfile's and
/// WAVE's order L R C LFE Ls Rs) is added at the same weight as one main channel, so a
/// film's low-frequency effects reach the sub band however quiet the mains are.
public enum Downmix {
    /// The index of the LFE channel for `channels` (6 → 3), or nil.
    public static func lfeIndex(channels: Int) -> Int? { channels == 6 ? 3 : nil }

    /// Writes `frames` mono samples into `mono`. O(frames · channels).
    public static func mono(
        _ interleaved: UnsafeBufferPointer<Float>, channels: Int, frames: Int,
        into mono: UnsafeMutableBufferPointer<Float>
    ) {
        if channels == 1 {
            for i in 0..<frames { mono[i] = interleaved[i] }
            return
        }
        if channels == 2 {
            for f in 0..<frames { mono[f] = (interleaved[2 * f] + interleaved[2 * f + 1]) * 0.5 }
            return
        }
        let lfe = lfeIndex(channels: channels) ?? -1
        let mains = Float(lfe >= 0 ? channels - 1 : channels)
        let scale = 1 / mains
        for f in 0..<frames {
            var s: Float = 0
            let base = f * channels
            for c in 0..<channels { s += interleaved[base + c] }
            mono[f] = s * scale
        }
    }
}
