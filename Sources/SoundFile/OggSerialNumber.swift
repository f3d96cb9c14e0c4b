/// Rewrites the stream serial number of every Ogg page, for byte-identical Ogg output.
///
/// Why: libsndfile seeds each Ogg stream's serial number from `psf_rand_int32()`, an LCG
/// seeded once per process from `gettimeofday` and advanced on every call. It ignores
/// `srand`, and there is no `SFC_SET_*` command for it (only `SFC_GET_OGG_STREAM_SERIALNO`).
/// Everything else in an Ogg Vorbis/Opus file we write is a pure function of the input,
/// so rewriting the serial (and each page's CRC, which covers it) after encoding makes
/// identical renders identical files. The serial only has to be unique among streams
/// multiplexed or chained in one physical file, and we always write exactly one.
enum OggSerialNumber {
    /// Sets the serial of every page in `bytes` to `serial` and recomputes the page CRCs.
    /// O(bytes). Returns false (leaving `bytes` partly rewritten) if `bytes` is not a
    /// sequence of well-formed Ogg pages.
    static func normalize(_ bytes: inout [UInt8], serial: UInt32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // Page header: "OggS", version, flags, granule (8), serial (4), sequence (4),
            // CRC (4), segment count, segment table; then the body.
            guard offset + 27 <= bytes.count,
                bytes[offset] == 0x4F, bytes[offset + 1] == 0x67,
                bytes[offset + 2] == 0x67, bytes[offset + 3] == 0x53
            else { return false }
            let segments = Int(bytes[offset + 26])
            let headerLength = 27 + segments
            guard offset + headerLength <= bytes.count else { return false }
            var bodyLength = 0
            for i in 0..<segments { bodyLength += Int(bytes[offset + 27 + i]) }
            let pageLength = headerLength + bodyLength
            guard offset + pageLength <= bytes.count else { return false }

            for i in 0..<4 {
                bytes[offset + 14 + i] = UInt8(truncatingIfNeeded: serial >> (8 * UInt32(i)))
                bytes[offset + 22 + i] = 0  // the CRC is computed with its own field zeroed
            }
            let crc = checksum(bytes[offset..<(offset + pageLength)])
            for i in 0..<4 {
                bytes[offset + 22 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i)))
            }
            offset += pageLength
        }
        return true
    }

    /// The Ogg page CRC: CRC-32, polynomial 0x04C11DB7, MSB-first, initial value 0,
    /// no final XOR (RFC 3533 §6). O(bytes).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(((crc >> 24) ^ UInt32(byte)) & 0xFF)]
        }
        return crc
    }

    private static let table: [UInt32] = (0..<256).map { i in
        var r = UInt32(i) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }
}
