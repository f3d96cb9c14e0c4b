import HapticPattern

/// Seeded random pattern content for tests: events of every kind with random parameters,
/// dynamic parameters and curves. Tests compose them into the shape they need (overlapping
/// voices, bursts with quiet gaps, thousands of events); the same seed gives the same pattern,
/// so a failing seed replays. Each method documents the order of its draws, which fixes the
/// pattern a seed gives. O(1) per draw.
public struct RandomPattern {
    public var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A uniform draw from `range`.
    public mutating func value(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &generator)
    }

    /// A uniform integer from `range`.
    public mutating func count(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    /// Heads or tails.
    public mutating func coin() -> Bool { Bool.random(using: &generator) }

    /// A `HapticTransient`. Draws intensity, sharpness (0…1), then the start.
    public mutating func transient(
        at time: ClosedRange<Double>, intensity: ClosedRange<Double> = 0.2...1
    ) -> HapticEvent {
        var p = EventParameters()
        p.hapticIntensity = value(intensity)
        p.hapticSharpness = value(0...1)
        return HapticEvent(type: .hapticTransient, time: value(time), parameters: p)
    }

    /// A `HapticContinuous` with an envelope. Draws intensity, sharpness (0…1), attack,
    /// release and decay times (each from `envelope`), whether it is non-sustained (when
    /// `mayDecay`), then the start and the duration.
    public mutating func continuous(
        at time: ClosedRange<Double>, duration: ClosedRange<Double>,
        intensity: ClosedRange<Double> = 0.3...1, envelope: ClosedRange<Double> = 0...0.4,
        mayDecay: Bool = true
    ) -> HapticEvent {
        var p = EventParameters()
        p.hapticIntensity = value(intensity)
        p.hapticSharpness = value(0...1)
        p.attackTime = value(envelope)
        p.releaseTime = value(envelope)
        p.decayTime = value(envelope)
        if mayDecay, coin() { p.sustained = 0 }
        return HapticEvent(
            type: .hapticContinuous, time: value(time), duration: value(duration), parameters: p)
    }

    /// An `AudioContinuous` tone. Draws volume (0.2…1), pan, pitch (−1…1), brightness (0…1),
    /// then the start and the duration.
    public mutating func tone(at time: ClosedRange<Double>, duration: ClosedRange<Double>)
        -> HapticEvent
    {
        var p = EventParameters()
        p.audioVolume = value(0.2...1)
        p.audioPan = value(-1...1)
        p.audioPitch = value(-1...1)
        p.audioBrightness = value(0...1)
        return HapticEvent(
            type: .audioContinuous, time: value(time), duration: value(duration), parameters: p)
    }

    /// An `AudioCustom` event playing `path`. Draws pitch (−0.5…0.5), brightness (0.3…1), the
    /// start, then whether it loops (when `mayLoop`; otherwise the key is absent).
    public mutating func customAudio(
        at time: ClosedRange<Double>, path: String, mayLoop: Bool = true
    )
        -> HapticEvent
    {
        var p = EventParameters()
        p.audioPitch = value(-0.5...0.5)
        p.audioBrightness = value(0.3...1)
        return HapticEvent(
            type: .audioCustom, time: value(time), parameters: p, waveformPath: path,
            waveformLoopEnabled: mayLoop ? coin() : nil)
    }

    /// The values drawn for control `id`: 0…1 for the multiplying controls, −0.5…0.5 for the
    /// adding ones (half their range, so sums with event values stay mostly unclamped).
    public static func controlRange(_ id: DynamicParameterID) -> ClosedRange<Double> {
        id.combination == .multiply ? 0...1 : -0.5...0.5
    }

    /// A `Parameter` of `id`. Draws the time, then the value.
    public mutating func parameter(_ id: DynamicParameterID, at time: ClosedRange<Double>)
        -> DynamicParameter
    {
        DynamicParameter(id: id, time: value(time), value: value(Self.controlRange(id)))
    }

    /// A `ParameterCurve` of `id`. Draws the point count; then for point k a spacing d and a
    /// value, the point at k·d (a fresh d per point, so points may come out of order, which
    /// the scheduler must sort); then the curve's start.
    public mutating func curve(
        _ id: DynamicParameterID, at time: ClosedRange<Double>, points: ClosedRange<Int>,
        spacing: ClosedRange<Double>
    ) -> ParameterCurve {
        let range = Self.controlRange(id)
        let controlPoints = (0..<count(points)).map { k in
            ParameterCurve.ControlPoint(time: Double(k) * value(spacing), value: value(range))
        }
        return ParameterCurve(id: id, time: value(time), points: controlPoints)
    }
}
