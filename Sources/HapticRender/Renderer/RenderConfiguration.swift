/// What the renderer produces and which actuator it simulates.
public struct RenderConfiguration: Sendable {
    /// Output sample rate in Hz (the timeline must be scheduled at the same rate).
    public var sampleRate: Double
    /// Output channels, interleaved in this order: each a signal, or a signal plus a gain times
    /// another (``OutputChannel``).
    public var channels: [OutputChannel]
    /// The simulated actuator.
    public var actuator: ActuatorProfile
    /// How sharpness maps to drive frequency (docs/physics.md, Sharpness and intensity mapping;
    /// `android` by default).
    public var sharpnessMapping: SharpnessMapping
    /// How intensity maps to level.
    public var intensityMapping: IntensityMapping
    /// Extra time rendered after the last voice so the actuator can come to rest; `nil` uses
    /// ``ActuatorProfile/ringDownSeconds``.
    public var ringDownSeconds: Double?

    public init(
        sampleRate: Double = 48_000,
        channels: [OutputChannel] = RenderSignal.allCases.map(OutputChannel.signal),
        actuator: ActuatorProfile = .iphone, sharpnessMapping: SharpnessMapping = .android,
        intensityMapping: IntensityMapping = .sensationLevel, ringDownSeconds: Double? = nil
    ) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.actuator = actuator
        self.sharpnessMapping = sharpnessMapping
        self.intensityMapping = intensityMapping
        self.ringDownSeconds = ringDownSeconds
    }

    /// A configuration whose output channels are the plain `channels` signals, in this order.
    public init(
        sampleRate: Double = 48_000, channels: [RenderSignal],
        actuator: ActuatorProfile = .iphone, sharpnessMapping: SharpnessMapping = .android,
        intensityMapping: IntensityMapping = .sensationLevel, ringDownSeconds: Double? = nil
    ) {
        self.init(
            sampleRate: sampleRate, channels: channels.map(OutputChannel.signal),
            actuator: actuator,
            sharpnessMapping: sharpnessMapping, intensityMapping: intensityMapping,
            ringDownSeconds: ringDownSeconds)
    }
}

extension RenderConfiguration {
    /// The highest rate a renderer takes, Hz: far above any converter's (768 kHz), and low
    /// enough that the buffers and sample counts derived from the rate stay allocatable.
    package static let maxSampleRate = 10_000_000.0

    /// What both engines require before they allocate: at least one channel, the timeline's
    /// sample rate (at most ``maxSampleRate``), and an actuator that is valid at that rate. O(1).
    func check(for timeline: Timeline) throws(RenderError) {
        guard !channels.isEmpty else { throw .noChannels }
        guard sampleRate <= Self.maxSampleRate else { throw .unsupportedSampleRate(sampleRate) }
        guard timeline.sampleRate == sampleRate else {
            throw .sampleRateMismatch(timeline: timeline.sampleRate, configuration: sampleRate)
        }
        do { try actuator.validate(sampleRate: sampleRate) } catch {
            throw .invalidActuator(error.description)
        }
    }
}

/// Errors creating a renderer.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    case sampleRateMismatch(timeline: Double, configuration: Double)
    case invalidActuator(String)
    case missingAudio(resourceIndex: Int, path: String)
    case noChannels
    /// More layers than a timeline can address (`UInt16.max`).
    case tooManyLayers(Int)
    /// A rate above ``RenderConfiguration/maxSampleRate``.
    case unsupportedSampleRate(Double)

    public var description: String {
        switch self {
        case .sampleRateMismatch(let t, let c):
            return "the timeline was scheduled at \(t) Hz but the renderer runs at \(c) Hz"
        case .invalidActuator(let message):
            return "invalid actuator profile: \(message)"
        case .missingAudio(let index, let path):
            return "no audio was supplied for custom audio resource \(index) (\(path))"
        case .noChannels:
            return "the renderer needs at least one output channel"
        case .unsupportedSampleRate(let rate):
            return
                "a renderer runs at most at \(Int(RenderConfiguration.maxSampleRate)) Hz, not \(rate) Hz"
        case .tooManyLayers(let n):
            return "a renderer has at most \(UInt16.max) layers, not \(n)"
        }
    }
}
