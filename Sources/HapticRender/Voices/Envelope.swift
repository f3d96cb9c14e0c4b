/// The gain envelope of a continuous or audio voice, evaluated from the line equation at any
/// sample — never accumulated — so block size cannot change the result.
///
/// Shapes (docs/ahap-format.md, Envelopes; Apple documents the stages, not their curves):
/// - sustained (AR): linear rise over `attack`, hold at 1 until `releaseStart`, linear fall to 0
///   over `release`;
/// - non-sustained (AD): linear rise over `attack`, then linear fall to 0 over `decay`; the
///   voice ends when the decay ends.
/// Linear stages are our documented choice: they are click-free with the ≥ 20 ms minimum
/// stage length of the scheduler's time law and keep evaluation branch-light.
@frozen @usableFromInline package struct Envelope: Sendable, Hashable {
    /// Samples from voice start to the end of the attack.
    @usableFromInline package var attack: Float
    /// Samples of the decay (non-sustained) — unused when sustained.
    @usableFromInline package var decay: Float
    /// Samples of the release (sustained) — unused when not sustained.
    @usableFromInline package var release: Float
    /// Offset from voice start at which the release begins (sustained).
    @usableFromInline package var releaseStart: Float
    @usableFromInline package var sustained: Bool

    @inlinable
    package init(attack: Float, decay: Float, release: Float, releaseStart: Float, sustained: Bool)
    {
        self.attack = max(attack, 1)
        self.decay = max(decay, 1)
        self.release = max(release, 1)
        self.releaseStart = releaseStart
        self.sustained = sustained
    }

    /// Gain in [0, 1] at `offset` samples after the voice start. O(1).
    @inlinable @inline(__always)
    package func gain(at offset: Float) -> Float {
        let rise = min(offset / attack, 1)
        let fall: Float
        if sustained {
            // Release starts from the level reached (an event shorter than its attack releases
            // from below 1, without a jump).
            fall = 1 - max(offset - releaseStart, 0) / release
        } else {
            fall = 1 - max(offset - attack, 0) / decay
        }
        return max(min(rise, fall), 0)
    }
}
