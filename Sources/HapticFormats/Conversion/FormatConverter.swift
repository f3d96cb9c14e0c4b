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

    /// What the package's own readers would say of `bytes` converted to `target`, when they
    /// would refuse it: the errors of decoding it as `convert` and `lint` read it, with the
    /// limits of `options` in strict mode (AHAP as Core Haptics loads it, `.haptic` as the
    /// SDKs' validator reads it). Empty when it would be accepted, and for the Android targets,
    /// which nothing here reads. So a conversion that its readers would refuse — a clip that
    /// ends past the duration limit once its release is counted, an AHAP file past the 64 MiB
    /// input limit — is said to be so before anything is written. O(bytes).
    public static func readBackErrors(
        _ bytes: [UInt8], target: ConversionTarget, options: AHAPDecoder.Options
    ) -> [Diagnostic] {
        var strict = options
        strict.mode = .strict
        let diagnostics: [Diagnostic]
        switch target {
        case .ahap: diagnostics = AHAPDecoder(options: strict).decode(bytes).diagnostics
        case .haptic: diagnostics = HapticClipDecoder(options: strict).decode(bytes).diagnostics
        case .android, .kotlin: return []
        }
        return diagnostics.filter { $0.severity == .error }
    }

    /// The Kotlin object ``convert(_:to:name:)`` names for an input called `name`
    /// (`tap-soft.ahap` → `TapSoftHaptics`): inputs whose objects would clash in one package
    /// can be told apart before converting.
    public static func kotlinObjectName(forInput name: String) -> String {
        AndroidEffect.kotlinObjectName(stem(name))
    }

    /// `name` without folders and its last extension.
    static func stem(_ name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
