import HapticPattern

/// A file format a haptic pattern is read from or written in: what every part of the package
/// knows about it — how to tell its bytes apart, decode them to the pattern model, which files
/// of it a folder search takes, how messages name it, how `convert` writes it. Every format is
/// one entry of ``PatternFormats/all``; nothing else in the package switches on a format
/// (docs/extending.md, "Add an input format").
public struct PatternFormat: Sendable {
    /// The name the command line (`convert --to`), the C API and Python use: `ahap`, `haptic`.
    public let name: String
    /// How help and messages name the format: `AHAP`, `.haptic`.
    public let displayName: String
    /// How messages name one file of it: `AHAP file`, `.haptic clip`.
    public let fileNoun: String
    /// The extensions (lower case, no dot) of the files of it a folder search takes, whatever
    /// their content; the first is the one it is written with. Empty for a format only written.
    public let extensions: [String]
    /// Whether an output named after a file of this format keeps the input's extension
    /// (`Tap.haptic` → `Tap.haptic.wav`), so that it and its AHAP export, side by side in one
    /// folder, never write one file.
    public let keepsExtensionInOutputNames: Bool
    /// How it is read; nil for a format only written.
    public let reader: Reader?
    /// How `convert` writes it; nil for a format only read.
    public let writer: Writer?

    package init(
        name: String, displayName: String, fileNoun: String, extensions: [String],
        keepsExtensionInOutputNames: Bool, reader: Reader?, writer: Writer?
    ) {
        self.name = name
        self.displayName = displayName
        self.fileNoun = fileNoun
        self.extensions = extensions
        self.keepsExtensionInOutputNames = keepsExtensionInOutputNames
        self.reader = reader
        self.writer = writer
    }

    /// How a format is recognized and decoded.
    public struct Reader: Sendable {
        /// Whether a document's top-level keys (each with its value's first byte) say it is this
        /// format, whatever the values hold. Asked in ``PatternFormats/all``'s order: the first
        /// format that claims the bytes reads them.
        package let claims: @Sendable (_ members: [TopLevelMember]) -> Bool
        /// The top-level key (any case) that makes a `.json` file in a folder this format's
        /// (AHAP: `Pattern`, as Core Haptics loads `.json` files too); nil when a folder search
        /// takes its files by extension only.
        package let jsonFileKey: String?
        /// The pattern model and findings of `bytes`, with the mode and limits of `options`.
        package let decode: @Sendable (_ bytes: [UInt8], _ options: AHAPDecoder.Options) -> Decoded
        /// How the format's own player plays its outline (a clip: its two players), when that
        /// is not simply the decoded pattern; what the loss report renders as the original.
        package let players: (@Sendable (PatternOutline) -> [HapticPattern])?
        /// What the format's player says of a file's extension (`lowercased`), if anything:
        /// Core Haptics refuses an AHAP file not named `.ahap` or `.json` (-4809).
        package let checkExtension:
            (@Sendable (_ fileExtension: String, _ options: AHAPDecoder.Options) -> Diagnostic?)?

        package init(
            claims: @escaping @Sendable ([TopLevelMember]) -> Bool, jsonFileKey: String? = nil,
            decode: @escaping @Sendable ([UInt8], AHAPDecoder.Options) -> Decoded,
            players: (@Sendable (PatternOutline) -> [HapticPattern])? = nil,
            checkExtension: (@Sendable (String, AHAPDecoder.Options) -> Diagnostic?)? = nil
        ) {
            self.claims = claims
            self.jsonFileKey = jsonFileKey
            self.decode = decode
            self.players = players
            self.checkExtension = checkExtension
        }

        /// What ``decode`` returns: ``DecodedPattern`` without the format.
        package struct Decoded: Sendable {
            package var result: PatternDecodeResult
            package var outline: PatternOutline?
            package var clipMetadata: HapticClip.Metadata

            package init(
                result: PatternDecodeResult, outline: PatternOutline? = nil,
                clipMetadata: HapticClip.Metadata = HapticClip.Metadata()
            ) {
                self.result = result
                self.outline = outline
                self.clipMetadata = clipMetadata
            }
        }
    }

    /// How `convert` writes a format: from the outline every conversion goes through.
    public struct Writer: Sendable {
        /// The converted file's extension (no dot).
        public let fileExtension: String
        /// What `--to`'s help says of the target after its name, if anything (`JSON with the
        /// three API tiers`).
        public let summary: String?
        /// The bytes for `source`'s `outline` (accepted), the notes of what it cannot hold
        /// appended to `notes`; `name` is the input's file name (for identifiers and comments).
        package let write:
            @Sendable (
                _ source: ConversionSource, _ outline: PatternOutline,
                _ notes: inout [ConversionNote], _ converter: FormatConverter, _ name: String
            ) -> [UInt8]

        package init(
            fileExtension: String, summary: String? = nil,
            write:
                @escaping @Sendable (
                    ConversionSource, PatternOutline, inout [ConversionNote], FormatConverter,
                    String
                ) -> [UInt8]
        ) {
            self.fileExtension = fileExtension
            self.summary = summary
            self.write = write
        }
    }

    /// `the AHAP file was rejected (strict mode, 2 errors)`: the one refusal every command, the
    /// C API and Python give for a file its decoder does not accept.
    public func rejection(strict: Bool, errors: Int) -> String {
        "the \(fileNoun) was rejected (\(strict ? "strict" : "lenient") mode, \(errors) error\(errors == 1 ? "" : "s"))"
    }

    /// The decode of `bytes` as this format, which must be one of ``PatternFormats/readable``
    /// (``PatternFormats/decode(_:options:fileName:)`` picks the format first).
    /// O(bytes + the pattern).
    public func decode(_ bytes: [UInt8], options: AHAPDecoder.Options = .init()) -> DecodedPattern {
        guard let reader else { preconditionFailure("\(name) is written, not read") }
        let decoded = reader.decode(bytes, options)
        return DecodedPattern(
            format: self, result: decoded.result, outline: decoded.outline,
            clipMetadata: decoded.clipMetadata)
    }
}

extension PatternFormat: Hashable, CustomStringConvertible {
    /// Formats are equal when their names are (names are unique in ``PatternFormats/all``).
    public static func == (a: PatternFormat, b: PatternFormat) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}
