import HapticRender

/// A drive signal for the actuator-alone benchmark.
public enum ActuatorDrive {
    /// `frames` samples of 1 V at 170 Hz, gated on and off every 128 samples, so the model
    /// runs through its driven and free-ringing regimes. Built without libm (phasor rotation).
    public static func bursts(frames: Int) -> UnsafeBufferPointer<Float> {
        let drive = UnsafeMutableBufferPointer<Float>.allocate(capacity: frames)
        let w = 2 * Double.pi * 170 / 48_000
        let cw = 1 - w * w / 2 + w * w * w * w / 24
        let sw = w - w * w * w / 6
        var c = 1.0
        var s = 0.0
        for i in 0..<frames {
            drive[i] = (i / 128) % 2 == 0 ? Float(s) : 0
            (c, s) = (c * cw - s * sw, s * cw + c * sw)
        }
        return UnsafeBufferPointer(drive)  // lives for the whole benchmark process
    }
}
