/// An HLS playlist as lines, enough to ship haptics beside a video: Apple's player fetches
/// the AHAP named by the master playlist's session data
/// `#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="…"`.
///
/// Every line keeps its own ending — `\r\n`, `\n` or `\r`, mixed as they come, and none after
/// a last line without one — and a leading byte-order mark is kept, so an edit changes the
/// tag it is about and nothing else, byte for byte. New lines take the first line's ending.
/// Sizes are capped (``maxBytes``, ``maxLineBytes``): a playlist is text of kilobytes, so a
/// file or line beyond them is refused with its size rather than parsed. O(bytes).
public struct HLSPlaylist: Sendable, Equatable {
    /// The session-data ID Apple's players read the haptics URL from.
    public static let hapticsDataID = "com.apple.hls.haptics.url"
    /// The largest playlist read: 16 MiB (a ten-hour media playlist of 2 s segments is ~2 MB).
    public static let maxBytes = 16 << 20
    /// The longest line: 64 KiB (URIs and attribute lists are far shorter).
    public static let maxLineBytes = 1 << 16

    public enum Kind: String, Sendable {
        /// A multivariant ("master") playlist: variants (`#EXT-X-STREAM-INF`), no segments.
        case master
        /// A media playlist: segments (`#EXTINF`, `#EXT-X-TARGETDURATION`).
        case media
    }

    /// The lines' text, without their endings.
    public private(set) var lines: [String]
    /// Each line's ending: "\r\n", "\n", "\r", or "" for a last line without one.
    public private(set) var endings: [String]
    /// The ending new lines get: the first line's, or "\n".
    public let lineEnding: String
    /// Whether the file starts with a UTF-8 byte-order mark (kept on output).
    public let hasByteOrderMark: Bool

    /// Parses UTF-8 bytes. O(bytes).
    /// - Throws: ``HLSPlaylistError/tooLarge(path:detail:)`` past the size caps,
    ///   ``HLSPlaylistError/notText(path:)`` for bytes that are not UTF-8, and
    ///   ``HLSPlaylistError/notPlaylist(path:)`` when the first line is not `#EXTM3U`.
    public init(bytes: [UInt8], path: String) throws(HLSPlaylistError) {
        guard bytes.count <= Self.maxBytes else {
            throw .tooLarge(
                path: path, detail: "\(bytes.count) bytes, more than \(Self.maxBytes)")
        }
        var body = bytes[...]
        hasByteOrderMark = body.starts(with: [0xEF, 0xBB, 0xBF])
        if hasByteOrderMark { body = body.dropFirst(3) }
        var lines: [String] = []
        var endings: [String] = []
        var start = body.startIndex
        var i = start
        func take(_ end: Int, _ ending: String) throws(HLSPlaylistError) {
            guard end - start <= Self.maxLineBytes else {
                throw .tooLarge(
                    path: path,
                    detail:
                        "line \(lines.count + 1) has \(end - start) bytes, more than \(Self.maxLineBytes)"
                )
            }
            guard let line = String(validating: body[start..<end], as: UTF8.self) else {
                throw .notText(path: path)
            }
            lines.append(line)
            endings.append(ending)
        }
        while i < body.endIndex {
            switch body[i] {
            case UInt8(ascii: "\r"):
                let crlf = i + 1 < body.endIndex && body[i + 1] == UInt8(ascii: "\n")
                try take(i, crlf ? "\r\n" : "\r")
                i += crlf ? 2 : 1
                start = i
            case UInt8(ascii: "\n"):
                try take(i, "\n")
                i += 1
                start = i
            default:
                i += 1
            }
        }
        if start < body.endIndex { try take(body.endIndex, "") }
        self.lines = lines
        self.endings = endings
        lineEnding = endings.first.flatMap { $0.isEmpty ? nil : $0 } ?? "\n"
        guard lines.first?.trimmingTrailingBlanks == "#EXTM3U" else {
            throw .notPlaylist(path: path)
        }
    }

    /// Parses text (see ``init(bytes:path:)``).
    public init(text: String, path: String) throws(HLSPlaylistError) {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    public var kind: Kind {
        lines.contains {
            $0.hasPrefix("#EXTINF") || $0.hasPrefix("#EXT-X-TARGETDURATION")
                || $0.hasPrefix("#EXT-X-MEDIA-SEQUENCE")
        }
            ? .media : .master
    }

    /// Variant streams (`#EXT-X-STREAM-INF` lines).
    public var variantCount: Int { lines.filter { $0.hasPrefix("#EXT-X-STREAM-INF") }.count }

    /// The haptics URI of every haptics session-data tag (normally zero or one).
    public var hapticsURIs: [String] {
        hapticsTags.compactMap { Self.attribute("URI", in: $0) }
    }

    /// Every haptics session-data tag, whole (one with a `VALUE` in place of its `URI`, too).
    public var hapticsTags: [String] { lines.filter(Self.isHapticsTag) }

    /// Every `#EXT-X-SESSION-DATA` line.
    public var sessionData: [String] { lines.filter { $0.hasPrefix("#EXT-X-SESSION-DATA:") } }

    /// Adds the haptics tag, or replaces the existing one(s) by exactly one at the first's place.
    /// A new tag goes after the last session-data tag, else before the first variant or
    /// rendition (`#EXT-X-MEDIA`, `#EXT-X-STREAM-INF`, `#EXT-X-I-FRAME-STREAM-INF`), else at the end.
    /// - Throws: `.mediaPlaylist` (session data belongs in the master playlist) or `.invalidURI`.
    public mutating func setHaptics(uri: String, path: String) throws(HLSPlaylistError) {
        guard kind == .master else { throw .mediaPlaylist(path: path) }
        if Self.uriProblem(uri) != nil { throw .invalidURI(uri) }
        let tag = Self.hapticsTag(uri: uri)
        if let first = lines.firstIndex(where: Self.isHapticsTag) {
            lines[first] = tag
            var i = lines.count - 1
            while i > first {
                if Self.isHapticsTag(lines[i]) { remove(at: i) }
                i -= 1
            }
            return
        }
        if let lastSession = lines.lastIndex(where: { $0.hasPrefix("#EXT-X-SESSION-DATA:") }) {
            insert(tag, at: lastSession + 1)
        } else if let variant = lines.firstIndex(where: {
            $0.hasPrefix("#EXT-X-MEDIA:") || $0.hasPrefix("#EXT-X-STREAM-INF")
                || $0.hasPrefix("#EXT-X-I-FRAME-STREAM-INF")
        }) {
            insert(tag, at: variant)
        } else {
            insert(tag, at: lines.count)
        }
    }

    /// The playlist's bytes: its byte-order mark, every line with its own ending.
    public var bytes: [UInt8] {
        var out: [UInt8] = hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for (line, ending) in zip(lines, endings) {
            out += line.utf8
            out += ending.utf8
        }
        return out
    }

    /// The playlist's text (``bytes`` decoded; the byte-order mark included).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Inserts a line at `index`; at the end after a last line without an ending, that line
    /// gets one and the new line goes without (the file still ends as it did).
    private mutating func insert(_ line: String, at index: Int) {
        if index == lines.count, let last = endings.indices.last, endings[last].isEmpty {
            endings[last] = lineEnding
            lines.append(line)
            endings.append("")
            return
        }
        lines.insert(line, at: index)
        endings.insert(lineEnding, at: index)
    }

    private mutating func remove(at index: Int) {
        lines.remove(at: index)
        let ending = endings.remove(at: index)
        // A removed last line without an ending leaves the new last line without one too.
        if index == lines.count, ending.isEmpty, let last = endings.indices.last {
            endings[last] = ""
        }
    }

    /// The session-data line naming `uri`.
    static func hapticsTag(uri: String) -> String {
        "#EXT-X-SESSION-DATA:DATA-ID=\"\(hapticsDataID)\",URI=\"\(uri)\""
    }

    /// Why `uri` cannot be the haptics URI, or nil: a quoted string holds no quote and no
    /// control character (a line break would end the tag; RFC 8216 §4.2), and the tag must
    /// stay within ``maxLineBytes`` so that the playlist can be read again.
    public static func uriProblem(_ uri: String) -> String? {
        if uri.isEmpty { return "it is empty" }
        if uri.contains("\"") { return "it holds a double quote" }
        if uri.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "it holds a control character (a line break, a tab…)"
        }
        let length = hapticsTag(uri: uri).utf8.count
        if length > maxLineBytes {
            return
                "the tag would be \(length) bytes long, more than a playlist line's \(maxLineBytes)"
        }
        return nil
    }

    static func isHapticsTag(_ line: String) -> Bool {
        line.hasPrefix("#EXT-X-SESSION-DATA:") && attribute("DATA-ID", in: line) == hapticsDataID
    }

    /// A quoted attribute's value (`NAME="value"`) in a tag line.
    public static func attribute(_ name: String, in line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        var rest = line[line.index(after: colon)...]
        while !rest.isEmpty {
            guard let eq = rest.firstIndex(of: "=") else { return nil }
            let key = rest[..<eq].trimmingWhitespace()
            rest = rest[rest.index(after: eq)...]
            let value: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { return nil }
                value = rest[..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            if key == name { return String(value) }
            if rest.first == "," { rest = rest.dropFirst() }
        }
        return nil
    }
}

/// Why a playlist cannot carry the haptics tag. Cases name the file.
public enum HLSPlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
    case notPlaylist(path: String)
    case mediaPlaylist(path: String)
    case invalidURI(String)
    /// Not UTF-8 text.
    case notText(path: String)
    /// Past ``HLSPlaylist/maxBytes`` or ``HLSPlaylist/maxLineBytes``.
    case tooLarge(path: String, detail: String)

    public var description: String {
        switch self {
        case .notPlaylist(let path):
            "\(path): error: not an HLS playlist (the first line must be #EXTM3U)"
        case .mediaPlaylist(let path):
            "\(path): error: this is a media playlist (it lists segments with #EXTINF), not a master playlist; "
                + "session data such as the haptics URL belongs in the master (multivariant) playlist that lists the variants with #EXT-X-STREAM-INF"
        case .invalidURI(let uri):
            "error: the haptics URI \((uri.count > 60 ? uri.prefix(60) + "…" : uri).debugDescription) cannot be written in a playlist: \(HLSPlaylist.uriProblem(uri) ?? "it is not a quoted string")"
        case .notText(let path):
            "\(path): error: cannot read it as UTF-8 text"
        case .tooLarge(let path, let detail):
            "\(path): error: too large for a playlist: \(detail)"
        }
    }
}

extension String {
    fileprivate var trimmingTrailingBlanks: Substring {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
