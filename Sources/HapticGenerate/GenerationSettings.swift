/// The generator's knobs. A preset (``GenerationPreset``) is a named setting of them; the CLI
/// and the library can override any knob on top of a preset (``Overrides``).
public struct GenerationSettings: Sendable, Hashable {
    /// What the haptics are measured on.
    public enum Band: String, Sendable, Hashable, CaseIterable {
        /// The whole sound.
        case full
        /// Only below 70 Hz (LFE, thumps, explosions): film, where a voice's fundamental
        /// (above ~80 Hz) must stay out of the hands.
        case rumble
    }

    /// How readily a hit becomes a transient, 0…1: a rise of the sound's outline must exceed
    /// `0.2 × (1 − s)` of the reference level (0.1 at 0.5) and its spectral flux `0.8 × (1 − s)`
    /// of the largest nearby (40 %), or it must stand 12 dB out of near-silence and reach
    /// `0.06 × (1 − s)` (see `TransientPicker`).
    public var transientSensitivity = 0.5
    /// At most this many transients in any one second, 1…``TransientBudget/maxDensity``, and at
    /// least `1 / (3 · density)` s apart, never closer than one click lasts
    /// (``TransientBudget/clickSeconds``); the strongest hits are kept. The default is the
    /// bound itself: the material decides how dense its hits are.
    public var density = TransientBudget.maxDensity
    /// Release time constant of the bed's envelope, seconds: how fast it follows a tail down.
    public var bedRelease = 0.04
    /// Sharpness range: the spectrum's centroid maps 80 Hz → lower bound, 4 kHz → upper bound,
    /// for the bed and for each transient (from its attack).
    public var sharpness: ClosedRange<Double> = 0.6...0.9
    /// How much the bed drops for 30 ms after each transient, 0…1 (0: not at all), so the
    /// hit stands out and the two do not cancel on the actuator.
    public var ducking = 0.0
    /// The band the bed and the hits' levels are measured on.
    public var band = Band.full
    /// Whether every struck note or chord is a hit (`music`): a sharp spectral change makes a
    /// hit however little the level rises, and hits must be spectral onsets.
    public var musicalOnsets = false

    public init() {}

    // The knobs reach the generator as a preset plus overrides without a ``Overrides/problem``,
    // so the values below are in range.

    /// The least rise of a hit on the outline, with the reference level at 0.85.
    var riseThreshold: Double { 0.2 * (1 - transientSensitivity) }
    /// The fraction of the largest nearby spectral flux a rise must reach (0.4 at
    /// sensitivity 0.5, 0 at 1).
    var fluxFraction: Double { 1 - (0.2 + 0.8 * transientSensitivity) }
    /// The least level of a quiet hit out of near-silence, on the same scale.
    var quietLevel: Double { 0.06 * (1 - transientSensitivity) }
    /// How many times its local mean the onset strength must be for a struck note alone to
    /// make a hit (sensitivity 0.5 → 5, 1 → 2).
    var hitNovelty: Double { 2 + 6 * (1 - transientSensitivity) }
    /// The least peak of a hit in the rumble band, in reference amplitude (half of it).
    var hitThreshold: Double { 0.5 * (1 - transientSensitivity) }
    /// The least gap between transients, seconds: a third of the mean spacing at the density
    /// (42 ms at 8), and at least one click's length (8 ms): closer clicks fuse into one.
    var minTransientGap: Double { max(TransientBudget.clickSeconds, 1 / (3 * density)) }
    /// The most transients in one second.
    var maxTransientsPerSecond: Int { Int(density.rounded()) }

    /// Knobs to set on top of a preset (nil: the preset's value).
    public struct Overrides: Sendable, Hashable {
        public var transientSensitivity: Double?
        public var density: Double?
        public var bedRelease: Double?
        public var sharpness: ClosedRange<Double>?
        public var ducking: Double?

        public init(
            transientSensitivity: Double? = nil, density: Double? = nil, bedRelease: Double? = nil,
            sharpness: ClosedRange<Double>? = nil, ducking: Double? = nil
        ) {
            self.transientSensitivity = transientSensitivity
            self.density = density
            self.bedRelease = bedRelease
            self.sharpness = sharpness
            self.ducking = ducking
        }

        /// `settings` with every set knob replaced.
        public func applied(to settings: GenerationSettings) -> GenerationSettings {
            var s = settings
            if let transientSensitivity { s.transientSensitivity = transientSensitivity }
            if let density { s.density = density }
            if let bedRelease { s.bedRelease = bedRelease }
            if let sharpness { s.sharpness = sharpness }
            if let ducking { s.ducking = ducking }
            return s
        }

        /// Why a value is out of range, or nil when all are usable.
        public var problem: String? {
            if let v = transientSensitivity, !(0...1).contains(v) {
                return "the transient sensitivity must lie in 0…1"
            }
            if let v = density, !(1...TransientBudget.maxDensity).contains(v) {
                return
                    "the density must lie in 1…\(Int(TransientBudget.maxDensity)) transients per second"
            }
            if let v = bedRelease, !(0.005...2).contains(v) {
                return "the bed release must lie in 0.005…2 s"
            }
            if let v = sharpness, !(v.lowerBound >= 0 && v.upperBound <= 1) {
                return "the sharpness range must lie in 0…1"
            }
            if let v = ducking, !(0...1).contains(v) { return "the ducking must lie in 0…1" }
            return nil
        }
    }
}
