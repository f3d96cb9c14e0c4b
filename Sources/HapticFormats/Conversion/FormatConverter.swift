import HapticPattern

/// The targets of `convert`.
public enum ConversionTarget: String, Sendable, Hashable, CaseIterable {
    case ahap, haptic, android, kotlin

    /// The output file's extension.
    public var fileExtension: String {
        switch self {
        case .ahap: return "ahap"
        case .haptic: return "haptic"
        case .android: return "json"
        case .kotlin: return "kt"
        }
    }
}

/// Converts an accepted ``ConversionSource`` to a target format: everything goes through its
/// ``PatternOutline`` (docs/formats.md).
public struct FormatConverter: Sendable {
    /// The Android device the Android targets are made for and the report renders on.
    public var device: AndroidDevice

    public init(device: AndroidDevice = .pixel) {
        self.device = device
    }

    /// One converted file and what the conversion dropped or approximated (for the Android
    /// targets, the notes of every tier, each message naming its tier).
    public struct Output: Sendable {
        public var bytes: [UInt8]
        public var notes: [ConversionNote]
    }

    /// The bytes of `target` for `source` (accepted), named after `name` (the input's file
    /// name, for Kotlin identifiers and comments). O(the outline + the target's size).
    public func convert(_ source: ConversionSource, to target: ConversionTarget, name: String)
        -> Output
    {
        let outline = source.outline ?? PatternOutline()
        var notes = outline.notes
        switch target {
        case .ahap:
            let pattern = outline.ahapPattern(notes: &notes)
            return Output(bytes: AHAPEncoder().encode(pattern), notes: notes)
        case .haptic:
            let clip = HapticClip(outline: outline, metadata: source.clipMetadata, notes: &notes)
            return Output(bytes: HapticClipEncoder().encode(clip), notes: notes)
        case .android, .kotlin:
            let (effect, tierNotes) = AndroidExport(device: device).effect(outline)
            for tier in AndroidTier.allCases {
                notes += (tierNotes[tier] ?? []).map { n in
                    var n = n
                    n.message = "\(tier.rawValue): " + n.message
                    return n
                }
            }
            let bytes =
                target == .android
                ? effect.json(source: name).utf8()
                : Array(effect.kotlin(name: Self.stem(name), source: name).utf8)
            return Output(bytes: bytes, notes: notes)
        }
    }

    /// `name` without folders and its last extension.
    static func stem(_ name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
