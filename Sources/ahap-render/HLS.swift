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
struct HLS: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
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
        try refuseEmptyPaths([("-o", output)])
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
            let before = parsed.hapticsTags
            try parsed.setHaptics(uri: haptics, path: name)
            if destination == "-" {
                if let problem = StandardStream.output.writeReporting(parsed.bytes) {
                    throw CLIError.failure("<stdout>", "cannot write: \(problem)")
                }
                return
            }
            try checkOutputFolder(for: destination)
            try AtomicFile.write(
                parsed.bytes, to: destination,
                replacing: inPlace ? .rewrite : force ? .replace : .never)
            printError(
                "\(displayName(destination)): \(Self.change(from: before, to: parsed.hapticsTags, uri: haptics))"
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

extension HLS {
    /// What setting the haptics URI `uri` did to a playlist whose haptics tags were `before`
    /// and are `after`: `added the haptics tag (URI "t.ahap")`, `replaced the haptics tag (was
    /// URI "old.ahap", now "t.ahap")`, `replaced 2 haptics tags by one (…)`, `kept the haptics
    /// tag (URI "t.ahap", already there)`. A tag without a URI (a `VALUE`) is shown whole.
    static func change(from before: [String], to after: [String], uri: String) -> String {
        guard !before.isEmpty else { return "added the haptics tag (URI \"\(uri)\")" }
        if before == after { return "kept the haptics tag (URI \"\(uri)\", already there)" }
        let old = before.map { tag in
            HLSPlaylist.attribute("URI", in: tag).map { "URI \"\($0)\"" } ?? "\"\(tag)\""
        }
        let what = before.count == 1 ? "the haptics tag" : "\(before.count) haptics tags by one"
        return "replaced \(what) (was \(old.joined(separator: ", ")), now \"\(uri)\")"
    }
}

/// Whether `path` (symbolic links followed) is a regular file: what an in-place rewrite
/// needs (a FIFO or a device would be read, then written to whoever reads it next).
private func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
}
