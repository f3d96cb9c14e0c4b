import Foundation
import HapticTestSupport
import Testing

/// `ahap-render hls` and `inspect` of playlists.
@Suite struct HLSCommandTests {
    let master = """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-INDEPENDENT-SEGMENTS
        # a comment the tool must keep
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",URI="audio/en.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,AUDIO="aud"
        video/720p.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=6000000,RESOLUTION=1920x1080,AUDIO="aud"
        video/1080p.m3u8

        """

    let haptics = #"#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="trailer.ahap""#

    @Test func addsExactlyOneTagBeforeTheVariantsAndKeepsEveryOtherLine() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = try dir.write("master.m3u8", master)
        let r = try CLI.run(["hls", path, "--haptics", "trailer.ahap"])
        #expect(r.status == 0 && r.stderr.contains("added"), "\(r.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let original = master.components(separatedBy: "\n")
        #expect(lines.count == original.count + 1)
        #expect(lines.filter { $0 == haptics }.count == 1)
        #expect(
            lines.firstIndex(of: haptics)! < lines.firstIndex { $0.hasPrefix("#EXT-X-MEDIA:") }!)
        #expect(lines.filter { $0 != haptics } == original)
    }

    @Test func replacesExistingTagsByExactlyOneAndWritesToOutput() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let twice = master.replacingOccurrences(
            of: "#EXT-X-INDEPENDENT-SEGMENTS\n",
            with: """
                #EXT-X-INDEPENDENT-SEGMENTS
                #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Trailer"
                #EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="old.ahap"
                #EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="older.ahap"

                """)
        let path = try dir.write("master.m3u8", twice)
        let out = dir.path + "/with-haptics.m3u8"
        let r = try CLI.run([
            "hls", path, "--haptics", "https://cdn.example.com/trailer.ahap", "-o", out,
        ])
        #expect(r.status == 0 && r.stderr.contains("replaced"), "\(r.stderr)")
        // the input is untouched with -o
        #expect(try String(contentsOfFile: path, encoding: .utf8) == twice)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.components(separatedBy: "com.apple.hls.haptics.url").count == 2)
        #expect(text.contains(#"URI="https://cdn.example.com/trailer.ahap""#))
        #expect(text.contains(#"DATA-ID="com.example.title",VALUE="Trailer""#))
        let inspect = try CLI.run(["inspect", out])
        #expect(
            inspect.status == 0
                && inspect.stdout.contains("haptics: https://cdn.example.com/trailer.ahap")
                && inspect.stdout.contains("variants: 2"), "\(inspect.stdout)")
    }

    @Test func refusesMediaPlaylistsAndNonPlaylistsClearly() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let media = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg0.ts\n#EXT-X-ENDLIST\n"
        let mediaPath = try dir.write("video.m3u8", media)
        let r = try CLI.run(["hls", mediaPath, "--haptics", "t.ahap"])
        #expect(
            r.status == 1 && r.stderr.contains("media playlist") && r.stderr.contains(mediaPath),
            "\(r.stderr)")
        #expect(try String(contentsOfFile: mediaPath, encoding: .utf8) == media)
        let notPlaylist = try dir.write("notes.m3u8", "hello\n")
        let n = try CLI.run(["hls", notPlaylist, "--haptics", "t.ahap"])
        #expect(n.status == 1 && n.stderr.contains("not an HLS playlist"), "\(n.stderr)")
        let quote = try CLI.run(["hls", try dir.write("m.m3u8", master), "--haptics", "a\"b.ahap"])
        // A value the command line gives is a usage error, before the playlist is read.
        #expect(quote.status == 64 && quote.stderr.contains("cannot be written"), "\(quote.stderr)")
        let inspect = try CLI.run(["inspect", try dir.write("plain.m3u8", master)])
        #expect(
            inspect.stdout.contains("master playlist") && inspect.stdout.contains("haptics: none"),
            "\(inspect.stdout)")
    }

    @Test func keepsWindowsLineEndings() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let crlf = master.replacingOccurrences(of: "\n", with: "\r\n")
        let path = try dir.write("master.m3u8", crlf)
        #expect(try CLI.run(["hls", path, "--haptics", "trailer.ahap"]).status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(haptics + "\r\n")
                && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
