import HapticPattern
import HapticRender

/// Renders what a target plays: patterns layered on players that start together, through a
/// simulated actuator, to the body's acceleration.
public struct PlaybackRender: Sendable {
    /// The actuator, sample rate and mappings. The default is the report's: a Pixel-class
    /// actuator with Lofelt's laws (frequency linear in Hz for sharpness², drive ∝
    /// intensity²), the laws every conversion here assumes.
    public var configuration: RenderConfiguration

    public init(configuration: RenderConfiguration = PlaybackRender.reportConfiguration) {
        self.configuration = configuration
    }

    /// The report's configuration: 48 kHz acceleration on the `pixel` preset, `lofelt`
    /// sharpness with the square intensity law.
    public static let reportConfiguration = RenderConfiguration(
        sampleRate: 48_000, channels: [.acceleration], actuator: .pixel, sharpnessMapping: .lofelt,
        intensityMapping: .squareLaw)

    /// The acceleration of `layers` played together from time 0 (full scale 1.0 = the
    /// actuator's full scale in g), through the actuator's ring-down. O(frames × voices).
    public func acceleration(_ layers: [HapticPattern]) throws(RenderError) -> [Float] {
        var config = configuration
        config.channels = [.signal(.acceleration)]
        let timeline = Scheduler(sampleRate: config.sampleRate)
            .schedule(layers.map { PatternLayer(pattern: $0) }).timeline
        var renderer = try PatternRenderer(timeline: timeline, configuration: config)
        var samples = [Float](repeating: 0, count: Int(renderer.totalFrames))
        _ = samples.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        return samples
    }
}
