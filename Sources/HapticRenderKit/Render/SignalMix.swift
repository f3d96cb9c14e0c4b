import HapticRender

/// Maps frames of the renderer's four signals (``OutputLayout/renderChannels`` order,
/// interleaved) into a layout's channels, by the layout's own
/// ``OutputLayout/outputChannels`` recipes — so the layout table is written in one place, and
/// a mix here gives the bits the renderer writes directly (the same `Float` expression,
/// `base + gain * added`).
///
/// For renders that need the signals first: a soundtrack is added to the audio before the
/// acceleration is mixed in, and the plot reduces all four signals. Build one per render
/// (it allocates its recipe list); ``mix(_:into:frames:)`` allocates nothing.
public struct SignalMix: Sendable {
    /// Per output channel: the signal's index in a source frame, and the mixed-in one with its gain.
    let channels: [(base: Int, added: Int, gain: Float)]

    /// The recipes of `layout`. O(channels).
    public init(_ layout: OutputLayout) {
        func index(_ signal: RenderChannel) -> Int { OutputLayout.renderChannels.firstIndex(of: signal)! }
        channels = layout.outputChannels.map { channel in
            switch channel {
            case .signal(let s): (index(s), -1, 0)
            case let .mix(base, gain, added): (index(base), index(added), gain)
            }
        }
    }

    /// Output channels per frame.
    public var channelCount: Int { channels.count }

    /// Writes `frames` frames of the layout's channels into `out` from the four interleaved
    /// signals in `source`. O(frames × channels), one branch-free loop per channel.
    public func mix(_ source: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, frames: Int) {
        let stride = channels.count, width = OutputLayout.renderChannels.count
        for (c, recipe) in channels.enumerated() {
            if recipe.added < 0 {
                for f in 0..<frames { out[stride * f + c] = source[width * f + recipe.base] }
            } else {
                for f in 0..<frames {
                    out[stride * f + c] = source[width * f + recipe.base] + recipe.gain * source[width * f + recipe.added]
                }
            }
        }
    }
}
