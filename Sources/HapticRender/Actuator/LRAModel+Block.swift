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
    /// to be forwarded to the next load; here they stay in registers, and the common case
    /// (driven, low-Z, clear of the end-stop) runs with the low-Z coefficients held in
    /// registers too. Anything else goes through the general step. O(count), no allocation.
    @inlinable @_noLocks
    public mutating func run(drive: UnsafePointer<Float>, count: Int, excursionGuard g: ExcursionGuard,
                             into out: HapticSignalBuffers) {
        var x = self.x, v = self.v, uPrev = self.uPrev
        let c = lowZ
        let clamp = voltageClamp, xMax = maxExcursion
        for i in 0..<count {
            // The clamp as two compares (what `min(max(·))` is for non-NaN input): the generic
            // min/max add NaN handling, and a NaN drive never reaches the model.
            var volts = g.limit(volts: Double(drive[i]), excursion: x, velocity: v)
            volts = volts > clamp ? clamp : (volts < -clamp ? -clamp : volts)
            let acceleration: Double
            if volts != 0 && regime == 0 && abs(x) <= xMax {
                // advance(volts:side: 0) with the low-Z set; its `0·stopForce` term is +0 for
                // low-Z (stopForce 0) and adding +0 to a non-zero force changes nothing.
                idleSamples = 0
                let u = c.forcePerVolt * volts
                let us = u + uPrev
                uPrev = u
                let xn = c.m11 * x + c.m12 * v + c.b1 * us
                let vn = c.m21 * x + c.m22 * v + c.b2 * us
                x = xn
                v = vn
                acceleration = c.gF * u + c.gx * xn + c.gv * vn
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
}
