/// Every failure of this module. Cases that involve a file carry its path; cases that
/// come from libsndfile/libsamplerate carry the library's own message (`sf_strerror`,
/// `src_strerror`) verbatim, because it is usually the most precise diagnosis available.
public enum SoundFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libsndfile could not open the file (missing, unreadable, unknown or corrupt format).
    case openFailed(path: String, message: String)
    /// Decoding failed part-way through.
    case readFailed(path: String, message: String)
    /// Encoding or flushing failed (e.g. a full disk).
    case writeFailed(path: String, message: String)
    /// A file system operation failed (`call` is the system call, `message` is `strerror`).
    /// `path` is the destination even when the call was on its temporary file, because
    /// that is the name the user gave.
    case fileSystem(path: String, call: String, message: String)
    /// The destination already exists and `overwrite` was false.
    case destinationExists(path: String)
    /// The destination is a directory.
    case destinationIsDirectory(path: String)
    /// The destination cannot take this output: a name in `/proc` that is no descriptor of
    /// this process, or a stream (a pipe, a terminal) for a file that must seek or whose
    /// length is not known up front. `reason` says which.
    case unwritableDestination(path: String, reason: String)
    /// The destination is a file the running command reads (``InputFiles``): `input` is the
    /// name it was read under.
    case destinationIsInput(path: String, input: String)
    /// The container does not take this sample format (nil: "none given").
    case invalidSampleFormat(
        format: SoundFileFormat, sampleFormat: SampleFormat?, valid: [SampleFormat])
    /// The sample rate is not usable for this format (`valid` lists allowed rates, if limited).
    case invalidSampleRate(format: SoundFileFormat?, sampleRate: Double, valid: [Int]?)
    /// The channel count is out of range.
    case invalidChannelCount(Int)
    /// libsndfile refused the format/rate/channel combination (`sf_format_check`).
    case unsupportedCombination(
        format: SoundFileFormat, sampleFormat: SampleFormat?, sampleRate: Int, channels: Int)
    /// The container cannot store this metadata key.
    case unsupportedMetadata(path: String, key: SoundFileMetadataKey, message: String)
    /// A buffer whose length is not a whole number of frames.
    case partialFrame(sampleCount: Int, channels: Int)
    /// The file declares or contains more audio than the caller's limits allow.
    case tooLarge(path: String, detail: String)
    /// libsamplerate failed, or the ratio is outside what it supports.
    case resamplingFailed(message: String)
    /// The format cannot be streamed to a descriptor that does not seek.
    case notStreamable(format: SoundFileFormat)
    /// The reader of a stream (a pipe) went away before the end.
    case streamClosed(path: String)
    /// A stream was given a different number of frames than its header declares.
    case streamLengthMismatch(path: String, declared: Int, written: Int)
    /// A sample to write is NaN or infinite (`frame` counts from the start of the file).
    case nonFiniteSample(path: String, frame: Int)

    /// The file the error is about, when there is one.
    public var path: String? {
        switch self {
        case .openFailed(let p, _), .readFailed(let p, _), .writeFailed(let p, _),
            .fileSystem(let p, _, _), .destinationExists(let p), .destinationIsDirectory(let p),
            .unwritableDestination(let p, _),
            .destinationIsInput(let p, _),
            .unsupportedMetadata(let p, _, _), .tooLarge(let p, _), .streamClosed(let p),
            .streamLengthMismatch(let p, _, _), .nonFiniteSample(let p, _):
            p
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .openFailed(let path, let message):
            "cannot open '\(path)': \(message)"
        case .readFailed(let path, let message):
            "cannot read '\(path)': \(message)"
        case .writeFailed(let path, let message):
            "cannot write '\(path)': \(message)"
        case .fileSystem(let path, let call, let message):
            "cannot write '\(path)': \(call) failed: \(message)"
        case .destinationExists(let path):
            "'\(path)' already exists (allow overwriting to replace it)"
        case .destinationIsDirectory(let path):
            "'\(path)' is a directory"
        case .unwritableDestination(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .destinationIsInput(let path, let input):
            path == input
                ? "'\(path)' is an input of this command; refusing to overwrite it"
                : "'\(path)' is the input '\(input)'; refusing to overwrite it"
        case .invalidSampleFormat(let format, let sampleFormat, let valid):
            if valid.isEmpty {
                "\(format) takes no sample format (the codec decides); got \(sampleFormat.map(\.description) ?? "none")"
            } else {
                "\(format) cannot store \(sampleFormat.map(\.description) ?? "no sample format"); valid: \(valid.map(\.description).joined(separator: ", "))"
            }
        case .invalidSampleRate(let format, let rate, let valid):
            if let valid {
                "\(format.map { "\($0) does not support" } ?? "unsupported") sample rate \(rate); valid: \(valid.map(String.init).joined(separator: ", "))"
            } else if let format, let top = format.maxSampleRate, rate > Double(top) {
                "\(format) does not support sample rate \(rate); at most \(top) Hz"
            } else {
                "invalid sample rate \(rate)\(format.map { " for \($0)" } ?? "")"
            }
        case .invalidChannelCount(let n):
            "invalid channel count \(n) (1...1024)"
        case .unsupportedCombination(let format, let sampleFormat, let rate, let channels):
            "libsndfile cannot write \(format)\(sampleFormat.map { " \($0)" } ?? "") at \(rate) Hz with \(channels) channels"
        case .unsupportedMetadata(let path, let key, let message):
            "cannot store \(key) in '\(path)': \(message)"
        case .partialFrame(let count, let channels):
            "\(count) samples is not a whole number of \(channels)-channel frames"
        case .tooLarge(let path, let detail):
            "'\(path)' is too large: \(detail)"
        case .resamplingFailed(let message):
            "resampling failed: \(message)"
        case .notStreamable(let format):
            "\(format) cannot be streamed to a pipe (its writer goes back into the file after the audio); stream \(SoundFileFormat.allWritable.filter(\.isStreamable).map(\.description).joined(separator: " or ")), or write a file"
        case .streamClosed(let path):
            "the reader of '\(path)' closed it before the end"
        case .streamLengthMismatch(let path, let declared, let written):
            "'\(path)' declares \(declared) frames in its header but was given \(written)"
        case .nonFiniteSample(let path, let frame):
            "cannot write '\(path)': frame \(frame) holds a NaN or infinite sample"
        }
    }
}
