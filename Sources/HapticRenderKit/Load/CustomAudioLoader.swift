import HapticRender
import SoundFile

/// Loads the audio files of AudioCustom events (and `--mix-with` soundtracks) and prepares
/// them for the renderer: decoded with libsndfile, folded to at most two channels while read,
/// and converted to the render sample
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

    /// Decodes `path` and returns it as a mono or stereo audio resource at ``sampleRate``, with its
    /// length in seconds at the file's own rate (what the scheduler needs) and the count of
    /// NaN, infinite or absurd samples read as 0 (``AudioFileReader/replacedSamples``), for
    /// the caller's warning. O(frames); allocates.
    public func load(path: String) throws(SoundFileError) -> (
        resource: AudioResource, durationSeconds: Double, replacedSamples: Int
    ) {
        // Mono and stereo pass through; more channels fold to stereo as they are read.
        let stereoOrMono = try SoundFile.read(path: path, limits: limits, maxChannels: 2)
        let duration = stereoOrMono.duration
        let converted =
            stereoOrMono.sampleRate == sampleRate
            ? stereoOrMono
            : try stereoOrMono.resampled(to: sampleRate, quality: quality)
        return (
            AudioResource(samples: converted.samples, channels: converted.channels), duration,
            stereoOrMono.replacedSamples
        )
    }
}
