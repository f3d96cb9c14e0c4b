import ArgumentParser
import FoundationEssentials
import HapticGenerate
import HapticRenderKit

/// `ahap-render hls`: points an HLS master playlist at a haptics file.
struct HLS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hls",
        abstract: "Add (or replace) the haptics session-data tag in an HLS master playlist.",
        discussion: """
            Apple's players play an AHAP beside a video when the master (multivariant) playlist \
            names it in session data:

              #EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="trailer.ahap"

            The playlist keeps every other line as it was; an existing haptics tag is replaced so \
            exactly one remains. A media playlist (one with #EXTINF segments) is refused: session \
            data belongs in the master playlist. Without -o the playlist is rewritten in place \
            (atomically); - reads it from standard input and, without -o, writes it to \
            standard output.

            Examples:
              ahap-render generate trailer.wav --preset film -o hls/trailer.ahap
              ahap-render hls hls/master.m3u8 --haptics trailer.ahap
              ahap-render hls master.m3u8 --haptics https://cdn.example.com/t.ahap \\
                  -o master-haptics.m3u8
              ahap-render inspect hls/master.m3u8
            """)

    @Argument(help: "The master playlist (.m3u8); - reads standard input.")
    var playlist: String

    @Option(
        help: ArgumentHelp(
            "The AHAP's URI, relative to the playlist or absolute.", valueName: "uri"))
    var haptics: String

    @Option(
        name: .shortAndLong,
        help: "Write here instead of rewriting the playlist in place (- for standard output).")
    var output: String?

    @Flag(help: "Replace an existing -o file.")
    var force = false

    func run() throws {
        let name = displayName(playlist)
        if playlist != "-" {
            try checkReadable(playlist)
            var isDirectory = false
            if FileManager.default.fileExists(atPath: playlist, isDirectory: &isDirectory),
                isDirectory
            {
                throw CLIError.usage(playlist, "Is a directory; name the master playlist")
            }
        }
        if let output, output != "-", !force, FileManager.default.fileExists(atPath: output),
            output != playlist
        {
            throw CLIError.outputExists(output, input: name)
        }
        let data =
            playlist == "-"
            ? Data(StandardStream.readInput()) : FileManager.default.contents(atPath: playlist)
        guard let data, let text = String(data: data, encoding: .utf8) else {
            throw CLIError.failure(name, "cannot read it as UTF-8 text")
        }
        let destination = output ?? playlist
        do {
            var parsed = try HLSPlaylist(text: text, path: name)
            let before = parsed.hapticsURIs
            try parsed.setHaptics(uri: haptics, path: name)
            if destination == "-" {
                StandardStream.output.write(parsed.text)
                return
            }
            try createOutputFolder(for: destination)
            try Data(parsed.text.utf8).write(
                to: URL(fileURLWithPath: destination), options: .atomic)
            printError(
                before.isEmpty
                    ? "\(destination): added the haptics tag (URI \"\(haptics)\")"
                    : "\(destination): replaced the haptics tag (was \"\(before.joined(separator: "\", \""))\", now \"\(haptics)\")"
            )
        } catch let error as HLSPlaylistError {
            throw CLIError(formatted: error.description)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.failure(destination, "cannot write: \(fileErrorText(error))")
        }
    }
}
