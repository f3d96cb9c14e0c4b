/// The voice-major kernel for a continuous haptic voice in its steady state: carrier running,
/// onset overdrive over, before the release. In that state the drive depends on neither the
/// actuator nor the other voices, so a whole span is computed in one tight loop instead of
/// inside the per-sample actuator loop.
extension ContinuousHapticVoice {
    /// Adds the voice's drive for samples `n … n + count − 1` (all inside the current ramp
    /// period, and the carrier on that period's frequency) to `sum[0 ..< count]`.
    ///
    /// Same arithmetic as the per-sample path: target = ramp volts × carrier sine, then the
    /// slew limit. When the period cannot slew-limit — its steepest possible step
    /// `peak·θ + |slope|` is below the limit, and the first sample is within the limit of the
    /// last output — the output *is* the target (the limiter would return it unchanged), so the
    /// check is skipped; the samples are identical either way. O(count), no allocation.
    @inlinable @_noLocks
    mutating func renderSteady(from n: Int64, count: Int, into sum: UnsafeMutablePointer<Double>, slewStep: Double) {
        let period = ramp
        let free = period.peakVolts() * carrier.theta + abs(period.slope) < slewStep * 0.999_999
        var output = driver.output
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            let lane = Int(at & 3)
            let take = min(4 &- lane, count &- j)
            let sines = carrier.groupSines()
            if free && lane == 0 && take == 4 {
                let base = Double(at &- period.from)
                let offsets = SIMD4<Double>(base, base + 1, base + 2, base + 3)
                let volts = SIMD4<Double>(repeating: period.volts) + SIMD4<Double>(repeating: period.slope) * offsets
                let targets = volts * sines
                let first = targets[0] - output
                if first <= slewStep && first >= -slewStep {
                    sum[j] += targets[0]
                    sum[j &+ 1] += targets[1]
                    sum[j &+ 2] += targets[2]
                    sum[j &+ 3] += targets[3]
                    output = targets[3]
                    carrier.nextGroup()
                    j &+= 4
                    continue
                }
            }
            for q in 0..<take {
                let k = lane &+ q
                let target = period.volts(at: at &+ Int64(q)) * sines[k]
                slew(&output, toward: target, step: slewStep)
                sum[j &+ q] += output
            }
            if lane &+ take == 4 { carrier.nextGroup() }
            j &+= take
        }
        driver.output = output
    }
}
