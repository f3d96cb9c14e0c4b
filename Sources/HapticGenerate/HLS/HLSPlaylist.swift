import FoundationEssentials

/// An HLS playlist as lines, enough to ship haptics beside a video: Apple's player fetches
/// the AHAP named by the master playlist's session data
/// `#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="…"`.
///
/// Edits keep every other line byte for byte (and the file's line endings). O(lines).
public struct HLSPlaylist: Sendable, Equatable {
    /// The session-data ID Apple's players read the haptics URL from.
    public static let hapticsDataID = "com.apple.hls.haptics.url"

    public enum Kind: String, Sendable {
        /// A multivariant ("master") playlist: variants (`#EXT-X-STREAM-INF`), no segments.
        case master
        /// A media playlist: segments (`#EXTINF`, `#EXT-X-TARGETDURATION`).
        case media
    }

    public private(set) var lines: [String]
    /// "\r\n" when the file uses CRLF, else "\n".
    public let lineEnding: String
    private let endsWithNewline: Bool

    /// - Throws: ``HLSPlaylistError/notPlaylist`` when the first line is not `#EXTM3U`.
    public init(text: String, path: String) throws(HLSPlaylistError) {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        lineEnding = body.contains("\r\n") ? "\r\n" : "\n"
        endsWithNewline = body.hasSuffix("\n")
        var split = body.components(separatedBy: lineEnding)
        if endsWithNewline { split.removeLast() }
        lines = split
        guard lines.first?.trimmingTrailingWhitespace == "#EXTM3U" else {
            throw .notPlaylist(path: path)
        }
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
        lines.filter(Self.isHapticsTag).compactMap { Self.attribute("URI", in: $0) }
    }

    /// Every `#EXT-X-SESSION-DATA` line.
    public var sessionData: [String] { lines.filter { $0.hasPrefix("#EXT-X-SESSION-DATA:") } }

    /// Adds the haptics tag, or replaces the existing one(s) by exactly one at the first's place.
    /// A new tag goes after the last session-data tag, else before the first variant or
    /// rendition (`#EXT-X-MEDIA`, `#EXT-X-STREAM-INF`, `#EXT-X-I-FRAME-STREAM-INF`), else at the end.
    /// - Throws: `.mediaPlaylist` (session data belongs in the master playlist) or `.invalidURI`.
    public mutating func setHaptics(uri: String, path: String) throws(HLSPlaylistError) {
        guard kind == .master else { throw .mediaPlaylist(path: path) }
        guard !uri.isEmpty, !uri.contains("\""), !uri.contains("\n"), !uri.contains("\r") else {
            throw .invalidURI(uri)
        }
        let tag = "#EXT-X-SESSION-DATA:DATA-ID=\"\(Self.hapticsDataID)\",URI=\"\(uri)\""
        if let first = lines.firstIndex(where: Self.isHapticsTag) {
            lines[first] = tag
            var i = lines.count - 1
            while i > first {
                if Self.isHapticsTag(lines[i]) { lines.remove(at: i) }
                i -= 1
            }
            return
        }
        if let lastSession = lines.lastIndex(where: { $0.hasPrefix("#EXT-X-SESSION-DATA:") }) {
            lines.insert(tag, at: lastSession + 1)
        } else if let variant = lines.firstIndex(where: {
            $0.hasPrefix("#EXT-X-MEDIA:") || $0.hasPrefix("#EXT-X-STREAM-INF")
                || $0.hasPrefix("#EXT-X-I-FRAME-STREAM-INF")
        }) {
            lines.insert(tag, at: variant)
        } else {
            lines.append(tag)
        }
    }

    /// The playlist's text, with its original line endings.
    public var text: String {
        lines.joined(separator: lineEnding) + (endsWithNewline ? lineEnding : "")
    }

    static func isHapticsTag(_ line: String) -> Bool {
        line.hasPrefix("#EXT-X-SESSION-DATA:") && attribute("DATA-ID", in: line) == hapticsDataID
    }

    /// A quoted attribute's value (`NAME="value"`) in a tag line.
    static func attribute(_ name: String, in line: String) -> String? {
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

    public var description: String {
        switch self {
        case .notPlaylist(let path):
            "\(path): error: not an HLS playlist (the first line must be #EXTM3U)"
        case .mediaPlaylist(let path):
            "\(path): error: this is a media playlist (it lists segments with #EXTINF), not a master playlist; "
                + "session data such as the haptics URL belongs in the master (multivariant) playlist that lists the variants with #EXT-X-STREAM-INF"
        case .invalidURI(let uri):
            "error: the haptics URI \"\(uri)\" cannot be written in a playlist (it must be non-empty, without quotes or line breaks)"
        }
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: Substring {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s.removeLast() }
        return s
    }
}
