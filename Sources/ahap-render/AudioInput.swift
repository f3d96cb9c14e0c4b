import FoundationEssentials
import HapticPattern
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
/// unlinked at once), read through `/dev/fd`: nothing is left on disk whatever happens. The
/// copy's length is checked as it grows, so a stream longer than the duration limit is
/// refused after little more than the limit's worth of it, not read to its end (a live stream
/// would fill the disk).
struct AudioInput {
    let path: String
    /// The descriptor keeping the copy alive, or -1 for a named file.
    private let descriptor: Int32

    /// - Parameter maxDurationSeconds: the longest audio standard input may hold
    ///   (`--max-input-duration`).
    init(_ input: String, maxDurationSeconds: Double) throws {
        guard input == "-" else {
            path = input
            descriptor = -1
            return
        }
        let copy: Int32
        do {
            let file = try AtomicFile(unnamedIn: FileManager.default.temporaryDirectory.path)
            if let seconds = try Self.copyStandardInput(
                to: file.descriptor, maxDurationSeconds: maxDurationSeconds)
            {
                throw CLIError.failure(
                    displayName(input),
                    "the audio lasts at least \(fixedText(seconds, decimals: 1)) s, more than the limit of \(fixedText(maxDurationSeconds, decimals: 0)) s (raise --max-input-duration); standard input was read no further"
                )
            }
            copy = dup(file.descriptor)
            guard copy >= 0 else {
                throw SoundFileError.fileSystem(
                    path: "<stdin>", call: "dup", message: String(cString: strerror(errno)))
            }
        } catch let error as CLIError {
            throw error
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
    /// block whatever the length. A stream whose first ``probeBytes`` are no sound file
    /// libsndfile reads is copied no further (`/dev/zero` would fill the disk): the analysis
    /// reports it. The copy's duration is read from its header (as declared, or as much as
    /// has arrived when the header says nothing, as a streamed WAV's does) once its first
    /// block is in, then each time it has grown by an eighth (1 MiB at least): past
    /// `maxDurationSeconds`, copying stops and that duration is returned (nil when the whole
    /// stream was copied). The checks read headers, not audio, and their growing spacing keeps
    /// a format whose length is found by scanning (MP3) linear in all.
    private static func copyStandardInput(to fd: Int32, maxDurationSeconds: Double)
        throws(SoundFileError) -> Double?
    {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var copied = 0
        var probed = false
        var nextCheck = block.count
        while true {
            if copied >= nextCheck {
                nextCheck = copied + max(1 << 20, copied / 8)
                if let reader = try? AudioFileReader(path: "/dev/fd/\(fd)", limits: .unlimited),
                    reader.info.duration > maxDurationSeconds
                {
                    return reader.info.duration
                }
            }
            if !probed, copied >= probeBytes {
                probed = true
                if (try? AudioFileReader(path: "/dev/fd/\(fd)", limits: .unlimited)) == nil {
                    return nil
                }
            }
            let n = block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 {
                throw .fileSystem(
                    path: "<stdin>", call: "read", message: String(cString: strerror(errno)))
            }
            if n == 0 { return nil }
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
