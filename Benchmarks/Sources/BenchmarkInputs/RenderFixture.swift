import HapticPattern
import HapticRender

/// A generated pattern, scheduled and ready to render: what every render benchmark and the
/// profiling driver start from. Building one allocates (setup time); rendering through
/// ``render(_:frames:into:)`` does not.
public struct RenderFixture: Sendable {
    public let pattern: HapticPattern
    public let timeline: Timeline
    public let audio: [AudioResource?]
    public let configuration: RenderConfiguration

    /// Schedules `recipe`'s pattern at 48 kHz for all five output channels.
    public init(_ recipe: PatternRecipe, channels: [RenderSignal] = RenderSignal.allCases) {
        pattern = PatternGenerator.make(recipe)
        let clip = SyntheticClip.make()
        timeline =
            Scheduler(
                sampleRate: 48_000,
                customAudioLengths: [PatternGenerator.clipPath: SyntheticClip.seconds]
            )
            .schedule(pattern).timeline
        audio = timeline.audioResources.map { _ in clip }
        configuration = RenderConfiguration(sampleRate: 48_000, channels: channels)
    }

    /// A fresh renderer at sample 0.
    public func makeRenderer() -> PatternRenderer {
        do {
            return try PatternRenderer(
                timeline: timeline, audio: audio, configuration: configuration)
        } catch {
            fatalError("generated pattern rejected by the renderer: \(error)")
        }
    }

    /// Interleaved channels per frame.
    public var channelCount: Int { configuration.channels.count }

    /// Renders `frames` frames through `block` (whole blocks, then a partial one), restarting
    /// at the end of the pattern. Returns a value computed from the output so the work cannot
    /// be optimized away. No allocation. O(frames × active voices).
    @inlinable
    public static func render(
        _ renderer: inout PatternRenderer, frames: Int,
        into block: UnsafeMutableBufferPointer<Float>, channels: Int
    ) -> Float {
        var left = frames
        var sink: Float = 0
        let blockFrames = block.count / channels
        while left > 0 {
            if renderer.isFinished { renderer.reset() }
            let n = min(left, blockFrames)
            let part = UnsafeMutableBufferPointer(rebasing: block[0..<(n * channels)])
            let done = renderer.render(into: part)
            sink += part[part.count - 1]
            left -= done
        }
        return sink
    }
}
