#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

extension SoundFileWriter {
    /// Zero frames written per call of the header dry run.
    private static let probeBlockFrames = 16_384

    /// Opens a writer that streams a file of exactly `frames` frames to `descriptor`, which
    /// need not seek: standard output into a pipe (`… -o - | ffmpeg -i - …`).
    ///
    /// A WAV stream is its ``WAVEHeader`` for `frames` frames, then the samples: the header
    /// needs only the length. AIFF's header is libsndfile's, which it finishes after the
    /// audio; the length is known here, so the writer first runs libsndfile over a file of
    /// `frames` silent frames that keeps only its final header (a dry run: O(frames)
    /// conversion, about 1.5 s per hour of stereo), sends that header, then the audio as
    /// libsndfile converts it, and checks libsndfile's own final header against the one sent.
    /// Either way the stream is byte for byte the file a path-based writer with the same
    /// settings writes.
    ///
    /// `descriptor` stays the caller's (never closed). With `SIGPIPE` ignored, a reader
    /// that exits early makes ``write(_:)`` throw ``SoundFileError/streamClosed(path:)``;
    /// otherwise the signal ends the process. Nothing is atomic about a stream: a render
    /// stopped early leaves the reader a stream shorter than its header says.
    ///
    /// - Parameters:
    ///   - name: how errors name the destination (e.g. `<stdout>`).
    ///   - frames: exactly the frames that ``write(_:)`` will be given before ``finish()``.
    /// - Throws: ``SoundFileError/notStreamable(format:)`` for formats other than
    ///   ``SoundFileFormat/isStreamable``, the settings errors of
    ///   ``validate(format:sampleFormat:sampleRate:channels:)``, or libsndfile's refusal.
    public init(
        streamingTo descriptor: Int32, name: String, frames: Int, format: SoundFileFormat,
        sampleFormat: SampleFormat? = nil, sampleRate: Int, channels: Int,
        metadata: [SoundFileMetadataKey: String] = [:], channelMask: UInt32? = nil
    ) throws(SoundFileError) {
        let resolved = try Self.validate(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        let (handle, output) = try Self.openStream(
            descriptor, name: name, frames: frames, format: format, sampleFormat: resolved,
            sampleRate: sampleRate, channels: channels, metadata: metadata,
            channelMask: channelMask)
        self.init(
            path: name, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, oggSerialNumber: nil, vorbisComments: [],
            handle: handle, file: nil, output: output)
    }

    /// libsndfile opened to stream `frames` frames to `descriptor` in order (see
    /// ``init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:channelMask:)``);
    /// `sampleFormat` is already resolved.
    static func openStream(
        _ descriptor: Int32, name: String, frames: Int, format: SoundFileFormat,
        sampleFormat resolved: SampleFormat?, sampleRate: Int, channels: Int,
        metadata: [SoundFileMetadataKey: String], channelMask: UInt32?
    ) throws(SoundFileError) -> (SndFileHandle, Output) {
        guard format.isStreamable else { throw .notStreamable(format: format) }
        guard frames >= 0 else {
            throw .streamLengthMismatch(path: name, declared: frames, written: 0)
        }
        if let maxFrames = format.maxFrames(channels: channels, sampleFormat: resolved),
            frames > maxFrames
        {
            throw .tooLarge(
                path: name,
                detail:
                    "\(format) holds at most \(maxFrames) frames of \(channels) channels (4 GiB)"
            )
        }
        if let header = try Self.waveHeader(
            format, sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
            metadata: metadata, channelMask: channelMask, path: name)
        {
            let bytes = header.bytes(frames: frames)
            if let f = bytes.withUnsafeBytes({ system_write_sequential(descriptor, $0) }) {
                throw Self.error(.system(f), path: name)
            }
            let sink = DescriptorSink(descriptor: descriptor, base: 0, sequential: true)
            let handle = try Self.openRaw(sink, header, sampleFormat: resolved, path: name)
            return (handle, .wave(header, sink, streamedFrames: frames, descriptor: descriptor))
        }
        let header = try Self.finalHeader(
            frames: frames, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, metadata: metadata, name: name)
        let sink = HeaderFirstStream(descriptor: descriptor, header: header)
        let handle = try Self.openVirtual(
            sink, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, metadata: metadata, name: name)
        return (handle, .stream(sink, frames: frames))
    }

    /// The header libsndfile finishes a `frames`-frame file with: a dry run over silence
    /// whose audio is discarded. O(frames) conversion, no I/O.
    private static func finalHeader(
        frames: Int, format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int,
        channels: Int,
        metadata: [SoundFileMetadataKey: String], name: String
    ) throws(SoundFileError) -> [UInt8] {
        let probe = HeaderProbe()
        let handle = try openVirtual(
            probe, format: format, sampleFormat: sampleFormat, sampleRate: sampleRate,
            channels: channels, metadata: metadata, name: name)
        let silence = [Float](repeating: 0, count: probeBlockFrames * channels)
        var left = frames
        while left > 0 {
            let n = min(left, probeBlockFrames)
            let written = silence.withUnsafeBufferPointer {
                sndfile_writef_float(handle, $0.baseAddress!, n)
            }
            guard written == n else {
                let message = sndfile_strerror(handle)
                _ = sndfile_close(handle)
                throw .writeFailed(path: name, message: message)
            }
            left -= n
        }
        if let message = sndfile_close(handle) { throw .writeFailed(path: name, message: message) }
        return probe.header
    }

    /// Opens libsndfile over a virtual file with the settings every written file gets.
    static func openVirtual(
        _ file: VirtualFile, format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int,
        channels: Int,
        metadata: [SoundFileMetadataKey: String], name: String
    ) throws(SoundFileError) -> SndFileHandle {
        // libsndfile writes a first header as it opens: a full disk or a reader that is
        // already gone shows here.
        func streamFailure() -> SoundFileError? {
            let failure =
                (file as? HeaderFirstStream)?.failure ?? (file as? DescriptorSink)?.failure
            return failure.map { error($0, path: name) }
        }
        var info = info(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        switch sndfile_open_virtual_write(file, &info) {
        case .opened(let handle):
            do {
                try configure(handle, sampleFormat: sampleFormat, metadata: metadata, path: name)
            } catch {
                _ = sndfile_close(handle)
                throw streamFailure() ?? error
            }
            return handle
        case .failed(let message):
            throw streamFailure() ?? .writeFailed(path: name, message: message)
        }
    }

    /// The error a failed write underneath libsndfile means.
    static func error(_ failure: HeaderFirstStream.Failure, path: String) -> SoundFileError {
        switch failure {
        case .system(let f) where f.isBrokenPipe: .streamClosed(path: path)
        case .system(let f): .fileSystem(path: path, call: f.call, message: f.message)
        case .outOfOrder(let offset, let sent):
            .writeFailed(
                path: path,
                message:
                    "libsndfile wrote at byte \(offset) after \(sent) bytes were streamed; this format cannot be streamed"
            )
        }
    }
}
