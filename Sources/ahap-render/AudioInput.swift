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
        let bytes = StandardStream.readInput()
        let copy: Int32
        do {
            let file = try AtomicFile(unnamedIn: FileManager.default.temporaryDirectory.path)
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes {
                    write(file.descriptor, $0.baseAddress! + done, bytes.count - done)
                }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw SoundFileError.fileSystem(
                        path: "<stdin>", call: "write", message: String(cString: strerror(errno)))
                }
                done += n
            }
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

    /// Lets go of the copy of standard input.
    func remove() {
        if descriptor >= 0 { close(descriptor) }
    }
}
