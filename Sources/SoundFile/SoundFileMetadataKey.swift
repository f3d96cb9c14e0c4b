#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// A string tag libsndfile can store (WAV `LIST/INFO`, FLAC/Ogg Vorbis comments, AIFF
/// text chunks). Not every container stores every key; the writer reports a refusal.
public struct SoundFileMetadataKey: RawRepresentable, Hashable, Comparable, Sendable,
    CustomStringConvertible
{
    /// The `SF_STR_*` value.
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The corresponding C constant is `SF_STR_TITLE`.
    public static var title: Self { Self(rawValue: Int32(SF_STR_TITLE)) }
    /// The corresponding C constant is `SF_STR_COPYRIGHT`.
    public static var copyright: Self { Self(rawValue: Int32(SF_STR_COPYRIGHT)) }
    /// libsndfile appends its own version when writing WAV and FLAC (e.g.
    /// "ahap-render 1.0 (libsndfile-1.2.0)"), so output bytes depend on the libsndfile version.
    ///
    /// The corresponding C constant is `SF_STR_SOFTWARE`.
    public static var software: Self { Self(rawValue: Int32(SF_STR_SOFTWARE)) }
    /// The corresponding C constant is `SF_STR_ARTIST`.
    public static var artist: Self { Self(rawValue: Int32(SF_STR_ARTIST)) }
    /// The corresponding C constant is `SF_STR_COMMENT`.
    public static var comment: Self { Self(rawValue: Int32(SF_STR_COMMENT)) }
    /// The corresponding C constant is `SF_STR_DATE`.
    public static var date: Self { Self(rawValue: Int32(SF_STR_DATE)) }
    /// The corresponding C constant is `SF_STR_ALBUM`.
    public static var album: Self { Self(rawValue: Int32(SF_STR_ALBUM)) }
    /// The corresponding C constant is `SF_STR_LICENSE`.
    public static var license: Self { Self(rawValue: Int32(SF_STR_LICENSE)) }
    /// The corresponding C constant is `SF_STR_TRACKNUMBER`.
    public static var trackNumber: Self { Self(rawValue: Int32(SF_STR_TRACKNUMBER)) }
    /// The corresponding C constant is `SF_STR_GENRE`.
    public static var genre: Self { Self(rawValue: Int32(SF_STR_GENRE)) }

    /// Every key, in `SF_STR_*` order.
    public static var allKeys: [SoundFileMetadataKey] {
        [
            .title, .copyright, .software, .artist, .comment, .date, .album, .license, .trackNumber,
            .genre,
        ]
    }

    /// Orders by the C value, which is the order the writer applies keys in — that order
    /// lands in the file, so it must not depend on dictionary iteration (randomly seeded
    /// per process in Swift).
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .title: "title"
        case .copyright: "copyright"
        case .software: "software"
        case .artist: "artist"
        case .comment: "comment"
        case .date: "date"
        case .album: "album"
        case .license: "license"
        case .trackNumber: "tracknumber"
        case .genre: "genre"
        default: "string \(rawValue)"
        }
    }
}
