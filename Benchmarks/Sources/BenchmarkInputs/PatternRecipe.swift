import HapticPattern

/// What a generated benchmark pattern contains. Every preset is deterministic (fixed seed),
/// so a benchmark measures the same work on every run and every machine.
public struct PatternRecipe: Sendable {
    /// Pattern length in seconds; event times are spread uniformly over it.
    public var seconds: Double
    /// Number of events.
    public var eventCount: Int
    /// Event types, cycled: event `i` has type `mix[i % mix.count]`.
    public var mix: [EventType]
    /// Duration range of continuous events (haptic and audio), seconds. Long enough that
    /// continuous events overlap, as they do in dense real patterns.
    public var continuousSeconds: ClosedRange<Double>
    /// One 8-point parameter curve per this many events (0: none).
    public var curveEvery: Int
    /// One dynamic parameter per this many events (0: none).
    public var parameterEvery: Int
    public var seed: UInt64

    public init(
        seconds: Double, eventCount: Int, mix: [EventType],
        continuousSeconds: ClosedRange<Double> = 0.2...2, curveEvery: Int = 25,
        parameterEvery: Int = 10, seed: UInt64 = 0xAA_4A9
    ) {
        precondition(!mix.isEmpty, "a recipe needs at least one event type")
        self.seconds = seconds
        self.eventCount = eventCount
        self.mix = mix
        self.continuousSeconds = continuousSeconds
        self.curveEvery = curveEvery
        self.parameterEvery = parameterEvery
        self.seed = seed
    }
}

extension PatternRecipe {
    /// Twelve minutes, ~5,000 events of all four types (one third transients, one third
    /// continuous haptics, one sixth tones, one sixth custom audio), curves and parameters.
    /// Encoded as AHAP it is 2.19 MB with one item per line (3.4 MB with a 2-space indent).
    public static let mixed12Minutes = PatternRecipe(
        seconds: 720, eventCount: 5_000,
        mix: [
            .hapticTransient, .hapticContinuous, .audioContinuous,
            .hapticTransient, .hapticContinuous, .audioCustom,
        ])

    /// Twelve minutes, 5,000 haptic events (half transients, half overlapping continuous
    /// events of 0.2–2 s, ≈ 4 sounding at once), haptic curves and parameters: the dense
    /// haptic-only pattern of the ≥ 100 M frames/s target.
    public static let hapticDense = PatternRecipe(
        seconds: 720, eventCount: 5_000, mix: [.hapticTransient, .hapticContinuous])

    /// Only transients, 7 per second.
    public static let transientsOnly = PatternRecipe(
        seconds: 720, eventCount: 5_000, mix: [.hapticTransient])

    /// Only continuous haptics, ≈ 3.5 sounding at once, with intensity/sharpness curves.
    public static let continuousOnly = PatternRecipe(
        seconds: 720, eventCount: 2_500, mix: [.hapticContinuous])

    /// Only `AudioContinuous` tones, ≈ 3.5 sounding at once, with audio curves.
    public static let toneOnly = PatternRecipe(
        seconds: 720, eventCount: 2_500, mix: [.audioContinuous])

    /// Only custom audio (the generated half-second clip), some looped.
    public static let clipOnly = PatternRecipe(seconds: 720, eventCount: 2_500, mix: [.audioCustom])

    /// 100 mixed events over 10 s: the "open a small file and play it" case.
    public static let small100 = PatternRecipe(
        seconds: 10, eventCount: 100,
        mix: [
            .hapticTransient, .hapticContinuous, .audioContinuous, .hapticTransient,
            .hapticContinuous,
        ])

    /// 8 events over 2 s: a typical UI haptic file (6 kB as AHAP).
    public static let tiny = PatternRecipe(
        seconds: 2, eventCount: 8, mix: [.hapticTransient, .hapticContinuous], curveEvery: 4,
        parameterEvery: 0)
}
