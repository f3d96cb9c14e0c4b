#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// An open sound file, decoded through libsndfile: WAV (any PCM/float), AIFF, FLAC,
/// Ogg Vorbis/Opus, and every other format libsndfile reads.
///
/// This is where audio enters the package, so it is where bad samples stop: a NaN, an
/// infinity, or a sample beyond ±``maxSampleMagnitude`` (a float file holding garbage) is
/// read as 0 and counted in ``replacedSamples``, for the caller to warn about. One bad sample
/// then costs one sample, not a whole event or channel (a NaN would spread through every
/// filter, resampler and mix after it). The file is also recorded as an input of the running
/// command (``InputFiles``), so no output of that command can overwrite it.
///
/// `~Copyable` because it owns one libsndfile handle: unique ownership makes a double
/// close impossible, and `deinit` closes it without a class or reference counting.
public struct AudioFileReader: ~Copyable {
    /// The path given to `init`.
    public let path: String
    /// The header information (frames as declared).
    public let info: SoundFileInfo
    private let handle: SndFileHandle
    /// Our descriptor: libsndfile reads through it but never closes it.
    private let descriptor: Int32
    /// Samples read so far that were NaN, infinite or beyond ±``maxSampleMagnitude``, and
    /// were read as 0.
    public private(set) var replacedSamples = 0

    /// The largest sample magnitude read as is: 10⁶, 120 dB above full scale. Beyond it a
    /// sample is garbage (no recording or mix reaches it), and sums of such samples in a
    /// resampler or mix could overflow to infinity.
    public static let maxSampleMagnitude: Float = 1_000_000

    /// Opens `path` and reads its header. O(header) — no audio is decoded.
    ///
    /// Before libsndfile sees the file, it must be a regular file (a FIFO or device would
    /// block or never end) of at most `limits.maxFileBytes`; after the header, its declared
    /// length must be within `limits.maxDurationSeconds`. (The frame and byte caps are
    /// enforced by ``readAll(limits:)``, while decoding.)
    /// - Throws: `SoundFileError.openFailed` with libsndfile's message (missing file,
    ///   unknown format, corrupt header…) or saying what the path is instead of a file;
    ///   `tooLarge` when a limit is exceeded.
    public init(path: String, limits: SoundFileReadLimits = .default) throws(SoundFileError) {
        let fd: Int32
        switch system_open_regular_input(path) {
        case .failed(let failure):
            let reason =
                failure.isNotFound ? PathEncoding.missingFileReason(path) : failure.message
            throw .openFailed(path: path, message: "\(failure.call): \(reason)")
        case .notRegular(let kind):
            throw .openFailed(path: path, message: "it is \(kind), not a sound file")
        case .opened(let d, let size):
            if size > limits.maxFileBytes {
                _ = system_close(d)
                throw .tooLarge(
                    path: path,
                    detail:
                        "the file is \(size) bytes, more than maxFileBytes \(limits.maxFileBytes)")
            }
            fd = d
        }
        InputFiles.recordRead(descriptor: fd, path: path)
        var sfInfo = SF_INFO()
        let handle: SndFileHandle
        switch sndfile_open_fd_read(fd, &sfInfo) {
        case .failed(let message):
            _ = system_close(fd)
            throw .openFailed(path: path, message: message)
        case .opened(let h):
            handle = h
        }
        let info = SoundFileInfo(
            frames: Int(sfInfo.frames), sampleRate: Double(sfInfo.samplerate),
            channels: Int(sfInfo.channels), rawFormat: sfInfo.format,
            formatName: sndfile_format_name(sfInfo.format) ?? "unknown")
        // `info.duration` is 0 for a rate of 0; `!(x <= max)` also refuses NaN.
        if !(info.duration <= limits.maxDurationSeconds) {
            _ = sndfile_close(handle)
            _ = system_close(fd)
            throw .tooLarge(
                path: path,
                detail:
                    "it lasts \(info.duration) s, more than maxDurationSeconds \(limits.maxDurationSeconds)"
            )
        }
        self.handle = handle
        self.descriptor = fd
        self.path = path
        self.info = info
    }

    deinit {
        _ = sndfile_close(handle)
        _ = system_close(descriptor)
    }

    /// One metadata string, or nil when the file has none for `key`.
    public func metadata(_ key: SoundFileMetadataKey) -> String? {
        sndfile_get_string(handle, key.rawValue)
    }

    /// libsndfile's log of parsing the header: chunk sizes, formats, and the lengths it had
    /// to correct.
    public var headerLog: String { sndfile_log_info(handle) }

    /// True when the header declares more audio data than the file holds (a truncated
    /// download or copy): libsndfile then reads what is there and logs the correction
    /// `data : DECLARED (should be ACTUAL)` (`SSND` for AIFF). O(log length).
    public var isTruncated: Bool {
        for line in headerLog.split(separator: "\n")
        where line.hasPrefix("data") || line.hasPrefix("SSND") {
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if line.contains("should be"), numbers.count >= 2,
                numbers[numbers.count - 1] < numbers[numbers.count - 2]
            {
                return true
            }
        }
        return false
    }

    /// Every metadata string the file has. O(number of keys).
    public var metadata: [SoundFileMetadataKey: String] {
        var result: [SoundFileMetadataKey: String] = [:]
        for key in SoundFileMetadataKey.allKeys {
            if let value = metadata(key) { result[key] = value }
        }
        return result
    }

    /// Decodes the next frames into `buffer` (interleaved; its length must be a whole
    /// number of frames). Returns the frames read; 0 at the end of the file.
    /// - Throws: `readFailed` when libsndfile reports a decode error.
    public mutating func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(SoundFileError)
        -> Int
    {
        guard buffer.count % info.channels == 0 else {
            throw .partialFrame(sampleCount: buffer.count, channels: info.channels)
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let frames = sndfile_readf_float(handle, base, buffer.count / info.channels)
        if frames == 0 && sndfile_has_error(handle) {
            throw .readFailed(path: path, message: sndfile_strerror(handle))
        }
        replacedSamples += Self.sanitize(
            UnsafeMutableBufferPointer(start: base, count: frames * info.channels))
        return frames
    }

    /// Replaces every NaN, infinity and sample beyond ±``maxSampleMagnitude`` by 0; returns
    /// how many. O(samples), one branch per 1,024 samples when all are good.
    static func sanitize(_ samples: UnsafeMutableBufferPointer<Float>) -> Int {
        var replaced = 0
        var start = 0
        while start < samples.count {
            let end = min(start + 1_024, samples.count)
            var bad = false
            // `!(abs(x) <= max)` is true for NaN too.
            for i in start..<end { bad = bad || !(abs(samples[i]) <= maxSampleMagnitude) }
            if bad {
                for i in start..<end where !(abs(samples[i]) <= maxSampleMagnitude) {
                    samples[i] = 0
                    replaced += 1
                }
            }
            start = end
        }
        return replaced
    }

    /// Moves to frame `frame` (0 is the first), so that the next ``read(into:)`` decodes from
    /// there. Sample-exact when ``SoundFileInfo/seeksExactly``; other codecs may land near
    /// it or refuse.
    /// - Throws: `readFailed` when the file cannot seek there (past its end, or a stream).
    public mutating func seek(toFrame frame: Int) throws(SoundFileError) {
        guard sndfile_seek(handle, toFrame: frame) == frame else {
            throw .readFailed(path: path, message: "cannot seek to frame \(frame)")
        }
    }

    /// Decodes the rest of the file. O(frames).
    ///
    /// Reads until libsndfile reports the end rather than trusting the header's frame
    /// count, and fails as soon as `limits` would be exceeded — before allocating for it.
    /// With `maxChannels` 2, a file of more channels is folded to stereo while it is read
    /// (``DecodedAudio/foldedToStereo(_:channels:into:)``), so only the stereo result is ever
    /// in memory, and `limits` apply to it.
    /// - Throws: `tooLarge` when the header or the data exceeds `limits`; `readFailed`.
    public consuming func readAll(limits: SoundFileReadLimits = .default, maxChannels: Int? = nil)
        throws(SoundFileError) -> DecodedAudio
    {
        let channels = info.channels
        let outChannels = maxChannels == 2 && channels > 2 ? 2 : channels
        let maxFrames = limits.maxFrames(channels: outChannels, sampleRate: info.sampleRate)
        if info.frames > maxFrames {
            throw .tooLarge(path: path, detail: tooLargeDetail(frames: info.frames, limits: limits))
        }
        // Trust the header only for the initial capacity, and only up to 1M frames, so a
        // lying header cannot make us allocate much before any data is seen.
        let chunkFrames = 1 << 14
        var samples: [Float] = []
        samples.reserveCapacity(min(max(info.frames, 0), 1 << 20) * outChannels)
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var total = 0
        while true {
            let n = try chunk.withUnsafeMutableBufferPointer {
                (buf) throws(SoundFileError) -> Int in
                try self.read(into: buf)
            }
            if n == 0 { break }
            total += n
            if total > maxFrames {
                throw .tooLarge(
                    path: path, detail: tooLargeDetail(frames: total, limits: limits, atLeast: true)
                )
            }
            if outChannels == channels {
                samples.append(contentsOf: chunk[0..<(n * channels)])
            } else {
                chunk.withUnsafeBufferPointer {
                    DecodedAudio.foldedToStereo(
                        UnsafeBufferPointer(rebasing: $0[0..<(n * channels)]), channels: channels,
                        into: &samples)
                }
            }
        }
        var audio = DecodedAudio(
            sampleRate: info.sampleRate, channels: outChannels, samples: samples)
        audio.replacedSamples = replacedSamples
        return audio
    }

    private func tooLargeDetail(frames: Int, limits: SoundFileReadLimits, atLeast: Bool = false)
        -> String
    {
        "\(atLeast ? "more than " : "")\(frames) frames × \(info.channels) channels exceeds the limit "
            + "(maxFrames \(limits.maxFrames), maxBytes \(limits.maxBytes), maxDurationSeconds \(limits.maxDurationSeconds))"
    }
}

/// Convenience entry points: one call, one file.
public enum SoundFile {
    /// Decodes a whole file, folded to stereo while read when `maxChannels` is 2. O(frames).
    /// See `AudioFileReader.readAll(limits:maxChannels:)`.
    public static func read(
        path: String, limits: SoundFileReadLimits = .default, maxChannels: Int? = nil
    ) throws(SoundFileError) -> DecodedAudio {
        try AudioFileReader(path: path, limits: limits).readAll(
            limits: limits, maxChannels: maxChannels)
    }

    /// Reads only the header: frames, rate, channels, format. O(header) for most formats
    /// (Ogg scans to the last page to find the length). Applies the open-time `limits`
    /// (regular file, ``SoundFileReadLimits/maxFileBytes``, declared length).
    public static func info(path: String, limits: SoundFileReadLimits = .default)
        throws(SoundFileError) -> SoundFileInfo
    {
        try AudioFileReader(path: path, limits: limits).info
    }

    /// Reads the metadata strings of a file.
    public static func metadata(path: String) throws(SoundFileError) -> [SoundFileMetadataKey:
        String]
    {
        try AudioFileReader(path: path).metadata
    }
}
