#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// A file format the writer can produce: a container, plus the codec where the container
/// implies one (Ogg Vorbis, Ogg Opus, MP3).
///
/// Modelled on swift-system's typed constants: the raw value is the bits this choice
/// contributes to `SF_INFO.format`. Everything the package knows of a format it writes — its
/// names, sample formats, rates, whether it streams — is one row of ``allWritable``'s table,
/// which the CLI's `--type`, its help and its checks read too. Reading is not limited to these
/// formats — the reader accepts anything libsndfile decodes.
public struct SoundFileFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `SF_FORMAT_*` major-format bits (and codec bits for Ogg and MPEG).
    public var rawValue: Int32

    /// Wraps raw `SF_FORMAT_*` bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Microsoft WAV (RIFF). Takes `.pcm16`, `.pcm24` or `.float32`.
    ///
    /// The corresponding C constant is `SF_FORMAT_WAV`.
    public static var wav: Self { Self(rawValue: Int32(SF_FORMAT_WAV)) }

    /// Apple/SGI AIFF. Takes `.pcm16`, `.pcm24` or `.float32`.
    ///
    /// The corresponding C constant is `SF_FORMAT_AIFF`.
    public static var aiff: Self { Self(rawValue: Int32(SF_FORMAT_AIFF)) }

    /// FLAC (lossless). Takes `.pcm16` or `.pcm24`; FLAC has no float samples.
    ///
    /// The corresponding C constant is `SF_FORMAT_FLAC`.
    public static var flac: Self { Self(rawValue: Int32(SF_FORMAT_FLAC)) }

    /// Ogg Vorbis (lossy). Takes no sample format: the codec decides.
    ///
    /// The corresponding C constants are `SF_FORMAT_OGG | SF_FORMAT_VORBIS`.
    public static var ogg: Self { Self(rawValue: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)) }

    /// Ogg Opus (lossy). Takes no sample format; the sample rate must be one Opus
    /// supports (8, 12, 16, 24 or 48 kHz).
    ///
    /// The corresponding C constants are `SF_FORMAT_OGG | SF_FORMAT_OPUS`.
    public static var opus: Self { Self(rawValue: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)) }

    /// MPEG-1/2 Layer III (lossy, LAME's default VBR through libsndfile ≥ 1.1). Takes no
    /// sample format; the rate must be one MP3 has (8 to 48 kHz). The file carries a
    /// Xing/LAME header, so players that honour it (browsers do) trim the encoder delay and
    /// report the exact duration. The one lossy codec every current browser plays.
    ///
    /// The corresponding C constants are `SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III`.
    public static var mp3: Self { Self(rawValue: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)) }

    /// What the package knows of one format it writes.
    struct Traits: Sendable {
        var format: SoundFileFormat
        /// How messages and help name it.
        var name: String
        /// The usual file extension, first of the names `--type` and `-o` accept, then the others.
        var names: [String]
        var sampleFormats: [SampleFormat]
        var defaultSampleFormat: SampleFormat?
        var sampleRates: [Int]?
        var maxSampleRate: Int?
        var isStreamable: Bool
        /// Whether the container counts its bytes in 32 bits (AIFF).
        var counts32BitBytes: Bool
    }

    /// The table: every format the writer produces, in the order help lists them.
    static let table: [Traits] = [
        Traits(
            format: .wav, name: "wav", names: ["wav", "wave"],
            sampleFormats: [.pcm16, .pcm24, .float32], defaultSampleFormat: .float32,
            sampleRates: nil, maxSampleRate: nil, isStreamable: true, counts32BitBytes: false),
        Traits(
            format: .flac, name: "flac", names: ["flac"], sampleFormats: [.pcm16, .pcm24],
            defaultSampleFormat: .pcm24, sampleRates: nil, maxSampleRate: nil,
            isStreamable: false, counts32BitBytes: false),
        // Ogg Vorbis's encoder has no setup above 200 kHz (libsndfile accepts the format and
        // then fails to write the file).
        Traits(
            format: .ogg, name: "ogg (vorbis)", names: ["ogg", "oga", "vorbis"],
            sampleFormats: [], defaultSampleFormat: nil, sampleRates: nil,
            maxSampleRate: 200_000, isStreamable: false, counts32BitBytes: false),
        Traits(
            format: .aiff, name: "aiff", names: ["aiff", "aif"],
            sampleFormats: [.pcm16, .pcm24, .float32], defaultSampleFormat: .float32,
            sampleRates: nil, maxSampleRate: nil, isStreamable: true, counts32BitBytes: true),
        Traits(
            format: .opus, name: "opus", names: ["opus"], sampleFormats: [],
            defaultSampleFormat: nil, sampleRates: [8000, 12000, 16000, 24000, 48000],
            maxSampleRate: nil, isStreamable: false, counts32BitBytes: false),
        Traits(
            format: .mp3, name: "mp3", names: ["mp3"], sampleFormats: [],
            defaultSampleFormat: nil,
            sampleRates: [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000],
            maxSampleRate: nil, isStreamable: false, counts32BitBytes: false),
    ]

    /// This format's row of the table, nil for bits the writer does not produce. O(formats).
    var traits: Traits? { Self.table.first { $0.format == self } }

    /// Every format the writer produces, in the order help lists them.
    public static var allWritable: [SoundFileFormat] { table.map(\.format) }

    /// The format `name` names (any case): its extension or another of its names (`wave`,
    /// `aif`, `oga`, `vorbis`). O(formats).
    public static func named(_ name: String) -> SoundFileFormat? {
        let name = name.lowercased()
        return table.first { $0.names.contains(name) }?.format
    }

    /// The names ``named(_:)`` accepts, extension first.
    public var names: [String] { traits?.names ?? [] }

    /// The sample formats this container accepts; empty when the codec decides.
    public var validSampleFormats: [SampleFormat] { traits?.sampleFormats ?? [] }

    /// The sample format used when the caller gives none: float32 where it is lossless
    /// for our float renders, pcm24 for FLAC, nothing for the lossy codecs.
    public var defaultSampleFormat: SampleFormat? { traits?.defaultSampleFormat }

    /// Sample rates the codec is limited to, or nil when any rate libsndfile accepts works.
    public var validSampleRates: [Int]? { traits?.sampleRates }

    /// The highest sample rate the codec encodes, or nil when libsndfile's own check decides.
    public var maxSampleRate: Int? { traits?.maxSampleRate }

    /// The usual file name extension, without the dot.
    public var fileExtension: String { traits?.names[0] ?? "bin" }

    /// Whether ``SoundFileWriter/init(streamingTo:name:frames:format:sampleFormat:sampleRate:channels:metadata:)``
    /// can write it to a pipe: WAV and AIFF, whose only late bytes are a header that a
    /// known length lets the writer send first. FLAC (STREAMINFO's checksum), the Ogg codecs
    /// (this writer's page rewrite) and MP3 (its Xing header) finish their files after the audio.
    public var isStreamable: Bool { traits?.isStreamable ?? false }

    /// The most frames the container can hold with `channels` channels of `sampleFormat`, or
    /// nil when its sizes are 64-bit (WAV becomes RF64 past 4 GiB) or it counts no bytes. AIFF
    /// counts its bytes in 32 bits: 4 GiB less a megabyte for the header and metadata. O(1).
    public func maxFrames(channels: Int, sampleFormat: SampleFormat?) -> Int? {
        guard traits?.counts32BitBytes == true else { return nil }
        let bytes = sampleFormat == .pcm16 ? 2 : sampleFormat == .pcm24 ? 3 : 4
        return (Int(UInt32.max) - (1 << 20)) / (max(channels, 1) * bytes)
    }

    /// Whether the container is Ogg (and so gets its stream serial number normalised).
    var isOgg: Bool { rawValue & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_OGG) }

    public var description: String { traits?.name ?? "format 0x\(String(rawValue, radix: 16))" }
}

/// How samples are stored in a PCM-style container.
public struct SampleFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `SF_FORMAT_*` subtype bits.
    public var rawValue: Int32

    /// Wraps raw `SF_FORMAT_*` subtype bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Signed 16-bit integer PCM. Out-of-range floats are clamped to full scale.
    ///
    /// The corresponding C constant is `SF_FORMAT_PCM_16`.
    public static var pcm16: Self { Self(rawValue: Int32(SF_FORMAT_PCM_16)) }

    /// Signed 24-bit integer PCM. Out-of-range floats are clamped to full scale.
    ///
    /// The corresponding C constant is `SF_FORMAT_PCM_24`.
    public static var pcm24: Self { Self(rawValue: Int32(SF_FORMAT_PCM_24)) }

    /// 32-bit IEEE float: lossless for `Float` input, never clamped.
    ///
    /// The corresponding C constant is `SF_FORMAT_FLOAT`.
    public static var float32: Self { Self(rawValue: Int32(SF_FORMAT_FLOAT)) }

    /// Integer formats are the ones where libsndfile must convert (and may clamp) floats.
    public var isInteger: Bool { self == .pcm16 || self == .pcm24 }

    /// Every sample format, each with the names `--sample-format` accepts (its own first).
    static let table: [(format: SampleFormat, names: [String])] = [
        (.pcm16, ["pcm16", "s16"]), (.pcm24, ["pcm24", "s24"]),
        (.float32, ["float32", "float", "f32"]),
    ]

    /// Every sample format, in the order help lists them.
    public static var all: [SampleFormat] { table.map(\.format) }

    /// The sample format `name` names (any case): `pcm16`/`s16`, `pcm24`/`s24`,
    /// `float32`/`float`/`f32`.
    public static func named(_ name: String) -> SampleFormat? {
        let name = name.lowercased()
        return table.first { $0.names.contains(name) }?.format
    }

    public var description: String {
        Self.table.first { $0.format == self }?.names[0]
            ?? "sample format 0x\(String(rawValue, radix: 16))"
    }
}
