/// One channel of the renderer's interleaved output: a signal as rendered, or a signal with a
/// second one mixed in at a gain.
///
/// Mixing in the renderer lets a caller that wants, say, audio plus acceleration (the Kit's
/// `audition` layout) take the renderer's output as its file's frames, instead of rendering
/// the signals and mixing them in a second pass over memory.
public enum OutputChannel: Sendable, Hashable {
    /// The signal as rendered.
    case signal(RenderSignal)
    /// `base + gain × added`, per sample, computed in `Float` exactly as the expression
    /// `base + gain * added` (multiply, round, add, round; never a fused multiply-add), so a
    /// caller that mixes the plain signals with that expression gets the same bits.
    case mix(RenderSignal, plus: Float, times: RenderSignal)
}

extension OutputChannel {
    /// The renderer signals this channel reads. O(1).
    package var sources: [RenderSignal] {
        switch self {
        case .signal(let a): [a]
        case .mix(let a, _, let b): [a, b]
        }
    }
}
