import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `read(2)`, named apart from ``BoundedFileRead/read(path:limit:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Reads a whole file, but never more than a limit: the guard in front of the decoder's
/// ``PatternLimits/maxInputBytes`` for files on disk.
///
/// A regular file whose size is over the limit is refused from `fstat` alone, without
/// reading a byte (a 100 GB sparse file costs one system call). Anything else (a pipe,
/// `/dev/stdin`, a file growing while read) is read in chunks and refused as soon as it
/// passes the limit, so memory never exceeds `limit + chunk`. O(min(size, limit)).
/// Public so that every tool reading AHAP input (discovery, lint, render) can share the cap.
/// The file read is recorded as an input of the running command (``InputFiles``).
public enum BoundedFileRead {
    public enum Failure: Error, Equatable, Sendable {
        /// open/read failed; `message` is `strerror(errno)`.
        case unreadable(message: String)
        /// Larger than the limit; `size` is the size seen (a lower bound when streamed).
        case tooLarge(size: Int, streamed: Bool)

        /// What went wrong, to follow a file's name and "error:": "the file cannot be read
        /// (No such file or directory)", "the file is 300000000 bytes, more than the limit of
        /// 268435456 bytes".
        public func message(limit: Int) -> String {
            switch self {
            case .unreadable(let message): "the file cannot be read (\(message))"
            case .tooLarge(let size, let streamed):
                "the file is \(streamed ? "more than " : "")\(size) bytes, more than the limit of \(limit) bytes"
            }
        }
    }

    /// Reads the file at `path` if it holds at most `limit` bytes.
    ///
    /// The open never waits: `O_NONBLOCK` keeps `open(2)` from blocking on a FIFO that no
    /// process writes (which then reads as empty); reads are blocking again afterwards, so a
    /// pipe that has a writer (`<(find …)`) is read to its end as standard input is.
    public static func read(path: String, limit: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason =
                errno == ENOENT
                ? PathEncoding.missingFileReason(path) : String(cString: strerror(errno))
            return .failure(.unreadable(message: reason))
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        InputFiles.recordRead(descriptor: fd, path: path)
        return read(descriptor: fd, limit: limit)
    }

    /// Reads standard input to its end if it holds at most `limit` bytes; past the limit it
    /// stops reading (the rest stays unread), so `cat /dev/zero | ahap-render lint -` ends
    /// with an error instead of filling the memory.
    public static func readStandardInput(limit: Int) -> Result<[UInt8], Failure> {
        read(descriptor: STDIN_FILENO, limit: limit)
    }

    /// ``read(path:limit:)``, or ``readStandardInput(limit:)`` when `path` is `-` (the
    /// command line's name for standard input).
    public static func read(pathOrStandardInput path: String, limit: Int)
        -> Result<[UInt8], Failure>
    {
        path == "-" ? readStandardInput(limit: limit) : read(path: path, limit: limit)
    }

    /// Reads the open descriptor `fd` from its current offset to its end, within `limit`
    /// (see the type's rules). The descriptor stays open.
    public static func read(descriptor fd: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            return .failure(.unreadable(message: String(cString: strerror(errno))))
        }
        if st.st_mode & S_IFMT == S_IFDIR {
            return .failure(.unreadable(message: String(cString: strerror(EISDIR))))
        }
        let declared = Int(st.st_size)
        if st.st_mode & S_IFMT == S_IFREG, declared > limit {
            return .failure(.tooLarge(size: declared, streamed: false))
        }
        let chunk = 1 << 16
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(declared, 0), limit) + 1)
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, chunk) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(message: String(cString: strerror(errno))))
            }
            if n == 0 { return .success(bytes) }
            if bytes.count + n > limit {
                return .failure(.tooLarge(size: bytes.count + n, streamed: true))
            }
            bytes.append(contentsOf: buffer[0..<n])
        }
    }
}
