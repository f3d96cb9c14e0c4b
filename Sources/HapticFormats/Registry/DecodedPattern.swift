import HapticPattern

/// A pattern file decoded: its format, the pattern model with the decoder's findings, and what
/// conversions need of the format. What ``PatternFormats/decode(_:options:fileName:)`` returns
/// for every format, so loading, linting and converting never switch on one.
public struct DecodedPattern: Sendable {
    public var format: PatternFormat
    /// The pattern model — for a format other than AHAP, the AHAP form that plays like it — and
    /// the findings (the format's own codes, with line:column).
    public var result: PatternDecodeResult
    /// The format's own outline when its model is one (a clip's); nil when conversions trace
    /// the pattern's (AHAP).
    public var outline: PatternOutline?
    /// The metadata a `.haptic` target carries (a clip's own, or made from an AHAP's).
    public var clipMetadata: HapticClip.Metadata

    public init(
        format: PatternFormat, result: PatternDecodeResult, outline: PatternOutline? = nil,
        clipMetadata: HapticClip.Metadata = HapticClip.Metadata()
    ) {
        self.format = format
        self.result = result
        self.outline = outline
        self.clipMetadata = clipMetadata
    }

    /// Whether the file was accepted: a pattern and no error.
    public var accepted: Bool { result.accepted }

    /// The original as its own player plays it — the pattern, or a clip on its two players —
    /// what the loss report renders; empty unless accepted.
    public var playback: [HapticPattern] {
        guard accepted, let pattern = result.pattern else { return [] }
        if let players = format.reader?.players, let outline { return players(outline) }
        return [pattern]
    }
}
