extension WAVEHeader {
    /// The header for the writer's settings; metadata becomes `LIST`/`INFO` entries in key
    /// order (the ids libsndfile uses).
    /// - Throws: `unsupportedMetadata` for a key WAV cannot store (license).
    init(
        channels: Int, sampleRate: Int, sampleFormat: SampleFormat?,
        metadata: [SoundFileMetadataKey: String], channelMask: UInt32?, path: String
    ) throws(SoundFileError) {
        let encoding: Encoding =
            sampleFormat == .pcm16 ? .pcm16 : sampleFormat == .pcm24 ? .pcm24 : .float32
        var info: [(id: String, text: String)] = []
        for key in metadata.keys.sorted() {
            guard let id = Self.infoID(key) else {
                throw .unsupportedMetadata(
                    path: path, key: key, message: "WAV's LIST/INFO chunk has no field for it")
            }
            info.append((id, metadata[key]!))
        }
        self.init(
            channels: channels, sampleRate: sampleRate, encoding: encoding,
            channelMask: channelMask, info: info)
    }

    /// The `INFO` sub-chunk id of a metadata key.
    static func infoID(_ key: SoundFileMetadataKey) -> String? {
        switch key {
        case .title: "INAM"
        case .copyright: "ICOP"
        case .software: "ISFT"
        case .artist: "IART"
        case .comment: "ICMT"
        case .date: "ICRD"
        case .album: "IPRD"
        case .trackNumber: "ITRK"
        case .genre: "IGNR"
        default: nil
        }
    }
}
