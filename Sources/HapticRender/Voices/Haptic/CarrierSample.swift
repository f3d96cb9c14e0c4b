/// The law of a sounding haptic carrier, one sample: the target `volts × sine`, reached from
/// the driver's last `output` by at most `slewStep` volts (``slew(_:toward:step:)``). Returns
/// the new output in `T`, for the caller's sum.
///
/// Every path that renders a carrier — the drivers' `drive` and their loops, the steady block
/// path's samples near the slew limit — calls this function; the table at the top of
/// `HapticVoices.swift` lists them with the bit test that guards each. `T` is the precision of
/// the target and of the sum: Double on the per-sample path, Float on the steady block path
/// (see ``RotatingCarrier``); the slew limit runs in Double either way. The steady path's
/// unchecked groups are the one specialization that does not call it: where the slew limit
/// provably returns the target, the output is `volts × sine`, four samples at a time
/// (``SteadyVoice/targets(_:held:)``). O(1).
@inline(__always)
func carrierSample<T: BinaryFloatingPoint>(
    volts: T, sine: T, output: inout Double, slewStep: Double
) -> T {
    slew(&output, toward: Double(volts * sine), step: slewStep)
    return T(output)
}

/// Moves a driver's output toward `target` by at most `step` volts, so drive never jumps
/// (docs/physics.md, Output stage). Within reach the output becomes `target` exactly (not
/// `output + (target − output)`, which can be an ulp off), so a span that never limits is the
/// target signal itself — what lets the renderer's steady path skip the check. O(1).
@inline(__always)
func slew(_ output: inout Double, toward target: Double, step: Double) {
    let d = target - output
    output = d > step ? output + step : (d < -step ? output - step : target)
}
