import FoundationEssentials
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `generate`'s audio: a file as named, or standard input (`-`) copied to a file first
/// (libsndfile reads most formats' header and length before their audio, which a pipe cannot
/// give). The copy is a file no one can see (``AtomicFile/init(unnamedIn:)``: created and
/// unlinked at once), read through `/dev/fd`: nothing is left on disk whatever happens.
struct AudioInput {
    let path: String
    /// The descriptor keeping the copy alive, or -1 for a named file.
    private let descriptor: Int32

    init(_ input: String) throws {
        guard input == "-" else {
            path = input
            descriptor = -1
            return
        }
        let copy: Int32
        do {
            let file = try AtomicFile(unnamedIn: FileManager.default.temporaryDirectory.path)
            try Self.copyStandardInput(to: file.descriptor)
            copy = dup(file.descriptor)
            guard copy >= 0 else {
                throw SoundFileError.fileSystem(
                    path: "<stdin>", call: "dup", message: String(cString: strerror(errno)))
            }
        } catch {
            throw CLIError.failure(displayName(input), "cannot keep standard input: \(error)")
        }
        descriptor = copy
        path = "/dev/fd/\(copy)"
    }

    /// Bytes copied before libsndfile is asked whether they start a sound file: past any
    /// header (an MP3's ID3 tag with cover art included).
    static let probeBytes = 16 << 20

    /// Copies standard input to its end into `fd`, a block at a time: memory stays at one
    /// block whatever the length (the analysis refuses what is too long once it reads the
    /// copy's header). A stream whose first ``probeBytes`` are no sound file libsndfile reads
    /// is copied no further (`/dev/zero` would fill the disk): the analysis reports it.
    private static func copyStandardInput(to fd: Int32) throws(SoundFileError) {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var copied = 0
        var probed = false
        while true {
            if !probed, copied >= probeBytes {
                probed = true
                if (try? AudioFileReader(path: "/dev/fd/\(fd)", limits: .unlimited)) == nil {
                    return
                }
            }
            let n = block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 {
                throw .fileSystem(
                    path: "<stdin>", call: "read", message: String(cString: strerror(errno)))
            }
            if n == 0 { return }
            var done = 0
            while done < n {
                let w = block.withUnsafeBytes { write(fd, $0.baseAddress! + done, n - done) }
                if w < 0, errno == EINTR { continue }
                guard w > 0 else {
                    throw .fileSystem(
                        path: "<stdin>", call: "write", message: String(cString: strerror(errno)))
                }
                done += w
            }
            copied += n
        }
    }

    /// Lets go of the copy of standard input.
    func remove() {
        if descriptor >= 0 { close(descriptor) }
    }
}
