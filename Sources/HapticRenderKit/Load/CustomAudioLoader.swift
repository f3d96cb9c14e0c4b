import HapticRender
import SoundFile

/// Loads the audio files of AudioCustom events and prepares them for the renderer: decoded
/// with libsndfile, mixed down to at most two channels, and converted to the render sample
/// rate with libsamplerate — all before rendering starts, so the render loop only reads.
public struct CustomAudioLoader: Sendable {
    /// Output sample rate of the render.
    public var sampleRate: Double
    /// Resampling quality (libsamplerate's best sinc converter by default: the files are short
    /// and this runs once per file, never in the render loop).
    public var quality: Resampler.Quality
    /// Caps on what one file may decode to.
    public var limits: SoundFileReadLimits

    public init(
        sampleRate: Double, quality: Resampler.Quality = .sincBest,
        limits: SoundFileReadLimits = .default
    ) {
        self.sampleRate = sampleRate
        self.quality = quality
        self.limits = limits
    }

    /// Decodes `path` and returns it as a mono or stereo clip at ``sampleRate``, with its
    /// length in seconds at the file's own rate (what the scheduler needs).
    /// O(frames); allocates.
    public func load(path: String) throws(SoundFileError) -> (
        clip: AudioClip, durationSeconds: Double
    ) {
        let decoded = try SoundFile.read(path: path, limits: limits)
        let duration = decoded.duration
        let stereoOrMono = Self.mixDown(decoded)
        let converted =
            stereoOrMono.sampleRate == sampleRate
            ? stereoOrMono
            : try stereoOrMono.resampled(to: sampleRate, quality: quality)
        return (AudioClip(samples: converted.samples, channels: converted.channels), duration)
    }

    /// Mono and stereo pass through; more channels fold to stereo: even channels to the left,
    /// odd to the right (the WAV/Vorbis order puts left-side speakers at even indices), each
    /// side normalized by its channel count so the level does not grow with channels.
    static func mixDown(_ audio: DecodedAudio) -> DecodedAudio {
        guard audio.channels > 2 else { return audio }
        let ch = audio.channels
        let leftCount = Float((ch + 1) / 2)
        let rightCount = Float(ch / 2)
        var out = [Float](repeating: 0, count: audio.frames * 2)
        for f in 0..<audio.frames {
            var l: Float = 0
            var r: Float = 0
            for c in 0..<ch {
                let s = audio.samples[f * ch + c]
                if c % 2 == 0 { l += s } else { r += s }
            }
            out[2 * f] = l / leftCount
            out[2 * f + 1] = r / rightCount
        }
        return DecodedAudio(sampleRate: audio.sampleRate, channels: 2, samples: out)
    }
}
