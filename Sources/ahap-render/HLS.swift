import ArgumentParser
import FoundationEssentials
import HapticGenerate
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render hls`: points an HLS master playlist at a haptics file.
struct HLS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hls",
        abstract: "Add (or replace) the haptics session-data tag in an HLS master playlist.",
        discussion: """
            Apple's players play an AHAP beside a video when the master (multivariant) playlist \
            names it in session data:

              #EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="trailer.ahap"

            The playlist keeps every other line as it was, byte for byte (line endings and a \
            byte-order mark included); an existing haptics tag is replaced so exactly one \
            remains. A media playlist (one with #EXTINF segments) is refused: session data \
            belongs in the master playlist. Without -o the playlist is rewritten in place, \
            atomically: through a symbolic link to its target, with its mode and owner (see \
            docs/security-and-limits.md for hard links); - reads it from standard input and, \
            without -o, writes it to standard output.

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

    func validate() throws {
        if let problem = HLSPlaylist.uriProblem(haptics) {
            throw ValidationError("--haptics cannot be written in a playlist: \(problem).")
        }
    }

    /// Whether the playlist is rewritten in place: no -o, or -o naming the playlist itself.
    var inPlace: Bool {
        guard playlist != "-", output != "-" else { return false }
        guard let output else { return true }
        return FileIdentity(path: output).map { $0 == FileIdentity(path: playlist) } ?? false
    }

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
            if inPlace, !isRegularFile(playlist) {
                throw CLIError.usage(
                    playlist,
                    "not a regular file, so it cannot be rewritten in place; write the result with -o FILE (or -o - for standard output)"
                )
            }
            InputFiles.current?.protect(playlist)
        }
        let destination = output ?? playlist
        if destination != "-", !inPlace {
            try checkOutput(destination, force: force, input: name)
        }
        let bytes: [UInt8]
        switch BoundedFileRead.read(pathOrStandardInput: playlist, limit: HLSPlaylist.maxBytes) {
        case .success(let b): bytes = b
        case .failure(.tooLarge(let size, _)):
            throw CLIError(
                formatted: HLSPlaylistError.tooLarge(
                    path: name, detail: "\(size) bytes or more, more than \(HLSPlaylist.maxBytes)"
                ).description)
        case .failure(.unreadable(let message)):
            throw CLIError.failure(name, "cannot read it: \(message)")
        }
        do {
            var parsed = try HLSPlaylist(bytes: bytes, path: name)
            let before = parsed.hapticsURIs
            try parsed.setHaptics(uri: haptics, path: name)
            if destination == "-" {
                StandardStream.output.write(parsed.bytes)
                return
            }
            try createOutputFolder(for: destination)
            try AtomicFile.write(
                parsed.bytes, to: destination,
                replacing: inPlace ? .rewrite : force ? .replace : .never)
            printError(
                before.isEmpty
                    ? "\(destination): added the haptics tag (URI \"\(haptics)\")"
                    : "\(destination): replaced the haptics tag (was \"\(before.joined(separator: "\", \""))\", now \"\(haptics)\")"
            )
        } catch let error as HLSPlaylistError {
            throw CLIError(formatted: error.description)
        } catch let error as CLIError {
            throw error
        } catch let error as SoundFileError {
            throw CLIError.failure(destination, "cannot write: \(error.description)")
        }
    }
}

/// Whether `path` (symbolic links followed) is a regular file: what an in-place rewrite
/// needs (a FIFO or a device would be read, then written to whoever reads it next).
private func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
}
