import HapticRender

/// What the control side asks of the render thread, applied between two slices of the render
/// in the order sent.
enum RenderChange {
    /// A layer's voices and parameter lanes from the render position on
    /// (``PatternRenderer/replaceLayer(_:with:changingParameterLanesFrom:)``); first, its sounding
    /// voices whose kind is in `endKinds` (a bit per ``VoiceKind`` raw value) end at `endAt`.
    case layer(LayerContents, cut: Int64, endAt: Int64, endKinds: UInt8)
    /// A custom audio resource's samples (``PatternRenderer/setAudioResource(_:to:)``).
    case audio(Int, PreparedAudioResource.Contents)
}

extension VoiceKind {
    /// This kind's bit in ``RenderChange/layer(_:cut:endAt:endKinds:)``'s `endKinds`.
    var bit: UInt8 { 1 << rawValue }
    /// Every kind.
    static var allBits: UInt8 { 0b1111 }
}
