/// The header of every WAV file this package writes, decided and laid out here rather than by
/// libsndfile, so that a file of any length reads back at its true length and every reader
/// knows what the channels are.
///
/// **Length.** A RIFF file counts its bytes in 32 bits, so it ends at 4 GiB: longer audio (four
/// hours of 48 kHz stereo float, an hour at 192 kHz) is written as RF64 (EBU Tech 3306), whose
/// `ds64` chunk holds the 64-bit sizes; the 32-bit fields then say 0xFFFFFFFF. A file that fits
/// is a plain RIFF file with a `JUNK` chunk where `ds64` would go, so the two layouts have the
/// same size and the audio starts at the same offset whatever the final length.
///
/// **Format.** Float samples and any layout with more than two channels use
/// WAVE_FORMAT_EXTENSIBLE with a channel mask; 16- and 24-bit PCM with one or two channels
/// keep the plain PCM tag (24-bit too, as libsndfile writes it), which every player reads.
/// Masks, by layout:
///
/// | channels | mask | speakers |
/// |---|---|---|
/// | 1 | 0x4 | front centre (mono) |
/// | 2 | 0x3 | front left, front right |
/// | 3 (`android`: audio L, R, haptic drive) | 0x3 | front left, front right; the haptic channel has no speaker |
/// | 4 (`split`: audio L, R, drive, acceleration) | 0x3 | front left, front right; drive and acceleration have no speaker |
/// | n > 4 (a channel list) | 0 | none: the channels are signals, not speakers |
///
/// WAVE_FORMAT_EXTENSIBLE assigns the channels beyond the mask's set bits to no speaker, which
/// is what the haptic signals are: a player routes the audio to the front pair and leaves the
/// rest alone (ffmpeg reports them as unknown channels) instead of guessing a surround layout.
///
/// A float file's `fmt ` chunk ends with two zero bytes after the 40-byte extensible structure
/// (cbSize 22): readers that follow the chunk size skip them, and sox 14.4, which reads a
/// second cbSize for the float sub-format, then finds it instead of warning "wave header
/// missing extended part of fmt chunk". Non-PCM data also carries the `fact` chunk the
/// format requires. Metadata goes in a `LIST`/`INFO` chunk before the audio, so a stream can
/// send the header first.
struct WAVEHeader: Equatable {
    /// How samples are stored.
    enum Encoding: Equatable {
        case pcm16, pcm24, float32

        var bytes: Int {
            switch self {
            case .pcm16: 2
            case .pcm24: 3
            case .float32: 4
            }
        }
    }

    var channels: Int
    var sampleRate: Int
    var encoding: Encoding
    /// The speaker mask of an extensible header (see the table above).
    var channelMask: UInt32
    /// `LIST`/`INFO` entries: four-character id and text, in order.
    var info: [(id: String, text: String)]

    init(
        channels: Int, sampleRate: Int, encoding: Encoding, channelMask: UInt32? = nil,
        info: [(id: String, text: String)] = []
    ) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.encoding = encoding
        self.channelMask = channelMask ?? Self.defaultMask(channels: channels)
        self.info = info
    }

    static func == (a: Self, b: Self) -> Bool {
        a.channels == b.channels && a.sampleRate == b.sampleRate && a.encoding == b.encoding
            && a.channelMask == b.channelMask && a.info.map(\.id) == b.info.map(\.id)
            && a.info.map(\.text) == b.info.map(\.text)
    }

    /// The largest RIFF size field: beyond it the file must be RF64.
    static let maxRIFFSize: UInt64 = 0xFFFF_FFFF

    /// Whether the header uses WAVE_FORMAT_EXTENSIBLE (see the type's documentation).
    var isExtensible: Bool { encoding == .float32 || channels > 2 }

    /// The mask for `channels` channels when the caller gives none (see the table above).
    static func defaultMask(channels: Int) -> UInt32 {
        switch channels {
        case 1: 0x4
        case 2, 3, 4: 0x3
        default: 0
        }
    }

    var blockAlign: Int { channels * encoding.bytes }

    /// Bytes of the `fmt ` chunk's payload.
    private var formatSize: Int { isExtensible ? (encoding == .float32 ? 42 : 40) : 16 }

    /// The `LIST` chunk's payload ("INFO" and the entries), empty without metadata.
    private var infoPayload: [UInt8] {
        guard !info.isEmpty else { return [] }
        var bytes = Array("INFO".utf8)
        for entry in info {
            var text = Array(entry.text.utf8)
            text.append(0)
            bytes += Array(entry.id.utf8.prefix(4))
            bytes += le32(UInt32(text.count))
            bytes += text
            if text.count % 2 == 1 { bytes.append(0) }
        }
        return bytes
    }

    /// Bytes before the audio: the same for every length.
    var size: Int {
        let list = infoPayload.count
        return 12 + 36 + 8 + formatSize + (encoding == .float32 ? 12 : 0)
            + (list > 0 ? 8 + list : 0) + 8
    }

    /// Whether `frames` frames need RF64: the RIFF size field (file size − 8) would pass
    /// 0xFFFFFFFF. O(1).
    func needsRF64(frames: Int) -> Bool {
        riffSize(dataBytes: UInt64(frames) * UInt64(blockAlign)) > Self.maxRIFFSize
    }

    /// File size − 8: header, audio and its pad byte.
    private func riffSize(dataBytes: UInt64) -> UInt64 {
        UInt64(size) - 8 + dataBytes + (dataBytes & 1)
    }

    /// The header of a file of `frames` frames. O(metadata).
    func bytes(frames: Int) -> [UInt8] {
        let dataBytes = UInt64(max(frames, 0)) * UInt64(blockAlign)
        let riff = riffSize(dataBytes: dataBytes)
        let rf64 = riff > Self.maxRIFFSize
        func size32(_ value: UInt64) -> [UInt8] { le32(rf64 ? 0xFFFF_FFFF : UInt32(value)) }
        var h: [UInt8] = []
        h.reserveCapacity(size)
        h += Array((rf64 ? "RF64" : "RIFF").utf8) + size32(riff) + Array("WAVE".utf8)
        if rf64 {
            h +=
                Array("ds64".utf8) + le32(28) + le64(riff) + le64(dataBytes)
                + le64(UInt64(max(frames, 0))) + le32(0)
        } else {
            h += Array("JUNK".utf8) + le32(28) + [UInt8](repeating: 0, count: 28)
        }
        h += Array("fmt ".utf8) + le32(UInt32(formatSize))
        h += le16(isExtensible ? 0xFFFE : (encoding == .float32 ? 3 : 1))
        h += le16(UInt16(channels)) + le32(UInt32(sampleRate))
        h += le32(UInt32(sampleRate * blockAlign)) + le16(UInt16(blockAlign))
        h += le16(UInt16(encoding.bytes * 8))
        if isExtensible {
            h += le16(22) + le16(UInt16(encoding.bytes * 8)) + le32(channelMask)
            // KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: {0000000X-0000-0010-8000-00AA00389B71}
            h += le32(encoding == .float32 ? 3 : 1) + le16(0) + le16(0x10)
            h += [0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
            if encoding == .float32 { h += le16(0) }
        }
        if encoding == .float32 {
            h += Array("fact".utf8) + le32(4) + size32(UInt64(max(frames, 0)))
        }
        let list = infoPayload
        if !list.isEmpty { h += Array("LIST".utf8) + le32(UInt32(list.count)) + list }
        h += Array("data".utf8) + size32(dataBytes)
        return h
    }
}

private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
private func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8((v >> (8 * $0)) & 0xFF) } }
