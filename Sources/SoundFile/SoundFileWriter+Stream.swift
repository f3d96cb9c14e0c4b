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
    /// libsndfile cannot write WAV or AIFF to a pipe, because it finishes their header (data
    /// size, frame count) after the audio. The length is known here, so the writer first
    /// runs libsndfile over a file of `frames` silent frames that keeps only its final
    /// header (a dry run: O(frames) conversion, about 1.5 s per hour of stereo), sends
    /// that header, then the audio as libsndfile converts it. libsndfile's own final header
    /// is checked against the one sent, so the stream is byte for byte the file a
    /// path-based writer with the same settings writes.
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
        metadata: [SoundFileMetadataKey: String] = [:]
    ) throws(SoundFileError) {
        guard format.isStreamable else { throw .notStreamable(format: format) }
        guard frames >= 0 else {
            throw .streamLengthMismatch(path: name, declared: frames, written: 0)
        }
        let resolved = try Self.validate(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        let header = try Self.finalHeader(
            frames: frames, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, metadata: metadata, name: name)
        let sink = HeaderFirstStream(descriptor: descriptor, header: header)
        let handle = try Self.openVirtual(
            sink, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, metadata: metadata, name: name)
        self.init(
            path: name, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels,
            overwrite: true, oggSerialNumber: nil, vorbisComments: [],
            handle: handle, descriptor: -1, temporaryPath: nil, stream: (sink, frames))
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
    private static func openVirtual(
        _ file: VirtualFile, format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int,
        channels: Int,
        metadata: [SoundFileMetadataKey: String], name: String
    ) throws(SoundFileError) -> SndFileHandle {
        // libsndfile writes a first header as it opens: a reader that is already gone shows here.
        func streamFailure() -> SoundFileError? {
            (file as? HeaderFirstStream)?.failure.map { error($0, path: name) }
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

    /// The error a failed stream write means.
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
