/// The voice-major kernel for a continuous haptic voice in its steady state: carrier running,
/// onset overdrive over, before the release. In that state the drive depends on neither the
/// actuator nor the other voices, so a whole span is computed in one tight loop instead of
/// inside the per-sample actuator loop.
extension ContinuousHapticVoice {
    /// Adds the voice's drive for samples `n … n + count − 1` (steady throughout) to
    /// `sum[0 ..< count]`: at each control period's start the ramp advances (``ContinuousControl/advance(_:at:)``);
    /// there and on every grid point inside a held period the carrier is retuned to its
    /// frequency (`radiansPerHz` × Hz), then
    /// ``renderPeriod(from:count:into:slewStep:radiansPerHz:wave:output:)`` renders the period's samples.
    /// The carrier and the slew limiter's output stay in locals across the periods of a
    /// chunk. O(count), no allocation.
    mutating func renderSteady(from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double,
                               controls: ContinuousControl, radiansPerHz: Double) {
        var wave = carrier
        var output = driver.tail.output
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            if at == ramp.to { startPeriod(at: at, wave: &wave, controls: controls, radiansPerHz: radiansPerHz) }
            if at == ramp.from || controls.isGridPoint(at) { wave.retune(to: ramp, at: at, radiansPerHz: radiansPerHz) }
            let end = min(count, Int(min(ramp.to, controls.nextGridPoint(after: at)) &- n))
            renderPeriod(from: at, count: end &- j, into: sum + j, slewStep: slewStep, radiansPerHz: radiansPerHz,
                         wave: &wave, output: &output)
            j = end
        }
        carrier = wave
        driver.tail.output = output
    }

    /// Starts the control period at `at` (the current one's end): advances the ramp. A carrier
    /// that glided, or that glides or changes frequency now, starts over from the exact
    /// ``phase``; the caller then retunes it to the new ramp. O(1).
    @inline(__always)
    mutating func startPeriod(at: Int64, wave: inout RotatingCarrier, controls: ContinuousControl,
                              radiansPerHz: Double) {
        let glided = ramp.hzSlope != 0
        advancePhase(to: at)
        controls.advance(&self, at: at)
        if glided || ramp.hzSlope != 0 || radiansPerHz * ramp.hz != wave.radiansPerSample {
            wave = RotatingCarrier(phase: phase)
        }
    }

    /// Moves ``phase`` on to sample `n` (inside the current ramp period, or its end): the sum
    /// of the ramp's frequency line over the samples between, in cycles, wrapped. O(1).
    @inline(__always)
    mutating func advancePhase(to n: Int64) {
        let k = Double(n &- phaseAt)
        let hz = ramp.hz + ramp.hzSlope * Double(phaseAt &- ramp.from)
        var p = phase + (k * hz + ramp.hzSlope * (k * (k - 1) / 2)) * driver.oscillator.inverseSampleRate
        if p >= 1 { p -= Double(Int(p)) }
        phase = p
        phaseAt = n
    }

    /// Adds the drive for samples `n … n + count − 1` (all inside the current ramp period, and
    /// `wave` on that period's frequency) to `sum[0 ..< count]`, advancing `wave` and the slew
    /// limiter's `output`.
    ///
    /// Target = ramp volts × carrier sine, computed in Float (see ``RotatingCarrier``), then the
    /// slew limit in Double as in the per-sample path. When the period cannot slew-limit — its
    /// steepest possible step `peak·θ + |slope|` is below the limit — and the first sample is
    /// within the limit of the last output, every later step is too, so the output *is* the
    /// target (the limiter would return it unchanged): whole 4-sample groups are then computed
    /// as `SIMD4<Float>` without the check, and the samples are identical either way.
    /// O(count), no allocation.
    @inline(__always)
    func renderPeriod(from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double,
                      radiansPerHz: Double,
                      wave: inout RotatingCarrier, output: inout Double) {
        let period = ramp
        let free = period.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep)
        let start = SIMD4<Float>(repeating: Float(period.volts))
        let slope = SIMD4<Float>(repeating: Float(period.slope))
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            // Offsets within the period are small integers: exact in Float.
            let offset = Float(at &- period.from)
            if free && at & 3 == 0 && count &- j >= 4 {
                var offsets = SIMD4<Float>(offset, offset + 1, offset + 2, offset + 3)
                var targets = (start + slope * offsets) * wave.sines
                let first = Double(targets[0]) - output
                if first <= slewStep && first >= -slewStep {
                    // Whole groups, unchecked: volts from the line equation times the sines.
                    while true {
                        store4(load4(sum + j) + targets, sum + j)
                        wave.nextGroup()
                        j &+= 4
                        if count &- j < 4 { break }
                        offsets += 4
                        targets = (start + slope * offsets) * wave.sines
                    }
                    output = Double(targets[3])
                    continue
                }
            }
            // One (partial) group sample by sample, through the limiter: same lane arithmetic.
            let take = min(4 &- Int(at & 3), count &- j)
            Self.renderLimited(period, from: at, count: take, into: sum + j, slewStep: slewStep, wave: &wave,
                               output: &output)
            j &+= take
        }
    }

    /// Adds samples `n … n + count − 1` of `period`'s drive, all in one 4-sample group, to
    /// `sum[0 ..< count]` through the slew limiter, one by one; moves `wave` on if they end the
    /// group. The volts are the line equation in Float, as in the unchecked group path. O(count).
    @inline(__always)
    static func renderLimited(_ period: DriveRamp, from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>,
                              slewStep: Double, wave: inout RotatingCarrier, output: inout Double) {
        let lane = Int(n & 3)
        let offset = Float(n &- period.from)
        for q in 0..<count {
            let volts = Float(period.volts) + Float(period.slope) * (offset + Float(q))
            slew(&output, toward: Double(volts * wave.sines[lane &+ q]), step: slewStep)
            sum[q] += Float(output)
        }
        if lane &+ count == 4 { wave.nextGroup() }
    }
}
