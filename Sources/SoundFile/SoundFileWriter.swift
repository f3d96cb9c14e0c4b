#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// Writes interleaved `Float` audio to a file, atomically and deterministically.
///
/// **Atomic.** Audio goes to a hidden temporary file beside the destination through
/// ``AtomicFile``, the one path every output of this package takes: `finish()` completes and
/// syncs it and renames it over the destination, so readers see either the old file or the
/// complete new one; `cancel()`, a thrown error, dropping the writer, a full disk or a
/// termination signal removes it. An input of the running command is never the destination
/// (``InputFiles``). When the destination is an existing device or FIFO (`/dev/null`) the
/// writer writes straight to it.
///
/// **WAV** is laid out by ``WAVEHeader`` (libsndfile encodes the samples only): RF64 past
/// 4 GiB, WAVE_FORMAT_EXTENSIBLE with a channel mask for float and for more than two
/// channels. **AIFF** cannot hold more than 4 GiB of audio: a write past it fails
/// (``SoundFileFormat/maxFrames(channels:sampleFormat:)`` lets a caller refuse it up front).
///
/// **Samples** must be finite: a NaN or infinity is refused (``SoundFileError/nonFiniteSample(path:frame:)``)
/// rather than written (lossy encoders abort on them, and no player can use them).
///
/// **Streams.** ``init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:channelMask:)``
/// writes a WAV or AIFF file of known length to a descriptor that cannot seek (a pipe),
/// byte for byte the file this writer would publish.
///
/// **Deterministic.** Identical input gives byte-identical files: no `PEAK` chunk (it holds
/// a wall-clock time), metadata applied in key order, and Ogg stream serial numbers
/// (random in libsndfile) rewritten to `oggSerialNumber`.
///
/// **Why a `~Copyable` struct rather than a final class.** The writer owns unique resources
/// (a libsndfile handle, an atomic file). Unique ownership is what they need: `finish()` and
/// `cancel()` are `consuming`, so using a writer after finishing is a compile-time error, and
/// `deinit` is the single cleanup path for every exit, with no reference counting.
public struct SoundFileWriter: ~Copyable {
    /// The Ogg serial number written by default: ASCII "AHAP".
    public static let defaultOggSerialNumber: UInt32 = 0x5041_4841

    /// The destination path.
    public let path: String
    /// The container (and codec).
    public let format: SoundFileFormat
    /// The stored sample format after defaulting (nil for Ogg codecs).
    public let sampleFormat: SampleFormat?
    /// Frames per second.
    public let sampleRate: Int
    /// Samples per frame.
    public let channels: Int
    /// Frames accepted so far.
    public private(set) var framesWritten: Int = 0

    private let oggSerialNumber: UInt32?
    private let vorbisComments: [String]
    /// The most frames the container holds (AIFF), or nil.
    private let maxFrames: Int?
    // Resources still owned; each is set to nil once released, so `deinit` releases exactly
    // what is left, whatever path we leave by.
    private var handle: SndFileHandle?
    private var file: AtomicFile?
    /// A stream (a pipe, `/dev/stdout`) that ``file``, a file no one sees, is sent to in order
    /// once finished: for a format that cannot be streamed as it is encoded, or a length not
    /// known up front.
    private var relay: AtomicFile?
    /// The atomic file's descriptor (-1 for a stream) and whether it is a device written
    /// directly (kept apart from `file`, which only `finish()` may touch).
    private let fileDescriptor: Int32
    private let fileIsDirect: Bool
    /// How the bytes leave libsndfile.
    private let output: Output

    /// Where libsndfile's bytes go.
    enum Output {
        /// Into the atomic file (every format but WAV).
        case file(DescriptorSink)
        /// WAV samples after a ``WAVEHeader`` this writer writes: into the atomic file, or
        /// streamed after the header (`frames` declared).
        case wave(WAVEHeader, DescriptorSink, streamedFrames: Int?, descriptor: Int32)
        /// A streamed AIFF: the header of a dry run first, then the audio.
        case stream(HeaderFirstStream, frames: Int)
    }

    /// Validates the settings, checks the destination, and opens the temporary file.
    ///
    /// - Parameters:
    ///   - sampleFormat: nil picks `format.defaultSampleFormat`; must be nil for Ogg codecs.
    ///   - metadata: strings to embed; applied in `SoundFileMetadataKey` order.
    ///   - overwrite: when false, an existing destination fails here, before any rendering.
    ///   - oggSerialNumber: the stream serial for Ogg output; nil keeps libsndfile's random
    ///     one (non-deterministic).
    ///   - vorbisComments: extra `KEY=value` comments for Ogg output, which libsndfile cannot
    ///     write itself (e.g. Android's `ANDROID_HAPTIC=1`); added when the file is finished.
    ///   - channelMask: the WAV speaker mask; nil picks ``WAVEHeader``'s by channel count.
    ///   - frames: the frames ``write(_:)`` will be given, when known: a destination written
    ///     in order (a FIFO, `/dev/stdout`; ``AtomicFile/isSequential``) is then streamed as
    ///     ``init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:channelMask:)``
    ///     streams WAV and AIFF. Other formats, or an unknown length, are encoded into a file
    ///     no one sees (in `TMPDIR`) and sent in order when finished.
    /// - Throws: `SoundFileError` — invalid settings, `destinationExists`,
    ///   `destinationIsInput`, `unwritableDestination` (a terminal), a file system error
    ///   (unwritable folder), or libsndfile's refusal.
    public init(
        path: String, format: SoundFileFormat, sampleFormat: SampleFormat? = nil,
        sampleRate: Int, channels: Int, metadata: [SoundFileMetadataKey: String] = [:],
        overwrite: Bool = false, oggSerialNumber: UInt32? = SoundFileWriter.defaultOggSerialNumber,
        vorbisComments: [String] = [], channelMask: UInt32? = nil, frames: Int? = nil
    ) throws(SoundFileError) {
        guard vorbisComments.isEmpty || format.isOgg else {
            throw .unsupportedMetadata(
                path: path, key: .comment, message: "custom Vorbis comments need an Ogg format")
        }
        let resolved = try Self.validate(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        // Settings errors come before the destination is touched.
        let wave = try Self.waveHeader(
            format, sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
            metadata: metadata, channelMask: channelMask, path: path)
        let file = try AtomicFile(path: path, replacing: overwrite ? .replace : .never)
        if file.isSequential {
            // A pipe, a terminal, or a descriptor such as /dev/stdout: streamed as `-o -` is.
            if system_is_terminal(file.descriptor) {
                throw .unwritableDestination(
                    path: path,
                    reason: "it is a terminal, which cannot show audio; redirect it to a file")
            }
            guard let frames, format.isStreamable else {
                // Encoded into a file no one sees, then sent in order once finished: any
                // format, any length, to a pipe (at the cost of the file's size on disk).
                try self.init(
                    file: AtomicFile(unnamedIn: Self.temporaryFolder), name: path, format: format,
                    sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
                    metadata: metadata, oggSerialNumber: oggSerialNumber,
                    vorbisComments: vorbisComments, wave: wave)
                relay = consume file
                return
            }
            let (handle, output) = try Self.openStream(
                file.descriptor, name: path, frames: frames, format: format,
                sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
                metadata: metadata, channelMask: channelMask)
            self.init(
                path: path, format: format, sampleFormat: resolved, sampleRate: sampleRate,
                channels: channels, oggSerialNumber: nil, vorbisComments: [], handle: handle,
                file: file, output: output)
            return
        }
        try self.init(
            file: file, name: path, format: format, sampleFormat: resolved,
            sampleRate: sampleRate, channels: channels, metadata: metadata,
            oggSerialNumber: oggSerialNumber, vorbisComments: vorbisComments, wave: wave)
    }

    /// Where an encoding bound for a stream is kept until it is sent: `TMPDIR`, else `/tmp`.
    static var temporaryFolder: String { system_temporary_folder() }

    /// Encodes into a file no one can see (``AtomicFile/init(unnamedIn:)``), for bytes the
    /// caller keeps in memory (``finishBytes()``): an HTML page's audio. Nothing is ever left
    /// on disk. Parameters as for the path-based initializer.
    public init(
        unnamedIn folder: String, format: SoundFileFormat, sampleFormat: SampleFormat? = nil,
        sampleRate: Int, channels: Int, metadata: [SoundFileMetadataKey: String] = [:],
        channelMask: UInt32? = nil
    ) throws(SoundFileError) {
        let resolved = try Self.validate(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        let wave = try Self.waveHeader(
            format, sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
            metadata: metadata, channelMask: channelMask, path: folder)
        try self.init(
            file: AtomicFile(unnamedIn: folder), name: folder, format: format,
            sampleFormat: resolved, sampleRate: sampleRate, channels: channels,
            metadata: metadata, oggSerialNumber: Self.defaultOggSerialNumber, vorbisComments: [],
            wave: wave)
    }

    /// The header of a WAV file with these settings (``WAVEHeader``), nil for other formats.
    static func waveHeader(
        _ format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int, channels: Int,
        metadata: [SoundFileMetadataKey: String], channelMask: UInt32?, path: String
    ) throws(SoundFileError) -> WAVEHeader? {
        guard format == .wav else { return nil }
        return try WAVEHeader(
            channels: channels, sampleRate: sampleRate, sampleFormat: sampleFormat,
            metadata: metadata, channelMask: channelMask, path: path)
    }

    /// Opens libsndfile over `file`: raw samples after `wave` for WAV, the container otherwise.
    private init(
        file: consuming AtomicFile, name path: String, format: SoundFileFormat,
        sampleFormat resolved: SampleFormat?,
        sampleRate: Int, channels: Int, metadata: [SoundFileMetadataKey: String],
        oggSerialNumber: UInt32?, vorbisComments: [String], wave: WAVEHeader?
    ) throws(SoundFileError) {
        let fd = file.descriptor
        let handle: SndFileHandle
        let output: Output
        if let wave {
            let sink = DescriptorSink(descriptor: fd, base: Int64(wave.size), sequential: false)
            handle = try Self.openRaw(sink, wave, sampleFormat: resolved, path: path)
            output = .wave(wave, sink, streamedFrames: nil, descriptor: fd)
        } else {
            let sink = DescriptorSink(descriptor: fd, base: 0, sequential: false)
            handle = try Self.openVirtual(
                sink, format: format, sampleFormat: resolved, sampleRate: sampleRate,
                channels: channels, metadata: metadata, name: path)
            output = .file(sink)
        }
        self.init(
            path: path, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels, oggSerialNumber: oggSerialNumber, vorbisComments: vorbisComments,
            handle: handle, file: file, output: output)
    }

    /// Takes ownership of opened resources; every public initialiser ends here.
    init(
        path: String, format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int,
        channels: Int, oggSerialNumber: UInt32?, vorbisComments: [String],
        handle: SndFileHandle, file: consuming AtomicFile?, output: Output
    ) {
        self.path = path
        self.format = format
        self.sampleFormat = sampleFormat
        self.sampleRate = sampleRate
        self.channels = channels
        self.oggSerialNumber = oggSerialNumber
        self.vorbisComments = vorbisComments
        self.maxFrames = format.maxFrames(channels: channels, sampleFormat: sampleFormat)
        self.handle = handle
        fileDescriptor = file?.descriptor ?? -1
        fileIsDirect = file?.isDirect ?? true
        self.file = file
        self.output = output
    }

    /// The `SF_INFO` libsndfile opens a file for writing with.
    static func info(
        format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int, channels: Int
    ) -> SF_INFO {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.rawValue | (sampleFormat?.rawValue ?? 0)
        return info
    }

    /// Opens libsndfile to encode raw little-endian samples of `header`'s encoding into `sink`.
    static func openRaw(
        _ sink: DescriptorSink, _ header: WAVEHeader, sampleFormat: SampleFormat?, path: String
    ) throws(SoundFileError) -> SndFileHandle {
        var info = SF_INFO()
        info.samplerate = Int32(header.sampleRate)
        info.channels = Int32(header.channels)
        info.format =
            Int32(SF_FORMAT_RAW) | Int32(SF_ENDIAN_LITTLE) | (sampleFormat?.rawValue ?? 0)
        switch sndfile_open_virtual_write(sink, &info) {
        case .opened(let handle):
            do {
                try configure(handle, sampleFormat: sampleFormat, metadata: [:], path: path)
            } catch {
                _ = sndfile_close(handle)
                throw error
            }
            return handle
        case .failed(let message): throw .writeFailed(path: path, message: message)
        }
    }

    /// Settings every written file gets: no PEAK chunk, clamping (libsndfile: "clipping"),
    /// metadata in key order.
    /// The caller closes `handle` when this throws.
    static func configure(
        _ handle: SndFileHandle, sampleFormat: SampleFormat?,
        metadata: [SoundFileMetadataKey: String], path: String
    ) throws(SoundFileError) {
        // A float WAV's PEAK chunk holds a timestamp; without it the output is a pure
        // function of the input. Formats without the chunk ignore the command.
        sndfile_command_bool(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), false)
        if sampleFormat?.isInteger == true {
            // Overs must be clamped, not wrap around to the opposite polarity.
            sndfile_command_bool(handle, Int32(SFC_SET_CLIPPING), true)
        }
        for key in metadata.keys.sorted() {
            if let message = sndfile_set_string(handle, key.rawValue, metadata[key]!) {
                throw .unsupportedMetadata(path: path, key: key, message: message)
            }
        }
    }

    deinit {
        // libsndfile first (it may still write through the descriptor), then the atomic
        // file's own deinit closes the descriptor and removes the temporary file.
        if let handle { _ = sndfile_close(handle) }
    }

    /// Appends interleaved frames. O(samples); libsndfile converts and buffers internally,
    /// so callers should pass large blocks (thousands of frames), not single frames.
    /// - Throws: `partialFrame` for a length that is not a multiple of `channels`;
    ///   `nonFiniteSample` for a NaN or infinity; `tooLarge` past what the container holds;
    ///   `fileSystem` or `writeFailed` (e.g. no space left on the device).
    public mutating func write(_ interleaved: UnsafeBufferPointer<Float>) throws(SoundFileError) {
        guard interleaved.count % channels == 0 else {
            throw .partialFrame(sampleCount: interleaved.count, channels: channels)
        }
        guard let handle else { throw .writeFailed(path: path, message: "the writer is closed") }
        guard let base = interleaved.baseAddress, interleaved.count > 0 else { return }
        let frames = interleaved.count / channels
        if let bad = Self.firstNonFinite(interleaved) {
            throw .nonFiniteSample(path: path, frame: framesWritten + bad / channels)
        }
        if let declared = declaredFrames, framesWritten + frames > declared {
            throw .streamLengthMismatch(
                path: path, declared: declared, written: framesWritten + frames)
        }
        if let maxFrames, framesWritten + frames > maxFrames {
            throw .tooLarge(
                path: path,
                detail:
                    "\(format) holds at most \(maxFrames) frames of \(channels) channels (4 GiB); write wav (RF64) or flac"
            )
        }
        let written = sndfile_writef_float(handle, base, frames)
        framesWritten += written
        guard written == frames else { throw failure(sndfile_strerror(handle)) }
    }

    /// Appends interleaved frames from an array. See `write(_:)`.
    public mutating func write(_ interleaved: [Float]) throws(SoundFileError) {
        try interleaved.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in
            try write(buffer)
        }
    }

    /// Completes the file and publishes it at `path`.
    ///
    /// Closes libsndfile (flushing and finalising headers), writes the WAV header,
    /// normalises the Ogg serial, then commits the atomic file (sync, rename). On any error
    /// the temporary file is removed and the destination is left untouched.
    public consuming func finish() throws(SoundFileError) {
        // Every throw below ends this consuming method, so `deinit` releases whatever is
        // still owned — including the temporary file.
        if let declared = declaredFrames, framesWritten != declared {
            throw .streamLengthMismatch(path: path, declared: declared, written: framesWritten)
        }
        if let h = handle {
            handle = nil
            let message = sndfile_close(h)
            if let message { throw failure(message) }
            if case .stream(let sink, _) = output, let f = sink.failure {
                throw Self.error(f, path: path)
            }
        }
        switch output {
        case .stream(let sink, _):
            guard sink.headerMatches else {
                throw .writeFailed(
                    path: path,
                    message:
                        "libsndfile's final header differs from the one streamed ahead of the audio"
                )
            }
        case .wave(let header, _, let streamed, let fd):
            try finishWave(header, descriptor: fd, streamed: streamed != nil)
        case .file:
            if format.isOgg, oggSerialNumber != nil || !vorbisComments.isEmpty, !fileIsDirect {
                try rewriteOggPages(fileDescriptor)
            }
        }
        if let stream = relay?.descriptor {
            if let f = system_copy(from: fileDescriptor, to: stream) {
                throw f.isBrokenPipe
                    ? .streamClosed(path: path)
                    : .fileSystem(path: path, call: f.call, message: f.message)
            }
            try relay?.commit()
            relay = nil
        }
        try file?.commit()  // nil for a stream to the caller's descriptor
    }

    /// Completes a file opened with ``init(unnamedIn:format:sampleFormat:sampleRate:channels:metadata:channelMask:)``
    /// and returns its bytes. O(file).
    public consuming func finishBytes() throws(SoundFileError) -> [UInt8] {
        if let h = handle {
            handle = nil
            if let message = sndfile_close(h) { throw failure(message) }
        }
        switch output {
        case .wave(let header, _, _, let fd):
            try finishWave(header, descriptor: fd, streamed: false)
        case .file:
            if format.isOgg { try rewriteOggPages(fileDescriptor) }
        case .stream: break
        }
        switch system_read_all(fileDescriptor) {
        case .success(let bytes): return bytes
        case .failure(let f): throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

    /// Completes a file opened with ``init(unnamedIn:format:sampleFormat:sampleRate:channels:metadata:channelMask:)``
    /// and hands it over to be read back a piece at a time, so an hour of audio is never held
    /// in memory whole. O(1) beyond finishing.
    public consuming func finishUnnamed() throws(SoundFileError) -> UnnamedFile {
        if let h = handle {
            handle = nil
            if let message = sndfile_close(h) { throw failure(message) }
        }
        switch output {
        case .wave(let header, _, _, let fd):
            try finishWave(header, descriptor: fd, streamed: false)
        case .file:
            if format.isOgg { try rewriteOggPages(fileDescriptor) }
        case .stream: break
        }
        switch (system_duplicate(fileDescriptor), system_file_size(fileDescriptor)) {
        case (.success(let fd), .success(let size)): return UnnamedFile(descriptor: fd, size: size)
        case (.failure(let f), _), (_, .failure(let f)):
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

    /// Abandons the file: nothing is published and the temporary file is removed.
    /// (The work is `deinit`'s; consuming `self` here is what triggers it.)
    public consuming func cancel() {}

    // MARK: Validation

    /// Checks a format/sample-format/rate/channel combination without touching the disk,
    /// so a command-line tool can reject bad options before rendering. Returns the sample
    /// format that will be stored (after defaulting).
    @discardableResult
    public static func validate(
        format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int, channels: Int
    ) throws(SoundFileError) -> SampleFormat? {
        guard SoundFileFormat.allWritable.contains(format) else {
            throw .unsupportedCombination(
                format: format, sampleFormat: sampleFormat, sampleRate: sampleRate,
                channels: channels)
        }
        let valid = format.validSampleFormats
        let resolved = sampleFormat ?? format.defaultSampleFormat
        if valid.isEmpty {
            if sampleFormat != nil {
                throw .invalidSampleFormat(format: format, sampleFormat: sampleFormat, valid: valid)
            }
        } else if let resolved, !valid.contains(resolved) {
            throw .invalidSampleFormat(format: format, sampleFormat: resolved, valid: valid)
        }
        guard (1...1024).contains(channels) else { throw .invalidChannelCount(channels) }
        if let rates = format.validSampleRates, !rates.contains(sampleRate) {
            throw .invalidSampleRate(format: format, sampleRate: Double(sampleRate), valid: rates)
        }
        if let top = format.maxSampleRate, sampleRate > top {
            throw .invalidSampleRate(format: format, sampleRate: Double(sampleRate), valid: nil)
        }
        guard (1...655_350).contains(sampleRate) else {
            throw .invalidSampleRate(format: format, sampleRate: Double(sampleRate), valid: nil)
        }
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.rawValue | (resolved?.rawValue ?? 0)
        guard sndfile_format_check(&info) else {
            throw .unsupportedCombination(
                format: format, sampleFormat: resolved, sampleRate: sampleRate, channels: channels)
        }
        return resolved
    }

    /// Fails early when `path` cannot be a destination: it exists and `overwrite` is
    /// false, it is a directory, or it is one of `inputs` (by default the running command's).
    /// Devices and FIFOs are accepted (written directly).
    public static func checkDestination(
        path: String, overwrite: Bool, inputs: InputFiles? = InputFiles.current
    ) throws(SoundFileError) {
        try AtomicFile.checkDestination(
            path: path, replacing: overwrite ? .replace : .never, inputs: inputs)
    }

    // MARK: Private

    /// The frames a stream's header declares, or nil for a file.
    private var declaredFrames: Int? {
        switch output {
        case .stream(_, let frames): frames
        case .wave(_, _, let streamed, _): streamed
        case .file: nil
        }
    }

    /// The error a failed libsndfile call means: the system call that failed underneath it,
    /// when one did, else libsndfile's message.
    private func failure(_ message: String) -> SoundFileError {
        let failure =
            switch output {
            case .stream(let sink, _): sink.failure
            case .wave(_, let sink, _, _): sink.failure
            case .file(let sink): sink.failure
            }
        return failure.map { Self.error($0, path: path) }
            ?? .writeFailed(path: path, message: message)
    }

    /// Appends the pad byte an odd-sized `data` chunk needs and, for a file, writes the final
    /// header at offset 0 (a stream sent it first).
    private func finishWave(_ header: WAVEHeader, descriptor: Int32, streamed: Bool)
        throws(SoundFileError)
    {
        let dataBytes = framesWritten * header.blockAlign
        let pad: [UInt8] = dataBytes % 2 == 1 ? [0] : []
        let failure: SystemCallFailure?
        if streamed {
            failure = pad.withUnsafeBytes { system_write_sequential(descriptor, $0) }
        } else {
            let bytes = header.bytes(frames: framesWritten)
            failure =
                pad.withUnsafeBytes {
                    system_pwrite(descriptor, $0, at: Int64(header.size + dataBytes))
                }
                ?? bytes.withUnsafeBytes { system_pwrite(descriptor, $0, at: 0) }
        }
        if let f = failure {
            throw streamed && f.isBrokenPipe
                ? .streamClosed(path: path)
                : .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

    /// The index of the first NaN or infinity in `samples`, or nil. O(samples): sixteen samples
    /// per vector step (x · 0 is ±0 for a finite x and NaN for NaN or ±∞, so one NaN makes the
    /// block's sum NaN), one branch per 1,024 samples; a bad block is searched again for the
    /// index.
    static func firstNonFinite(_ samples: UnsafeBufferPointer<Float>) -> Int? {
        guard let base = samples.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start < samples.count {
            let end = min(start + 1_024, samples.count)
            var a = SIMD4<Float>()
            var b = SIMD4<Float>()
            var c = SIMD4<Float>()
            var d = SIMD4<Float>()
            var i = start
            while i &+ 16 <= end {
                let p = raw + i &* 4
                a += p.loadUnaligned(as: SIMD4<Float>.self) * 0
                b += p.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * 0
                c += p.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self) * 0
                d += p.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self) * 0
                i &+= 16
            }
            var tail: Float = 0
            while i < end {
                tail += samples[i] * 0
                i += 1
            }
            if ((a + b + c + d).sum() + tail).isNaN {
                return (start..<end).first { !samples[$0].isFinite }
            }
            start = end
        }
        return nil
    }

    /// Adds the custom comments and normalises the serial, in place. O(file).
    private func rewriteOggPages(_ descriptor: Int32) throws(SoundFileError) {
        var bytes: [UInt8]
        switch system_read_all(descriptor) {
        case .success(let b): bytes = b
        case .failure(let f): throw .fileSystem(path: path, call: f.call, message: f.message)
        }
        if !vorbisComments.isEmpty {
            guard let commented = OggComments.appending(vorbisComments, to: bytes) else {
                throw .writeFailed(
                    path: path,
                    message:
                        "libsndfile produced Ogg headers this writer cannot extend with comments")
            }
            bytes = commented
        }
        if let serial = oggSerialNumber, !OggSerialNumber.normalize(&bytes, serial: serial) {
            throw .writeFailed(
                path: path, message: "libsndfile produced an Ogg stream this writer cannot parse")
        }
        if let f = system_write_all(descriptor, bytes) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }
}
