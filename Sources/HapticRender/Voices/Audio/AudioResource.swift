/// Decoded custom audio (an AudioCustom event's file) at the render sample rate, owned by
/// the renderer for its whole life.
///
/// The caller decodes and resamples the file (libsndfile + libsamplerate in the `SoundFile`
/// module) before creating the renderer; the render loop only reads it.
public struct AudioResource: Sendable {
    /// Interleaved samples, `frames × channels`.
    @usableFromInline package var samples: [Float]
    /// 1 (mono) or 2 (stereo); files with more channels are mixed down by the loader.
    @usableFromInline package var channels: Int
    /// Frames at the render sample rate.
    @inlinable package var frames: Int { channels > 0 ? samples.count / channels : 0 }

    public init(samples: [Float], channels: Int) {
        precondition(channels == 1 || channels == 2, "AudioResource holds mono or stereo audio")
        self.samples = samples
        self.channels = channels
    }
}
