/// A ``VirtualFile`` over a descriptor that cannot seek (a pipe): it sends the final
/// header (from a ``HeaderProbe`` dry run) first, then the audio as libsndfile writes it.
///
/// libsndfile writes a file as header at 0, audio from the header's end on, then the final
/// header again at 0. Header writes are kept, not sent (``lastHeader``, compared with
/// what was sent by ``headerMatches``); audio must arrive in order right after what was sent.
/// Any other write fails, so a format that patches its file elsewhere cannot produce a
/// corrupt stream.
final class HeaderFirstStream: VirtualFile {
    private let descriptor: Int32
    private let header: [UInt8]
    /// Bytes sent to the descriptor so far.
    private(set) var sent: Int64 = 0
    /// The header libsndfile last wrote at offset 0.
    private(set) var lastHeader: [UInt8] = []
    /// Why the last write failed.
    private(set) var failure: Failure?

    enum Failure {
        /// `write(2)` failed (`EPIPE`: the reader has gone).
        case system(SystemCallFailure)
        /// libsndfile wrote out of order (at this offset, with this much already sent).
        case outOfOrder(offset: Int64, sent: Int64)
    }

    init(descriptor: Int32, header: [UInt8]) {
        self.descriptor = descriptor
        self.header = header
    }

    override func store(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        guard failure == nil else { return false }
        if offset == 0 {
            lastHeader = Array(bytes)
            return sent > 0 || header.withUnsafeBytes(send)
        }
        guard offset == sent, offset >= Int64(header.count) else {
            failure = .outOfOrder(offset: offset, sent: sent)
            return false
        }
        return send(bytes)
    }

    /// Whether libsndfile's final header is the one sent ahead of the audio.
    var headerMatches: Bool { lastHeader == header }

    private func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let f = system_write_sequential(descriptor, bytes) {
            failure = .system(f)
            return false
        }
        sent += Int64(bytes.count)
        return true
    }
}
