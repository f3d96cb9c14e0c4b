/// Two steady voices in one pass. A lone voice's unchecked group loop is bound by its
/// carrier's rotation — a multiply and an add per group on the loop-carried chain, about
/// 8 cycles, while the loop's other work fits in 6 — so the core idles half the time. Two
/// voices interleaved run two independent chains in the same cycles and share one load and
/// store of the sum per group.
///
/// Every sample is the same as rendering `a` and then `b` with
/// ``renderSteady(from:count:into:slewStep:controls:radiansPerHz:)``: each voice's targets
/// use the same operations, and the sum is `(sum + a) + b` in that order, as in two passes.
extension ContinuousHapticVoice {
    /// Adds the drive of the steady voices `a` and `b` (in that order) for samples
    /// `n … n + count − 1` to `sum[0 ..< count]`; both must stay steady through them. O(count),
    /// no allocation.
    static func renderSteady(_ a: UnsafeMutablePointer<ContinuousHapticVoice>,
                             _ b: UnsafeMutablePointer<ContinuousHapticVoice>,
                             from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double,
                             controls: ContinuousControl, radiansPerHz: Double) {
        var waveA = a.pointee.carrier, waveB = b.pointee.carrier
        var outputA = a.pointee.driver.tail.output, outputB = b.pointee.driver.tail.output
        var j = 0
        while j < count {
            let at = n &+ Int64(j)
            // Ramps end on the control grid or at a lane breakpoint of their own layer (held
            // ones run over grid points, where their carriers are renormalized).
            if at == a.pointee.ramp.to {
                a.pointee.startPeriod(at: at, wave: &waveA, controls: controls, radiansPerHz: radiansPerHz)
            }
            if at == b.pointee.ramp.to {
                b.pointee.startPeriod(at: at, wave: &waveB, controls: controls, radiansPerHz: radiansPerHz)
            }
            let grid = controls.isGridPoint(at)
            if grid || at == a.pointee.ramp.from { waveA.retune(to: a.pointee.ramp, at: at, radiansPerHz: radiansPerHz) }
            if grid || at == b.pointee.ramp.from { waveB.retune(to: b.pointee.ramp, at: at, radiansPerHz: radiansPerHz) }
            let end = min(count, Int(min(min(a.pointee.ramp.to, b.pointee.ramp.to), controls.nextGridPoint(after: at)) &- n))
            if !renderFreePeriod(a.pointee.ramp, b.pointee.ramp, from: at, count: end &- j, into: sum + j,
                                 slewStep: slewStep, radiansPerHz: radiansPerHz, waveA: &waveA, outputA: &outputA, waveB: &waveB, outputB: &outputB)
            {
                a.pointee.renderPeriod(from: at, count: end &- j, into: sum + j, slewStep: slewStep,
                                       radiansPerHz: radiansPerHz, wave: &waveA,
                                       output: &outputA)
                b.pointee.renderPeriod(from: at, count: end &- j, into: sum + j, slewStep: slewStep,
                                       radiansPerHz: radiansPerHz, wave: &waveB,
                                       output: &outputB)
            }
            j = end
        }
        a.pointee.carrier = waveA
        a.pointee.driver.tail.output = outputA
        b.pointee.carrier = waveB
        b.pointee.driver.tail.output = outputB
    }

    /// Both voices' drive for `n … n + count − 1` (inside periods `a` and `b`) when both take
    /// ``renderPeriod(from:count:into:slewStep:radiansPerHz:wave:output:)``'s unchecked group path from the
    /// first group on; returns `false`, having changed nothing, when either would not — then
    /// the caller renders the voices one after the other. A last partial group goes through
    /// the limiter per sample, `a` before `b`. O(count).
    @inline(__always)
    static func renderFreePeriod(_ a: DriveRamp, _ b: DriveRamp, from n: Int64, count: Int,
                                 into sum: UnsafeMutablePointer<Float>, slewStep: Double, radiansPerHz: Double,
                                 waveA: inout RotatingCarrier, outputA: inout Double,
                                 waveB: inout RotatingCarrier, outputB: inout Double) -> Bool {
        // One offsets vector for both (ramps advanced on the same grid point start together),
        // and no loop-carried targets or minus-sine constants: two voices' state then fits
        // the 16 SSE registers; with a second offsets vector the loop spilled and was slower
        // than two passes.
        // A held ramp's volts do not depend on the offset (`v + 0·k` is `v`), so it may share
        // the other's.
        guard n & 3 == 0, count >= 4, a.from == b.from || a.slope == 0 || b.slope == 0,
              !waveA.chirping, !waveB.chirping,
              a.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep),
              b.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep) else { return false }
        let startA = SIMD4<Float>(repeating: Float(a.volts)), slopeA = SIMD4<Float>(repeating: Float(a.slope))
        let startB = SIMD4<Float>(repeating: Float(b.volts)), slopeB = SIMD4<Float>(repeating: Float(b.slope))
        let offset = Float(n &- (a.slope == 0 ? b.from : a.from))
        var offsets = SIMD4<Float>(offset, offset + 1, offset + 2, offset + 3)
        let firstA = Double(((startA + slopeA * offsets) * waveA.sines)[0]) - outputA
        let firstB = Double(((startB + slopeB * offsets) * waveB.sines)[0]) - outputB
        guard firstA <= slewStep && firstA >= -slewStep && firstB <= slewStep && firstB >= -slewStep else {
            return false
        }
        var sinesA = waveA.sines, cosinesA = waveA.cosines, sinesB = waveB.sines, cosinesB = waveB.cosines
        let cosA = waveA.stepCos, sinA = waveA.stepSin, cosB = waveB.stepCos, sinB = waveB.stepSin
        var j = 0
        while true {
            let targetsA = (startA + slopeA * offsets) * sinesA
            let targetsB = (startB + slopeB * offsets) * sinesB
            store4(load4(sum + j) + targetsA + targetsB, sum + j)
            // RotatingCarrier.nextGroup(): c·cos4θ + s·(−sin4θ) is exactly c·cos4θ − s·sin4θ.
            (sinesA, cosinesA) = (sinesA * cosA + cosinesA * sinA, cosinesA * cosA - sinesA * sinA)
            (sinesB, cosinesB) = (sinesB * cosB + cosinesB * sinB, cosinesB * cosB - sinesB * sinB)
            j &+= 4
            if count &- j < 4 {
                outputA = Double(targetsA[3])
                outputB = Double(targetsB[3])
                break
            }
            offsets += 4
        }
        waveA.sines = sinesA; waveA.cosines = cosinesA
        waveB.sines = sinesB; waveB.cosines = cosinesB
        if j < count {
            renderLimited(a, from: n &+ Int64(j), count: count &- j, into: sum + j, slewStep: slewStep, wave: &waveA,
                       output: &outputA)
            renderLimited(b, from: n &+ Int64(j), count: count &- j, into: sum + j, slewStep: slewStep, wave: &waveB,
                       output: &outputB)
        }
        return true
    }
}
