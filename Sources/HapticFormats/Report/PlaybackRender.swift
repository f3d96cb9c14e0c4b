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
        var renderer = try accelerationRenderer(layers)
        var samples = [Float](repeating: 0, count: Int(renderer.totalFrames))
        _ = samples.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        return samples
    }

    /// The ``acceleration(_:)`` of `layers` measured for a comparison as it is rendered, a
    /// block at a time: its samples are never held together. O(frames × voices).
    func measure(_ layers: [HapticPattern]) throws(RenderError) -> EnvelopeMeter {
        var renderer = try accelerationRenderer(layers)
        var meter = EnvelopeMeter(
            count: Int(renderer.totalFrames), sampleRate: configuration.sampleRate)
        var block = [Float](repeating: 0, count: Self.blockFrames)
        block.withUnsafeMutableBufferPointer { buffer in
            while true {
                let frames = renderer.render(into: buffer)
                guard frames > 0 else { break }
                meter.add(UnsafeBufferPointer(rebasing: buffer[..<frames]))
            }
        }
        return meter
    }

    /// Frames rendered at a time by ``measure(_:)``.
    static let blockFrames = 16_384

    private func accelerationRenderer(_ layers: [HapticPattern]) throws(RenderError)
        -> PatternRenderer
    {
        var config = configuration
        config.channels = [.signal(.acceleration)]
        let timeline = Scheduler(sampleRate: config.sampleRate)
            .schedule(layers.map { PatternLayer(pattern: $0) }).timeline
        return try PatternRenderer(timeline: timeline, configuration: config)
    }
}
