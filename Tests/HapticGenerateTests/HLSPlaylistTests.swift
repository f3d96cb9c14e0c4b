import Foundation
import HapticGenerate
import Testing

/// The playlist's lines: every ending kept, whatever the mix, the byte-order mark too.
@Suite struct HLSPlaylistTests {
    let tag = #"#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="t.ahap""#

    func edited(_ text: String) throws -> String {
        var playlist = try HLSPlaylist(bytes: Array(text.utf8), path: "m.m3u8")
        try playlist.setHaptics(uri: "t.ahap", path: "m.m3u8")
        return String(decoding: playlist.bytes, as: UTF8.self)
    }

    @Test func mixedEndingsKeepEveryLineByteForByte() throws {
        // CRLF first, LF elsewhere, a CR-only line, no final newline: every variant survives.
        let text =
            "#EXTM3U\r\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1\rlow.m3u8\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=2\r\nhigh.m3u8"
        let out = try edited(text)
        #expect(
            out == text.replacingFirst("#EXT-X-STREAM-INF", with: tag + "\r\n#EXT-X-STREAM-INF"))
        let playlist = try HLSPlaylist(bytes: Array(out.utf8), path: "m.m3u8")
        #expect(playlist.variantCount == 2 && playlist.hapticsURIs == ["t.ahap"])
    }

    @Test func aLastLineWithoutEndingStaysWithoutOne() throws {
        let out = try edited("#EXTM3U\n#EXT-X-VERSION:6")
        #expect(out == "#EXTM3U\n#EXT-X-VERSION:6\n" + tag)
    }

    @Test func theByteOrderMarkIsKept() throws {
        let bom = "\u{FEFF}"
        let out = try edited(bom + "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        #expect(out.hasPrefix(bom + "#EXTM3U\n" + tag + "\n"))
    }

    @Test func aCRLFMediaPlaylistIsRecognised() throws {
        let media = "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.0,\r\nseg.ts\r\n"
        let playlist = try HLSPlaylist(bytes: Array(media.utf8), path: "v.m3u8")
        #expect(playlist.kind == .media)
        #expect(throws: HLSPlaylistError.mediaPlaylist(path: "m.m3u8")) { try edited(media) }
    }

    @Test func overLongLinesAndFilesAreRefusedWithTheirSize() {
        let long = "#EXTM3U\n" + String(repeating: "a", count: HLSPlaylist.maxLineBytes + 1) + "\n"
        #expect {
            try HLSPlaylist(bytes: Array(long.utf8), path: "m.m3u8")
        } throws: {
            ($0 as? HLSPlaylistError)?.description.contains("line 2 has 65537 bytes") == true
        }
        let big = [UInt8](repeating: UInt8(ascii: "\n"), count: HLSPlaylist.maxBytes + 1)
        #expect {
            try HLSPlaylist(bytes: big, path: "m.m3u8")
        } throws: { ($0 as? HLSPlaylistError)?.description.contains("too large") == true }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
