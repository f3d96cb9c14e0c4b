#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// Decoded audio in memory: interleaved `Float` samples at nominal full scale ±1.0.
public struct DecodedAudio: Sendable, Equatable {
    /// Frames per second.
    public var sampleRate: Double
    /// Samples per frame (≥ 1).
    public var channels: Int
    /// Interleaved samples: frame 0 channel 0, frame 0 channel 1, …
    public var samples: [Float]
    /// Samples of the file that were NaN, infinite or absurdly large and were read as 0
    /// (``AudioFileReader/replacedSamples``).
    public var replacedSamples = 0

    /// Creates audio from interleaved samples.
    /// - Precondition: `channels ≥ 1` and `samples.count` is a multiple of `channels`.
    public init(sampleRate: Double, channels: Int, samples: [Float]) {
        precondition(channels >= 1, "channels must be ≥ 1")
        precondition(samples.count % channels == 0, "samples must hold whole frames")
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    /// The number of frames, derived from the samples so it can never disagree with them. O(1).
    public var frames: Int { samples.count / channels }

    /// The length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(frames) / sampleRate : 0 }

    /// Appends `frames` of `channels`-channel audio (more than 2) folded to stereo: even
    /// channels to the left, odd to the right (the WAV/Vorbis order puts left-side speakers at
    /// even indices), each side divided by its channel count so the level does not grow with
    /// channels. O(samples).
    public static func foldedToStereo(
        _ interleaved: UnsafeBufferPointer<Float>, channels: Int, into out: inout [Float]
    ) {
        let leftCount = Float((channels + 1) / 2)
        let rightCount = Float(channels / 2)
        let frames = interleaved.count / channels
        out.reserveCapacity(out.count + 2 * frames)
        for f in 0..<frames {
            var l: Float = 0
            var r: Float = 0
            for c in 0..<channels {
                let s = interleaved[f * channels + c]
                if c % 2 == 0 { l += s } else { r += s }
            }
            out.append(l / leftCount)
            out.append(r / rightCount)
        }
    }

    /// One channel, de-interleaved. O(frames).
    public func channel(_ index: Int) -> [Float] {
        precondition((0..<channels).contains(index), "channel out of range")
        return stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }
}

/// What a file's header says, read without decoding any audio.
public struct SoundFileInfo: Sendable, Equatable {
    /// Frames as declared by the header (libsndfile's `SF_INFO.frames`).
    public var frames: Int
    /// Frames per second.
    public var sampleRate: Double
    /// Samples per frame.
    public var channels: Int
    /// The raw `SF_INFO.format` (major format | subtype | endianness).
    public var rawFormat: Int32
    /// libsndfile's name of the major format, e.g. "WAV (Microsoft)".
    public var formatName: String

    /// The length in seconds, as declared.
    public var duration: Double { sampleRate > 0 ? Double(frames) / sampleRate : 0 }

    /// The container, when it is one the writer knows (Ogg maps to `.ogg` or `.opus`; WAV's
    /// extensible and RF64 forms, which the writer produces, to `.wav`).
    public var container: SoundFileFormat? {
        var major = rawFormat & Int32(SF_FORMAT_TYPEMASK)
        if major == Int32(SF_FORMAT_WAVEX) || major == Int32(SF_FORMAT_RF64) {
            major = Int32(SF_FORMAT_WAV)
        }
        let sub = rawFormat & Int32(SF_FORMAT_SUBMASK)
        return SoundFileFormat.allWritable.first {
            $0.rawValue == major || $0.rawValue == major | sub
        }
    }

    /// The stored sample format, when it is one of `SampleFormat`'s constants.
    public var sampleFormat: SampleFormat? {
        let sub = SampleFormat(rawValue: rawFormat & Int32(SF_FORMAT_SUBMASK))
        return [SampleFormat.pcm16, .pcm24, .float32].contains(sub) ? sub : nil
    }

    /// Whether ``frames`` is the exact length: false for MPEG streams and Ogg (Vorbis, Opus),
    /// whose headers carry an estimate that decoding may not reach or may pass.
    public var declaresExactLength: Bool {
        let major = rawFormat & Int32(SF_FORMAT_TYPEMASK)
        return major != Int32(SF_FORMAT_MPEG) && major != Int32(SF_FORMAT_OGG)
    }

    /// Whether ``AudioFileReader/seek(toFrame:)`` lands on the very frame asked for: samples
    /// stored as integers, floats, µ-law or A-law (in any container, FLAC included), whose
    /// position libsndfile computes. Other codecs (MP3, Vorbis, Opus, ADPCM, GSM, …) decode
    /// in packets and may land near it or refuse.
    public var seeksExactly: Bool {
        let exact: [Int32] = [
            SF_FORMAT_PCM_S8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32,
            SF_FORMAT_PCM_U8, SF_FORMAT_FLOAT, SF_FORMAT_DOUBLE, SF_FORMAT_ULAW, SF_FORMAT_ALAW,
        ].map { Int32($0) }
        return exact.contains(rawFormat & Int32(SF_FORMAT_SUBMASK))
    }
}

/// Caps on how much one audio file may cost, so a hostile or broken file cannot make the
/// process allocate or block without bound. The file's size is checked before libsndfile
/// opens it, its declared length right after the header (cheap rejection), and frames
/// and bytes again while decoding (headers can lie).
///
/// | limit | default | checked |
/// |---|---|---|
/// | ``maxFileBytes`` | 256 MiB | `fstat`, before libsndfile parses anything |
/// | ``maxDurationSeconds`` | 600 s (10 min) | header, and frames while decoding |
/// | ``maxBytes`` | 256 MiB of decoded `Float` samples | header, and while decoding |
/// | ``maxFrames`` | unlimited | header, and while decoding |
///
/// Non-regular files (FIFOs, devices, directories) are always refused.
public struct SoundFileReadLimits: Sendable, Equatable {
    /// The most frames a read returns before failing.
    public var maxFrames: Int
    /// The most bytes of decoded `Float` samples (frames × channels × 4) a read allocates.
    public var maxBytes: Int
    /// The largest file, in bytes on disk.
    public var maxFileBytes: Int
    /// The longest audio, in seconds at the file's own rate.
    public var maxDurationSeconds: Double

    public init(
        maxFrames: Int = .max, maxBytes: Int = 256 << 20, maxFileBytes: Int = 256 << 20,
        maxDurationSeconds: Double = 600
    ) {
        self.maxFrames = maxFrames
        self.maxBytes = maxBytes
        self.maxFileBytes = maxFileBytes
        self.maxDurationSeconds = maxDurationSeconds
    }

    /// 256 MiB on disk and of decoded samples (~11 minutes of 48 kHz stereo), at most
    /// 10 minutes: far beyond any haptic audio asset, yet small enough not to take the
    /// machine down.
    public static var `default`: Self { Self() }

    /// No limit beyond what memory allows. Only for trusted input.
    public static var unlimited: Self {
        Self(maxFrames: .max, maxBytes: .max, maxFileBytes: .max, maxDurationSeconds: .infinity)
    }

    /// The frame cap for `channels` at `sampleRate`, combining every limit.
    func maxFrames(channels: Int, sampleRate: Double = 0) -> Int {
        var cap = min(maxFrames, maxBytes / (MemoryLayout<Float>.size * max(channels, 1)))
        let byDuration = maxDurationSeconds * sampleRate
        if sampleRate > 0, byDuration.isFinite, byDuration < Double(cap) { cap = Int(byDuration) }
        return cap
    }
}
