/// The memory all custom audio of one render may occupy, shared by every file it loads —
/// what ``SoundFileReadLimits`` (one file at a time) cannot bound: a pattern naming 1,000
/// distinct 200 MB files.
///
/// Use: before decoding, pass ``readLimits(_:)`` to the reader so a file cannot decode past
/// what is left; after converting a file to what stays in memory (mixed down, resampled),
/// ``reserve(bytes:path:)`` its final size. Not thread-safe (a value type: one loader owns it).
/// O(1) per call.
public struct AudioMemoryBudget: Sendable, Equatable {
    /// The documented default: 512 MiB (~23 minutes of 48 kHz stereo `Float`).
    public static let defaultMaxBytes = 512 << 20

    /// The total the budget allows.
    public let maxBytes: Int
    /// Reserved so far.
    public private(set) var usedBytes = 0

    public init(maxBytes: Int = AudioMemoryBudget.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// What is left.
    public var remainingBytes: Int { max(maxBytes - usedBytes, 0) }

    /// `base` with its decoded-bytes cap lowered to what is left, for the next read.
    public func readLimits(_ base: SoundFileReadLimits = .default) -> SoundFileReadLimits {
        var limits = base
        limits.maxBytes = min(base.maxBytes, remainingBytes)
        return limits
    }

    /// Takes `bytes` from the budget for the audio of `path`.
    /// - Throws: `tooLarge` (and reserves nothing) when they do not fit.
    public mutating func reserve(bytes: Int, path: String) throws(SoundFileError) {
        guard bytes >= 0, bytes <= remainingBytes else {
            throw .tooLarge(
                path: path,
                detail:
                    "its \(bytes) bytes of decoded audio exceed what is left (\(remainingBytes) of \(maxBytes) bytes) of the memory for all custom audio"
            )
        }
        usedBytes += bytes
    }

    /// Takes the size of `audio`'s samples from the budget. See ``reserve(bytes:path:)``.
    public mutating func reserve(_ audio: DecodedAudio, path: String) throws(SoundFileError) {
        try reserve(bytes: audio.samples.count * MemoryLayout<Float>.size, path: path)
    }
}
