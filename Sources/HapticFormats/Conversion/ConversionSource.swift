import HapticPattern

/// A decoded input of a conversion: its format, its findings and, when accepted, its outline
/// and how it plays.
public struct ConversionSource: Sendable {
    public var format: SourceFormat
    /// The decoder's findings (AHAP or `.haptic` codes, line:column).
    public var diagnostics: [Diagnostic]
    /// What every target is written from; nil when the input is rejected.
    public var outline: PatternOutline?
    /// The original as its own player plays it: the AHAP pattern, or a clip's two players.
    public var playback: [HapticPattern]
    /// The clip's metadata (from a `.haptic`, or made from an AHAP's `Metadata`).
    public var clipMetadata: HapticClip.Metadata

    /// Whether the input was accepted (an outline and no error).
    public var accepted: Bool { outline != nil && !diagnostics.contains { $0.severity == .error } }

    /// Decodes `bytes` (format detected by content) with the mode and limits of `options`.
    /// O(bytes + the pattern's breakpoints and voices).
    public init(bytes: [UInt8], options: AHAPDecoder.Options = .init()) {
        format = SourceFormat.detect(bytes)
        switch format {
        case .haptic:
            let result = HapticClipDecoder(options: options).decode(bytes)
            diagnostics = result.diagnostics
            clipMetadata = result.clip?.metadata ?? HapticClip.Metadata()
            if let clip = result.clip, result.accepted {
                let outline = PatternOutline(clip: clip)
                self.outline = outline
                let layers = outline.playerLayers()
                playback = [layers.continuous, layers.transients]
            } else {
                outline = nil
                playback = []
            }
        case .ahap:
            let result = AHAPDecoder(options: options).decode(bytes)
            diagnostics = result.diagnostics
            clipMetadata = HapticClip.Metadata(ahap: result.pattern?.metadata ?? [])
            if let pattern = result.pattern, result.accepted {
                outline = PatternOutline(pattern: pattern)
                playback = [pattern]
            } else {
                outline = nil
                playback = []
            }
        }
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
