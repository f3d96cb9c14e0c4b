#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and error as raw file descriptors — what `FileHandle.standardOutput` and
/// friends did (unbuffered `write(2)`, so output keeps its order with other writers to the
/// same descriptor), without Foundation. Standard input is read within a limit, through
/// ``BoundedFileRead/readStandardInput(limit:)``.
public enum StandardStream {
    case output, error

    private var descriptor: Int32 { self == .output ? 1 : 2 }

    /// Writes all of `bytes`, retrying short writes and interruptions; stops at the first
    /// other error (a closed pipe, a full disk), which a diagnostic stream cannot report.
    public func write(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { writeAll($0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { writeAll($0) } }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions, and says why it could
    /// not: a file's content sent to standard output (`-o -`), where a full disk (`> /dev/full`)
    /// must be an error, not a silent loss. Nil when everything was written.
    public func writeReporting(_ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                #if canImport(Darwin)
                    Darwin.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
                #else
                    Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
                #endif
            }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return String(cString: strerror(n < 0 ? errno : EIO))
            }
        }
        return nil
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { writeAll($0) }
    }

    private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buffer.count {
            #if canImport(Darwin)
                let n = Darwin.write(
                    descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            #else
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            #endif
            if n > 0 { offset += n } else if n < 0, errno == EINTR { continue } else { return }
        }
    }
}
