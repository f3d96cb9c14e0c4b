import HapticPattern

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

    /// The bytes of `target` (one of ``PatternFormats/writable``) for `source` (accepted),
    /// named after `name` (the input's file name, for Kotlin identifiers and comments).
    /// O(the outline + the target's size).
    public func convert(_ source: ConversionSource, to target: PatternFormat, name: String)
        -> Output
    {
        guard let writer = target.writer else { preconditionFailure("\(target) is not written") }
        let outline = source.outline ?? PatternOutline()
        var notes = outline.notes
        let bytes = writer.write(source, outline, &notes, self, name)
        return Output(bytes: bytes, notes: notes)
    }

    /// The Android tiers of `outline` for ``device``, their notes appended to `notes` with
    /// each message naming its tier (the `android` and `kotlin` targets).
    func androidEffect(_ outline: PatternOutline, notes: inout [ConversionNote]) -> AndroidEffect {
        let (effect, tierNotes) = AndroidExport(device: device).effect(outline)
        for tier in AndroidTier.allCases {
            notes += (tierNotes[tier] ?? []).map { n in
                var n = n
                n.message = "\(tier.rawValue): " + n.message
                return n
            }
        }
        return effect
    }

    /// What the package's own readers would say of `bytes` converted to `target`, when they
    /// would refuse it: the errors of decoding it as `convert` and `lint` read it, with the
    /// limits of `options` in strict mode (AHAP as Core Haptics loads it, `.haptic` as the
    /// SDKs' validator reads it). Empty when it would be accepted, and for the Android targets,
    /// which nothing here reads. So a conversion that its readers would refuse — a clip that
    /// ends past the duration limit once its release is counted, an AHAP file past the 64 MiB
    /// input limit — is said to be so before anything is written. O(bytes).
    public static func readBackErrors(
        _ bytes: [UInt8], target: PatternFormat, options: AHAPDecoder.Options
    ) -> [Diagnostic] {
        guard target.reader != nil else { return [] }
        var strict = options
        strict.mode = .strict
        return target.decode(bytes, options: strict).result.diagnostics.filter {
            $0.severity == .error
        }
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
