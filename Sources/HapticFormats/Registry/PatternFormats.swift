import HapticPattern

/// The pattern formats: the one table input discovery, output naming, loading, `convert`, the
/// C API and Python read what they know of a format from. A format is one entry here plus its
/// decoder and encoder files (docs/extending.md).
public enum PatternFormats {
    /// Every format, in the order detection asks them (the first that claims the bytes reads
    /// them) and help lists them; the first readable one is the ``fallback``.
    public static let all: [PatternFormat] = [.ahap, .haptic, .hjif, .android, .kotlin]

    /// The formats read: detection, loading, folder searches.
    public static let readable = all.filter { $0.reader != nil }

    /// What bytes no format claims are read as, from a file whose extension names none: the
    /// first readable format (AHAP), whose decoder then says what is wrong.
    public static var fallback: PatternFormat { readable[0] }

    /// The formats `convert` writes (`--to`, `hr_convert_*`, `hapticrender.convert`).
    public static let writable = all.filter { $0.writer != nil }

    /// The format named `name` (``PatternFormat/name``), if any.
    public static func named(_ name: String) -> PatternFormat? { all.first { $0.name == name } }

    /// The readable format whose extensions hold the extension of `path`'s last component
    /// (any case; `.haptic` alone is a name without one), if any.
    public static func format(forFileName path: String) -> PatternFormat? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return readable.first { $0.extensions.contains(ext) }
    }

    /// The format of `bytes`: the first whose reader claims their top-level keys; else the one
    /// `fileName`'s extension names; else the fallback (``all``). Reads the top level only,
    /// skipping the values, so every load can afford it. O(bytes).
    public static func detect(_ bytes: [UInt8], fileName: String? = nil) -> PatternFormat {
        var scanner = TopLevelKeys(bytes)
        if let members = scanner.members(),
            let claimed = readable.first(where: { $0.reader!.claims(members) })
        {
            return claimed
        }
        return fileName.flatMap(format(forFileName:)) ?? fallback
    }

    /// `bytes` decoded as their format (``detect(_:fileName:)``). O(bytes + the pattern).
    public static func decode(
        _ bytes: [UInt8], options: AHAPDecoder.Options = .init(), fileName: String? = nil
    ) -> DecodedPattern {
        detect(bytes, fileName: fileName).decode(bytes, options: options)
    }

    // MARK: - What help and messages say

    /// `AHAP or .haptic`: the formats read, for help and messages.
    public static var readableNames: String { spokenList(readable.map(\.displayName)) }

    /// `.ahap and .haptic files and .json files with a "Pattern" key`: what a folder search
    /// takes.
    public static var searchedFiles: String {
        let byExtension =
            spokenList(readable.flatMap(\.extensions).map { "." + $0 }, "and") + " files"
        let keys = readable.compactMap(\.reader?.jsonFileKey).map { "\"\($0)\"" }
        guard !keys.isEmpty else { return byExtension }
        return byExtension + " and .json files with a " + spokenList(keys) + " key"
    }

    /// `ahap, haptic, android or kotlin`: the targets of `convert`.
    public static var targetNames: String { spokenList(writable.map(\.name)) }

    /// `ahap, haptic, android (JSON with the three API tiers) or kotlin`: `--to`'s help.
    public static var targetSummaries: String {
        spokenList(writable.map { f in f.name + (f.writer?.summary.map { " (\($0))" } ?? "") })
    }

    /// The refusal of a target name that is none.
    public static func unknownTarget(_ name: String) -> String {
        "unknown target \"\(name)\"; use \(targetNames)"
    }
}

// MARK: - The entries

extension PatternFormat {
    /// Apple's Haptic and Audio Pattern, as Core Haptics plays it (``AHAPDecoder``).
    public static let ahap = PatternFormat(
        name: "ahap", displayName: "AHAP", fileNoun: "AHAP file", extensions: ["ahap"],
        keepsExtensionInOutputNames: false,
        reader: Reader(
            claims: { $0.contains { $0.key.lowercased() == "pattern" } }, jsonFileKey: "Pattern",
            decode: { bytes, options in
                let result = AHAPDecoder(options: options).decode(bytes)
                return .init(
                    result: result,
                    clipMetadata: HapticClip.Metadata(ahap: result.pattern?.metadata ?? []))
            },
            checkExtension: { ext, options in
                guard ext != "ahap" && ext != "json" else { return nil }
                return Diagnostic(
                    severity: options.mode == .strict ? .error : .note, code: .fileExtension,
                    coreHapticsCode: -4809,
                    message:
                        "Core Haptics only loads files named `.ahap` or `.json` (-4809). Rename the file."
                )
            }),
        writer: Writer(fileExtension: "ahap") { _, outline, notes, _, _ in
            AHAPEncoder().encode(outline.ahapPattern(notes: &notes))
        })

    /// The Meta Haptics SDK / Lofelt Studio clip (``HapticClipDecoder``), which plays as its
    /// AHAP form (``PatternOutline/ahapPattern(notes:)``) and, measured, on its two players.
    public static let haptic = PatternFormat(
        name: "haptic", displayName: ".haptic", fileNoun: ".haptic clip", extensions: ["haptic"],
        keepsExtensionInOutputNames: true,
        reader: Reader(
            claims: { members in
                members.contains { $0.key == "signals" }
                    || members.contains {
                        $0.key == "version" && $0.valueStart == UInt8(ascii: "{")
                    }
            },
            decode: { bytes, options in
                let decoded = HapticClipDecoder(options: options).decode(bytes)
                let outline = decoded.clip.map(PatternOutline.init(clip:))
                var ignored: [ConversionNote] = []
                return .init(
                    result: PatternDecodeResult(
                        pattern: outline?.ahapPattern(notes: &ignored),
                        diagnostics: decoded.diagnostics),
                    outline: outline, clipMetadata: decoded.clip?.metadata ?? HapticClip.Metadata())
            },
            players: { outline in
                let layers = outline.playerLayers()
                return [layers.continuous, layers.transients]
            }),
        writer: Writer(fileExtension: "haptic") { source, outline, notes, _, _ in
            HapticClipEncoder().encode(
                HapticClip(outline: outline, metadata: source.clipMetadata, notes: &notes))
        })

    /// The MPEG-I haptics interchange (ISO/IEC 23090-31, ``HJIFDecoder``), which plays as its
    /// AHAP form on one vibrotactile actuator; written from the outline with the report's
    /// actuator as its reference device.
    public static let hjif = PatternFormat(
        name: "hjif", displayName: ".hjif", fileNoun: ".hjif file", extensions: ["hjif"],
        keepsExtensionInOutputNames: true,
        reader: Reader(
            claims: { members in
                members.contains { $0.key == "perceptions" && $0.valueStart == UInt8(ascii: "[") }
            },
            decode: { bytes, options in
                let decoded = HJIFDecoder(options: options).decode(bytes)
                var ignored: [ConversionNote] = []
                return .init(
                    result: PatternDecodeResult(
                        pattern: decoded.outline?.ahapPattern(notes: &ignored),
                        diagnostics: decoded.diagnostics),
                    outline: decoded.outline,
                    clipMetadata: HapticClip.Metadata(
                        editor: "HapticRender convert",
                        description: decoded.experience.map(\.description).flatMap {
                            $0.isEmpty ? nil : $0
                        }))
            }),
        writer: Writer(fileExtension: "hjif", summary: "MPEG-I haptics, ISO/IEC 23090-31") {
            source, outline, notes, converter, name in
            HJIFEncoder().encode(
                HJIFExperience(
                    outline: outline, actuator: converter.device.profile,
                    description: source.clipMetadata.description
                        ?? "Converted by HapticRender from \(FormatConverter.stem(name))",
                    date: HJIFExperience.conversionDate()))
        })

    /// Android's three tiers in one JSON file (``AndroidEffect``), written only.
    public static let android = PatternFormat(
        name: "android", displayName: "Android JSON", fileNoun: "Android effect file",
        extensions: [], keepsExtensionInOutputNames: false, reader: nil,
        writer: Writer(fileExtension: "json", summary: "JSON with the three API tiers") {
            _, outline, notes, converter, name in
            converter.androidEffect(outline, notes: &notes).json(source: name).utf8()
        })

    /// A Kotlin object that plays the Android tiers (``AndroidEffect/kotlin(name:source:)``),
    /// written only.
    public static let kotlin = PatternFormat(
        name: "kotlin", displayName: "Kotlin", fileNoun: "Kotlin file", extensions: [],
        keepsExtensionInOutputNames: false, reader: nil,
        writer: Writer(fileExtension: "kt") { _, outline, notes, converter, name in
            Array(
                converter.androidEffect(outline, notes: &notes).kotlin(
                    name: FormatConverter.stem(name), source: name
                ).utf8)
        })
}
