import Synchronization

#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// Distinguishes temporary files of one process (the pid distinguishes processes).
private let temporaryFileCounter = Atomic<Int>(0)

/// Writes interleaved `Float` audio to a file, atomically and deterministically.
///
/// **Atomic.** Audio goes to a hidden temporary file in the destination's folder
/// (`.<name>.ahap-render-<pid>-<n>.partial`, created with `O_EXCL`). `finish()` closes
/// it, `fsync`s it and renames it over the destination, so readers see either the old
/// file or the complete new one, never a partial file. `cancel()`, a thrown error, or
/// dropping the writer without `finish()` removes the temporary file. (The folder itself
/// is not `fsync`ed: after a power loss the rename may be lost, but the destination is
/// never torn.) When the destination is an existing device or FIFO (`/dev/stdout`,
/// `/dev/null`, a pipe) there is nothing to rename over: the writer writes straight to it.
///
/// **Streams.** ``init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:)``
/// writes a WAV or AIFF file of known length to a descriptor that cannot seek (a pipe),
/// byte for byte the file this writer would publish.
///
/// **Deterministic.** Identical input gives byte-identical files: no `PEAK` chunk (it holds
/// a wall-clock time), metadata applied in key order, and Ogg stream serial numbers
/// (random in libsndfile) rewritten to `oggSerialNumber`.
///
/// **Why a `~Copyable` struct rather than a final class.** The writer owns three unique
/// resources (a libsndfile handle, a descriptor, a temporary file). Unique ownership is
/// what they need: `finish()` and `cancel()` are `consuming`, so using a writer after
/// finishing is a compile-time error rather than a runtime check, and `deinit` is the
/// single cleanup path for every exit (success, error, early return) with no reference
/// counting or dynamic exclusivity checks. The cost: it cannot be captured by escaping
/// closures or stored in copyable containers, which a file writer should not be anyway.
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

    private let overwrite: Bool
    private let oggSerialNumber: UInt32?
    private let vorbisComments: [String]
    // Resources still owned; each is set to nil / -1 once released, so `deinit` releases
    // exactly what is left, whatever path we leave by.
    private var handle: SndFileHandle?
    private var descriptor: Int32
    private var temporaryPath: String?
    /// For a pipe (``init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:)``):
    /// what sends the bytes, and the frame count the header promises.
    private let stream: (sink: HeaderFirstStream, frames: Int)?

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
    /// - Throws: `SoundFileError` — invalid settings, `destinationExists`, a file system
    ///   error (unwritable folder), or libsndfile's refusal with its message.
    public init(
        path: String, format: SoundFileFormat, sampleFormat: SampleFormat? = nil,
        sampleRate: Int, channels: Int, metadata: [SoundFileMetadataKey: String] = [:],
        overwrite: Bool = false, oggSerialNumber: UInt32? = SoundFileWriter.defaultOggSerialNumber,
        vorbisComments: [String] = []
    ) throws(SoundFileError) {
        guard vorbisComments.isEmpty || format.isOgg else {
            throw .unsupportedMetadata(
                path: path, key: .comment, message: "custom Vorbis comments need an Ogg format")
        }
        let resolved = try Self.validate(
            format: format, sampleFormat: sampleFormat, sampleRate: sampleRate, channels: channels)
        let kind = try Self.destinationKind(path: path, overwrite: overwrite)

        // Acquire resources into locals and release them by hand on failure: `self` (and
        // so `deinit`) only exists once everything has succeeded.
        var temporary: String? = nil
        let fdResult: Result<Int32, SystemCallFailure>
        if kind == .other {
            fdResult = system_open_write(path)
        } else {
            let t = Self.temporaryPath(for: path)
            temporary = t
            fdResult = system_create_exclusive(t)
        }
        let fd: Int32
        switch fdResult {
        case .success(let d): fd = d
        case .failure(let failure):
            throw .fileSystem(path: path, call: failure.call, message: failure.message)
        }
        func abandon() {
            _ = system_close(fd)
            if let temporary { system_unlink(temporary) }
        }

        var info = Self.info(
            format: format, sampleFormat: resolved, sampleRate: sampleRate, channels: channels)
        let handle: SndFileHandle
        switch sndfile_open_fd_write(fd, &info) {
        case .opened(let h): handle = h
        case .failed(let message):
            abandon()
            throw .writeFailed(path: path, message: message)
        }
        do {
            try Self.configure(handle, sampleFormat: resolved, metadata: metadata, path: path)
        } catch {
            _ = sndfile_close(handle)
            abandon()
            throw error
        }
        self.init(
            path: path, format: format, sampleFormat: resolved, sampleRate: sampleRate,
            channels: channels,
            overwrite: overwrite, oggSerialNumber: oggSerialNumber, vorbisComments: vorbisComments,
            handle: handle, descriptor: fd, temporaryPath: temporary, stream: nil)
    }

    /// Takes ownership of opened resources; every public initialiser ends here.
    init(
        path: String, format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int,
        channels: Int,
        overwrite: Bool, oggSerialNumber: UInt32?, vorbisComments: [String],
        handle: SndFileHandle, descriptor: Int32, temporaryPath: String?,
        stream: (sink: HeaderFirstStream, frames: Int)?
    ) {
        self.path = path
        self.format = format
        self.sampleFormat = sampleFormat
        self.sampleRate = sampleRate
        self.channels = channels
        self.overwrite = overwrite
        self.oggSerialNumber = oggSerialNumber
        self.vorbisComments = vorbisComments
        self.handle = handle
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
        self.stream = stream
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

    /// Settings every written file gets: no PEAK chunk, clipping, metadata in key order.
    /// The caller closes `handle` when this throws.
    static func configure(
        _ handle: SndFileHandle, sampleFormat: SampleFormat?,
        metadata: [SoundFileMetadataKey: String], path: String
    ) throws(SoundFileError) {
        // A float WAV's PEAK chunk holds a timestamp; without it the output is a pure
        // function of the input. Formats without the chunk ignore the command.
        sndfile_command_bool(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), false)
        if sampleFormat?.isInteger == true {
            // Overs must clip, not wrap around to the opposite polarity.
            sndfile_command_bool(handle, Int32(SFC_SET_CLIPPING), true)
        }
        for key in metadata.keys.sorted() {
            if let message = sndfile_set_string(handle, key.rawValue, metadata[key]!) {
                throw .unsupportedMetadata(path: path, key: key, message: message)
            }
        }
    }

    deinit {
        if let handle { _ = sndfile_close(handle) }
        if descriptor >= 0 { _ = system_close(descriptor) }
        if let temporaryPath { system_unlink(temporaryPath) }
    }

    /// Appends interleaved frames. O(samples); libsndfile converts and buffers internally,
    /// so callers should pass large blocks (thousands of frames), not single frames.
    /// - Throws: `partialFrame` for a length that is not a multiple of `channels`;
    ///   `writeFailed` with libsndfile's message (e.g. no space left on the device).
    public mutating func write(_ interleaved: UnsafeBufferPointer<Float>) throws(SoundFileError) {
        guard interleaved.count % channels == 0 else {
            throw .partialFrame(sampleCount: interleaved.count, channels: channels)
        }
        guard let handle else { throw .writeFailed(path: path, message: "the writer is closed") }
        guard let base = interleaved.baseAddress, interleaved.count > 0 else { return }
        let frames = interleaved.count / channels
        if let stream, framesWritten + frames > stream.frames {
            throw .streamLengthMismatch(
                path: path, declared: stream.frames, written: framesWritten + frames)
        }
        let written = sndfile_writef_float(handle, base, frames)
        framesWritten += written
        guard written == frames else {
            if let failure = stream?.sink.failure { throw Self.error(failure, path: path) }
            throw .writeFailed(path: path, message: sndfile_strerror(handle))
        }
    }

    /// Appends interleaved frames from an array. See `write(_:)`.
    public mutating func write(_ interleaved: [Float]) throws(SoundFileError) {
        try interleaved.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in
            try write(buffer)
        }
    }

    /// Completes the file and publishes it at `path`.
    ///
    /// Closes libsndfile (flushing and finalising headers), normalises the Ogg serial,
    /// `fsync`s, then renames the temporary file over `path` (with `overwrite: false`, a
    /// hard link that fails if `path` appeared meanwhile). On any error the temporary file
    /// is removed and the destination is left untouched.
    public consuming func finish() throws(SoundFileError) {
        // Every throw below ends this consuming method, so `deinit` releases whatever is
        // still owned — including the temporary file.
        if let stream, framesWritten != stream.frames {
            throw .streamLengthMismatch(path: path, declared: stream.frames, written: framesWritten)
        }
        if let h = handle {
            handle = nil
            let message = sndfile_close(h)
            if let failure = stream?.sink.failure { throw Self.error(failure, path: path) }
            if let message { throw .writeFailed(path: path, message: message) }
        }
        if let stream {
            guard stream.sink.headerMatches else {
                throw .writeFailed(
                    path: path,
                    message:
                        "libsndfile's final header differs from the one streamed ahead of the audio"
                )
            }
            return  // the caller owns the descriptor
        }
        if temporaryPath != nil {  // direct device output has nothing to rewrite or sync
            if format.isOgg, oggSerialNumber != nil || !vorbisComments.isEmpty {
                try rewriteOggPages()
            }
            if let failure = system_fsync(descriptor) {
                throw .fileSystem(path: path, call: failure.call, message: failure.message)
            }
        }
        let fd = descriptor
        descriptor = -1
        if let failure = system_close(fd) {
            throw .fileSystem(path: path, call: failure.call, message: failure.message)
        }
        guard let temporary = temporaryPath else { return }  // direct (device) output
        try publish(temporary)
        temporaryPath = nil
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
    /// false, or it is a directory. Devices and FIFOs are accepted (written directly).
    public static func checkDestination(path: String, overwrite: Bool) throws(SoundFileError) {
        _ = try destinationKind(path: path, overwrite: overwrite)
    }

    private static func destinationKind(path: String, overwrite: Bool) throws(SoundFileError)
        -> PathKind
    {
        let kind = system_path_kind(path)
        switch kind {
        case .directory: throw .destinationIsDirectory(path: path)
        case .regularFile where !overwrite: throw .destinationExists(path: path)
        default: return kind
        }
    }

    // MARK: Private

    /// `<folder>/.<name>.ahap-render-<pid>-<n>.partial`: in the destination's folder so
    /// the final rename stays on one file system (rename(2) is atomic only there), hidden
    /// and unmistakable so a crash's leftovers are easy to recognise.
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // Keep the whole name within NAME_MAX (255 bytes) even for long destination names.
        let shortName = String(decoding: name.utf8.prefix(160), as: UTF8.self)
        let n = temporaryFileCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(folder).\(shortName).ahap-render-\(system_getpid())-\(n).partial"
    }

    /// Adds the custom comments and normalises the serial, in place. O(file).
    private func rewriteOggPages() throws(SoundFileError) {
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

    private func publish(_ temporary: String) throws(SoundFileError) {
        if overwrite {
            if let f = system_rename(temporary, path) {
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        }
        // link(2) refuses an existing name atomically, closing the window between the
        // up-front check and now. File systems without hard links fall back to a
        // check-then-rename, which is racy but still never replaces a file seen here.
        guard let f = system_link(temporary, path) else {
            system_unlink(temporary)
            return
        }
        if f.isAlreadyExists { throw .destinationExists(path: path) }
        guard system_path_kind(path) == .missing else { throw .destinationExists(path: path) }
        if let f = system_rename(temporary, path) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }
}
