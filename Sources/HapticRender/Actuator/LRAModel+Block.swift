/// Where ``LRAModel/run(drive:count:excursionGuard:into:)`` writes: the three haptic output
/// signals as Float, each with the scale that maps it to the renderer's full scale.
public struct HapticSignalBuffers {
    public var volts: UnsafeMutablePointer<Float>
    public var voltsScale: Double
    public var acceleration: UnsafeMutablePointer<Float>
    public var accelerationScale: Double
    public var excursion: UnsafeMutablePointer<Float>
    public var excursionScale: Double

    @inlinable @_noLocks
    public init(volts: UnsafeMutablePointer<Float>, voltsScale: Double,
                acceleration: UnsafeMutablePointer<Float>, accelerationScale: Double,
                excursion: UnsafeMutablePointer<Float>, excursionScale: Double) {
        self.volts = volts
        self.voltsScale = voltsScale
        self.acceleration = acceleration
        self.accelerationScale = accelerationScale
        self.excursion = excursion
        self.excursionScale = excursionScale
    }
}

extension LRAModel {
    /// Runs a block of summed drive through the excursion guard and the model — per sample
    /// exactly `step(volts: guard.limit(drive[i], x, v))` — and writes the applied volts,
    /// the body acceleration and the excursion, scaled, into `out`.
    ///
    /// Why a block kernel: the recursion x[n] → x[n+1] is the render loop's critical path. A
    /// per-sample ``step(volts:)`` keeps (x, v) in the struct, so each sample waits for a store
    /// to be forwarded to the next load; here they stay in registers. The regimes that make up
    /// nearly every sample — driven or counting down to Hi-Z in low-Z, and the free Hi-Z ring
    /// after it — run inline with their coefficient sets in registers; only a regime change or
    /// end-stop contact goes through the general step. O(count), no allocation.
    @inlinable @_noLocks
    public mutating func run(drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
                             into out: HapticSignalBuffers) {
        var x = self.x, v = self.v, uPrev = self.uPrev
        let low = lowZ, high = hiZ
        let clamp = voltageClamp, xMax = maxExcursion, hold = lowZHoldSamples
        for i in 0..<count {
            // The clamp as two compares (what `min(max(·))` is for non-NaN input): the generic
            // min/max add NaN handling, and a NaN drive never reaches the model.
            var volts = g.limit(volts: Double(drive[i]), excursion: x, velocity: v)
            volts = volts > clamp ? clamp : (volts < -clamp ? -clamp : volts)
            let acceleration: Double
            let clear = abs(x) <= xMax
            if clear && regime == 0 && (volts != 0 || idleSamples &+ 1 < hold) {
                // Low-Z stays low-Z: what stepChangingRegime does with side 0 and no switch.
                idleSamples = volts != 0 ? 0 : idleSamples &+ 1
                acceleration = Self.advanceClear(low, volts: volts, x: &x, v: &v, uPrev: &uPrev)
            } else if clear && regime == 1 && volts == 0 {
                // Free Hi-Z ring (idleSamples already at the hold, where it saturates).
                acceleration = Self.advanceClear(high, volts: 0, x: &x, v: &v, uPrev: &uPrev)
            } else {
                self.x = x; self.v = v; self.uPrev = uPrev
                acceleration = stepChangingRegimeOutOfLine(volts: volts).acceleration
                x = self.x; v = self.v; uPrev = self.uPrev
            }
            out.volts[i] = Float(volts * out.voltsScale)
            out.acceleration[i] = Float(acceleration * out.accelerationScale)
            out.excursion[i] = Float(x * out.excursionScale)
        }
        self.x = x; self.v = v; self.uPrev = uPrev
    }

    /// ``advance(volts:side:)`` clear of the end-stop (side 0) with set `c`, on local state;
    /// returns the acceleration. The `0·stopForce` term is left out: it is +0 for the free
    /// sets, and adding +0 to the force changes nothing. O(1).
    @inlinable @inline(__always) @_noLocks
    static func advanceClear(_ c: LRACoefficients, volts: Double, x: inout Double, v: inout Double,
                             uPrev: inout Double) -> Double {
        update(c, force: c.forcePerVolt * volts, x: &x, v: &v, uPrev: &uPrev)
    }
}
