import HapticPattern

/// A decoded input of a conversion: its format, its findings and, when accepted, its outline
/// and how it plays.
public struct ConversionSource: Sendable {
    public var format: PatternFormat
    /// The decoder's findings (the format's codes, line:column).
    public var diagnostics: [Diagnostic]
    /// What every target is written from; nil when the input is rejected.
    public var outline: PatternOutline?
    /// The original as its own player plays it: the AHAP pattern, or a clip's two players.
    public var playback: [HapticPattern]
    /// The clip's metadata (from a `.haptic`, or made from an AHAP's `Metadata`).
    public var clipMetadata: HapticClip.Metadata

    /// Whether the input was accepted (an outline and no error).
    public var accepted: Bool { outline != nil && !diagnostics.contains { $0.severity == .error } }

    /// The conversion input of a decoded file: when it is accepted, the format's own outline,
    /// or the pattern's traced (O(the pattern's voices and breakpoints)).
    public init(_ decoded: DecodedPattern) {
        format = decoded.format
        diagnostics = decoded.result.diagnostics
        clipMetadata = decoded.clipMetadata
        if decoded.accepted, let pattern = decoded.result.pattern {
            outline = decoded.outline ?? PatternOutline(pattern: pattern)
            playback = decoded.playback
        } else {
            outline = nil
            playback = []
        }
    }

    /// Decodes `bytes` (format detected by content, then by `fileName`'s extension) with the
    /// mode and limits of `options`. O(bytes + the pattern's breakpoints and voices).
    public init(bytes: [UInt8], options: AHAPDecoder.Options = .init(), fileName: String? = nil) {
        self.init(PatternFormats.decode(bytes, options: options, fileName: fileName))
    }
}

extension HapticClip.Metadata {
    /// A clip's metadata from an AHAP's: `Project`, `Description`, `Created By` as the author;
    /// the editor named as this converter.
    init(ahap entries: [MetadataEntry]) {
        func text(_ keys: String...) -> String? {
            for e in entries where keys.contains(e.key) {
                if case .string(let s) = e.value { return s }
            }
            return nil
        }
        self.init(
            editor: "HapticRender convert", author: text("Created By"), project: text("Project"),
            description: text("Description"))
    }
}
