#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that libsndfile writes through its virtual I/O (`sf_open_virtual`): this base
/// class keeps the position and length libsndfile sees; subclasses decide what happens to
/// the bytes (``store(_:at:)``). libsndfile treats a virtual file as seekable, so it writes
/// its usual header, data and final header rewrite, exactly as into a regular file.
class VirtualFile {
    /// libsndfile's current offset.
    private(set) var position: Int64 = 0
    /// One past the highest byte written.
    private(set) var length: Int64 = 0

    /// Receives `bytes` written at `offset`; returns false to fail the write (libsndfile
    /// then reports a short write).
    func store(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool { true }

    final func write(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        guard store(bytes, at: position) else { return 0 }
        position += Int64(bytes.count)
        length = max(length, position)
        return Int64(bytes.count)
    }

    final func seek(_ offset: Int64, whence: Int32) -> Int64 {
        let base: Int64 =
            switch whence {
            case SEEK_CUR: position
            case SEEK_END: length
            default: 0
            }
        guard base + offset >= 0 else { return -1 }
        position = base + offset
        return position
    }
}
