import HapticRender

/// The engine a ``RenderOptions/engine`` chose, behind one pull API: exactly one of the two
/// renderers exists.
struct EngineRenderer: ~Copyable {
    private var fast: PatternRenderer?
    private let reference: ReferenceRenderer?

    init(
        _ engine: RenderEngine, timeline: Timeline, audio: [AudioResource?],
        configuration: RenderConfiguration
    )
        throws(RenderError)
    {
        switch engine {
        case .fast:
            let renderer = try PatternRenderer(
                timeline: timeline, audio: audio, configuration: configuration)
            (totalFrames, channels, parameters) = (
                renderer.totalFrames, renderer.channels, renderer.parameters
            )
            fast = consume renderer
            reference = nil
        case .reference:
            fast = nil
            let renderer = try ReferenceRenderer(
                timeline: timeline, audio: audio, configuration: configuration)
            (totalFrames, channels, parameters) = (
                renderer.totalFrames, renderer.channels, renderer.parameters
            )
            reference = renderer
        }
    }

    let totalFrames: Int64
    let channels: [OutputChannel]
    /// The chosen engine's runtime-parameter queue.
    let parameters: RuntimeParameterQueue

    /// ``PatternRenderer/render(into:)`` of the chosen engine.
    mutating func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        if let reference { return reference.render(into: output) }
        return fast!.render(into: output)
    }

    /// ``PatternRenderer/isQuiescent()`` of the fast engine; always false for the reference
    /// engine, which is never split into segments (it is the definition, not the fast path).
    mutating func isQuiescent() -> Bool {
        if reference != nil { return false }
        return fast!.isQuiescent()
    }

    /// ``PatternRenderer/seek(toSample:)`` of the chosen engine.
    mutating func seek(toSample sample: Int64) {
        if let reference { return reference.seek(toSample: sample) }
        fast!.seek(toSample: sample)
    }
}
