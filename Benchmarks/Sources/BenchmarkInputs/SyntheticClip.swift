import HapticRender

/// The custom audio that generated patterns play: half a second of a decaying 220 Hz tone with
/// a little deterministic noise, mono, at the render rate. Built in code, never read from disk.
public enum SyntheticClip {
    public static let seconds = 0.5

    /// The clip at `sampleRate`. O(frames), setup time only.
    public static func make(sampleRate: Double = 48_000) -> AudioResource {
        let frames = Int(seconds * sampleRate)
        var rng = SeededGenerator(seed: 0xC11F)
        var samples = [Float](repeating: 0, count: frames)
        // A rotating phasor instead of sin(): no libm dependency here.
        let w = 2 * Double.pi * 220 / sampleRate
        let cw = 1 - w * w / 2 + w * w * w * w / 24
        let sw = w - w * w * w / 6 + w * w * w * w * w / 120
        var c = 1.0
        var s = 0.0
        for i in 0..<frames {
            let decay = 1 - Double(i) / Double(frames)
            samples[i] = Float(0.6 * decay * s + 0.05 * (rng.unit() - 0.5))
            (c, s) = (c * cw - s * sw, s * cw + c * sw)
        }
        return AudioResource(samples: samples, channels: 1)
    }
}
