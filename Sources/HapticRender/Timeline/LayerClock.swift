/// Maps one layer's times to output samples: pattern time (with loop unrolling, seek and
/// playback rate), player time (runtime parameters) and unscaled lengths (envelopes,
/// transients, custom audio).
///
/// Every position is computed from its absolute time by one rounding — never by adding
/// rounded lengths — so errors do not accumulate. With no start time, seek or rate change,
/// `sample(patternTime: t) == round(t × sampleRate)`. O(1) per call.
struct LayerClock {
    /// Output sample at which the layer starts playing (its engine start time, relative to the
    /// earliest layer start).
    let baseSample: Int64
    let sampleRate: Double
    /// Seek offset in pattern seconds.
    let offset: Double
    /// Playback rate (> 0).
    let rate: Double

    /// Output sample of an *unrolled* pattern time `u` (iteration k's item at `t` has
    /// `u = k·loopPeriod + t`).
    func sample(patternTime u: Double) -> Int64 {
        baseSample + roundedSamples((u - offset) / rate, sampleRate: sampleRate)
    }

    /// Output sample of a player time (wall seconds since the layer started).
    func sample(playerTime tau: Double) -> Int64 {
        baseSample + roundedSamples(tau, sampleRate: sampleRate)
    }

    /// A length that the playback rate does not scale, in samples.
    func samples(seconds: Double) -> Int64 {
        roundedSamples(seconds, sampleRate: sampleRate)
    }
}
