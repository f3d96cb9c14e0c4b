import HapticRender
import SoundFile

/// An existing soundtrack laid under the pattern (`--mix-with`), so sync can be judged by ear:
/// decoded, folded to stereo while read (mono plays on both sides) and converted to the
/// render rate. It may be as long as the render may be (``RenderOptions/soundtrackLimits``).
struct Soundtrack: Sendable {
    /// Interleaved stereo at the render rate.
    let samples: [Float]
    /// Samples of the file that were NaN, infinite or absurd and were read as 0.
    let replacedSamples: Int
    var frames: Int { samples.count / 2 }

    /// O(frames); allocates. Uses the custom-audio loader so both paths share one
    /// mixdown and one resampler setting.
    init(path: String, sampleRate: Double, limits: SoundFileReadLimits) throws(SoundFileError) {
        let loaded = try CustomAudioLoader(sampleRate: sampleRate, limits: limits).load(path: path)
        replacedSamples = loaded.replacedSamples
        let clip = loaded.clip
        if clip.channels == 2 {
            samples = clip.samples
        } else {
            var stereo = [Float](repeating: 0, count: clip.samples.count * 2)
            for (i, s) in clip.samples.enumerated() {
                stereo[2 * i] = s
                stereo[2 * i + 1] = s
            }
            samples = stereo
        }
    }

    /// Adds frames `[start, start + frames)` to the audio L/R of `signals` (the renderer's four
    /// interleaved signals). O(frames).
    func add(to signals: UnsafeMutablePointer<Float>, from start: Int64, frames: Int) {
        let end = min(Int64(self.frames), start + Int64(frames))
        guard start < end else { return }
        for f in 0..<Int(end - start) {
            let s = Int(start) + f
            signals[4 * f] += samples[2 * s]
            signals[4 * f + 1] += samples[2 * s + 1]
        }
    }
}
