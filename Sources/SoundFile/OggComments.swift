/// Adds user comments (`KEY=value`) to the comment header of an Ogg Vorbis or Opus stream.
///
/// Why: libsndfile writes only its fixed set of tags (title, artist, …), while Android needs
/// a custom one — `ANDROID_HAPTIC=<n>` marks the last n channels as haptic (AOSP's Ogg
/// extractor reads it into `kKeyHapticChannelCount`). The comment packet lives on the header
/// pages, so appending to it changes their length: the header packets after the first page
/// are re-paginated, every following page is renumbered, and the CRCs of all pages are
/// recomputed. Audio pages keep their bytes apart from the sequence number and CRC.
enum OggComments {
    /// One parsed page: its header fields and where its body lies in the stream.
    struct Page {
        var headerType: UInt8
        var granule: UInt64
        var serial: UInt32
        var lacing: [UInt8]
        var body: ArraySlice<UInt8>
    }

    /// Returns the stream with `comments` appended to its comment header, or nil when
    /// `bytes` is not a single Vorbis/Opus stream whose headers this code understands.
    /// O(bytes).
    static func appending(_ comments: [String], to bytes: [UInt8]) -> [UInt8]? {
        guard let pages = parse(bytes), pages.count >= 2 else { return nil }
        // Header packets after the identification page: Vorbis has comment + setup, Opus
        // has only the comment ("OpusTags"). They end together at a page boundary.
        let isOpus = pages[0].body.starts(with: Array("OpusHead".utf8))
        let wantedPackets = isOpus ? 1 : 2
        var packets: [[UInt8]] = []
        var current: [UInt8] = []
        var pageIndex = 1
        while packets.count < wantedPackets, pageIndex < pages.count {
            let page = pages[pageIndex]
            var offset = page.body.startIndex
            for (i, lace) in page.lacing.enumerated() {
                current += page.body[offset..<(offset + Int(lace))]
                offset += Int(lace)
                if lace < 255 {
                    packets.append(current)
                    current = []
                    // The last header packet must close its page (the codecs require it).
                    if packets.count == wantedPackets, i != page.lacing.count - 1 { return nil }
                }
            }
            pageIndex += 1
        }
        guard packets.count == wantedPackets, current.isEmpty,
            let comment = withComments(packets[0], comments, isOpus: isOpus)
        else { return nil }
        packets[0] = comment

        let serial = pages[0].serial
        var out = Array(bytes[0..<(27 + pages[0].lacing.count + pages[0].body.count)])
        var sequence: UInt32 = 1
        for page in paginate(packets, serial: serial) {
            append(page, sequence: sequence, to: &out)
            sequence += 1
        }
        for page in pages[pageIndex...] {
            append(page, sequence: sequence, to: &out)
            sequence += 1
        }
        return out
    }

    /// The comment packet with `comments` appended: the list count is rewritten and the
    /// entries go after the existing ones (Vorbis keeps its trailing framing bit).
    static func withComments(_ packet: [UInt8], _ comments: [String], isOpus: Bool) -> [UInt8]? {
        let magic = isOpus ? Array("OpusTags".utf8) : [3] + Array("vorbis".utf8)
        guard packet.starts(with: magic) else { return nil }
        func u32(_ at: Int) -> Int? {
            guard at + 4 <= packet.count else { return nil }
            return (0..<4).reduce(0) { $0 | Int(packet[at + $1]) << (8 * $1) }
        }
        guard let vendorLength = u32(magic.count) else { return nil }
        let countOffset = magic.count + 4 + vendorLength
        guard var count = u32(countOffset) else { return nil }
        var end = countOffset + 4
        for _ in 0..<count {
            guard let length = u32(end) else { return nil }
            end += 4 + length
        }
        guard end <= packet.count else { return nil }
        var out = Array(packet[0..<end])
        for comment in comments {
            let utf8 = Array(comment.utf8)
            out += le32(UInt32(utf8.count)) + utf8
            count += 1
        }
        out.replaceSubrange(countOffset..<(countOffset + 4), with: le32(UInt32(count)))
        out += packet[end...]  // Vorbis framing bit (and anything after it), unchanged
        return out
    }

    /// Lays packets out on pages of at most 255 lacing values, as libogg does; granule 0 on
    /// pages where a packet ends, −1 where none does (RFC 3533).
    static func paginate(_ packets: [[UInt8]], serial: UInt32) -> [Page] {
        var lacing: [UInt8] = []
        var body: [UInt8] = []
        for packet in packets {
            lacing += Array(repeating: 255, count: packet.count / 255) + [UInt8(packet.count % 255)]
            body += packet
        }
        var pages: [Page] = []
        var laceStart = 0
        var bodyStart = 0
        var continued = false
        while laceStart < lacing.count {
            let laces = Array(lacing[laceStart..<min(laceStart + 255, lacing.count)])
            let length = laces.reduce(0) { $0 + Int($1) }
            let endsPacket = laces.contains { $0 < 255 }
            pages.append(
                Page(
                    headerType: continued ? 1 : 0, granule: endsPacket ? 0 : UInt64.max,
                    serial: serial,
                    lacing: laces, body: body[bodyStart..<(bodyStart + length)]))
            continued = laces.last == 255
            laceStart += laces.count
            bodyStart += length
        }
        return pages
    }

    static func parse(_ bytes: [UInt8]) -> [Page]? {
        var pages: [Page] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 27 <= bytes.count,
                bytes[offset..<(offset + 4)].elementsEqual("OggS".utf8)
            else { return nil }
            let segments = Int(bytes[offset + 26])
            guard offset + 27 + segments <= bytes.count else { return nil }
            let lacing = Array(bytes[(offset + 27)..<(offset + 27 + segments)])
            let bodyStart = offset + 27 + segments
            let bodyEnd = bodyStart + lacing.reduce(0) { $0 + Int($1) }
            guard bodyEnd <= bytes.count else { return nil }
            let granule = (0..<8).reduce(UInt64(0)) {
                $0 | UInt64(bytes[offset + 6 + $1]) << (8 * UInt64($1))
            }
            let serial = (0..<4).reduce(UInt32(0)) {
                $0 | UInt32(bytes[offset + 14 + $1]) << (8 * UInt32($1))
            }
            pages.append(
                Page(
                    headerType: bytes[offset + 5], granule: granule, serial: serial,
                    lacing: lacing, body: bytes[bodyStart..<bodyEnd]))
            offset = bodyEnd
        }
        return pages
    }

    static func append(_ page: Page, sequence: UInt32, to out: inout [UInt8]) {
        let start = out.count
        out += Array("OggS".utf8) + [0, page.headerType]
        out += (0..<8).map { UInt8(truncatingIfNeeded: page.granule >> (8 * UInt64($0))) }
        out += le32(page.serial) + le32(sequence) + [0, 0, 0, 0, UInt8(page.lacing.count)]
        out += page.lacing
        out += page.body
        let crc = OggSerialNumber.checksum(out[start...])
        out.replaceSubrange((start + 22)..<(start + 26), with: le32(crc))
    }

    static func le32(_ v: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) }
    }
}
