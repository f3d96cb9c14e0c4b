/// A ``VirtualFile`` over a descriptor, through which libsndfile writes every file: at
/// `base + offset` with `pwrite` (`base` is the size of a header this package writes itself,
/// ``WAVEHeader``, else 0), or, for a descriptor that cannot seek (a pipe), in order after
/// what was already sent.
///
/// A failed system call is kept (``failure``), so the writer reports `ENOSPC`, `EFBIG` or
/// `EPIPE` with the system's words rather than libsndfile's (which, for FLAC and Ogg, say
/// "problem with initialization of the flac decoder" or "Not a valid error number").
final class DescriptorSink: VirtualFile {
    private let descriptor: Int32
    private let base: Int64
    private let sequential: Bool
    /// Bytes sent so far (sequential mode).
    private var sent: Int64 = 0
    private(set) var failure: HeaderFirstStream.Failure?

    /// - Parameters:
    ///   - base: the file offset of libsndfile's offset 0 (the header's size).
    ///   - sequential: the descriptor cannot seek; bytes must arrive in order.
    init(descriptor: Int32, base: Int64, sequential: Bool) {
        self.descriptor = descriptor
        self.base = base
        self.sequential = sequential
    }

    override func store(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        guard failure == nil else { return false }
        if sequential {
            guard offset == sent else {
                failure = .outOfOrder(offset: offset, sent: sent)
                return false
            }
            if let f = system_write_sequential(descriptor, bytes) {
                failure = .system(f)
                return false
            }
            sent += Int64(bytes.count)
            return true
        }
        if let f = system_pwrite(descriptor, bytes, at: base + offset) {
            failure = .system(f)
            return false
        }
        return true
    }
}
