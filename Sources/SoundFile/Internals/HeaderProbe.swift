/// A ``VirtualFile`` that keeps only the header libsndfile writes last: a dry run of a
/// file of known length yields the final header (sizes, frame counts) before any audio
/// exists. libsndfile writes each header whole at offset 0 and rewrites it on close, so the
/// last write at offset 0 is the final header; everything else (the audio) is discarded.
final class HeaderProbe: VirtualFile {
    private(set) var header: [UInt8] = []

    override func store(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        if offset == 0 { header = Array(bytes) }
        return true
    }
}
