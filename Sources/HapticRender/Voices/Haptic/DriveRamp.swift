/// A continuous voice's drive point over one drive period `[from, to)`: the renderer
/// evaluates sharpness and intensity (event values, envelope, parameter lanes) through the
/// ``DriveLookup`` only at the period's ends and interpolates in between.
///
/// Why: the lookup costs two table positions and five lerps; per sample it was a third of
/// the render loop. At the 64-sample drive period (750 Hz at 48 kHz) the interpolation
/// error is far below the table's own (the envelope and parameter lanes are piecewise linear, the
/// mapping is smooth), and the per-sample cost drops to one multiply-add.
///
/// Block-size independence: periods lie on an absolute grid (multiples of the control
/// period, or a voice's start), and both end points are pure functions of their sample, so
/// every sample gets the same value however the render is split. Volts and the carrier
/// frequency follow their line equations `volts + slope·(n − from)`, `hz + hzSlope·(n − from)`
/// (never an accumulated sum; ``RotatingCarrier`` glides by a chirped rotation), and so does
/// `excursionPerVolt` (the onset overdrive's target, which follows the carrier's frequency
/// through the plant's response: held at `from`, a fast sharpness glide stepped the overdrive
/// at every period end).
struct DriveRamp: Sendable {
    var from: Int64
    var to: Int64
    var volts: Double
    var slope: Double
    var hz: Double
    var hzSlope: Double
    var excursionPerVolt: Double
    var excursionPerVoltSlope: Double
    /// The drive point at `to`: the start of the next period.
    var end: DrivePoint

    /// A ramp from `start` at sample `from` to `end` at sample `to` (> `from`). O(1).
    init(from: Int64, start: DrivePoint, to: Int64, end: DrivePoint) {
        self.from = from
        self.to = to
        volts = start.volts
        slope = (end.volts - start.volts) / Double(to - from)
        hz = start.hz
        hzSlope = (end.hz - start.hz) / Double(to - from)
        excursionPerVolt = start.excursionPerVolt
        excursionPerVoltSlope = (end.excursionPerVolt - start.excursionPerVolt) / Double(to - from)
        self.end = end
    }

    /// Drive amplitude at sample `n` of the period. O(1).
    @inline(__always)
    func volts(at n: Int64) -> Double { volts + slope * Double(n &- from) }

    /// The drive point the continuous driver uses at sample `n`. O(1).
    @inline(__always)
    func point(at n: Int64) -> DrivePoint {
        let k = Double(n &- from)
        return DrivePoint(
            hz: hz + hzSlope * k, volts: volts(at: n),
            excursionPerVolt: excursionPerVolt + excursionPerVoltSlope * k)
    }

    /// The largest amplitude in the period (the line's larger end). O(1).
    @inline(__always)
    func peakVolts() -> Double { max(abs(volts), abs(end.volts)) }

    /// Whether `amplitude × sin` on this period's carrier (`radiansPerHz` radians per sample per
    /// Hz) can never step by `slewStep` or more: its steepest step is below `peak·θ_max + |slope|`.
    /// The 0.1 % margin is far above Float rounding (~1e-5 of a step). O(1).
    @inline(__always)
    func neverSlewLimits(radiansPerHz: Double, slewStep: Double) -> Bool {
        let last = hz + hzSlope * Double(to &- from)
        return peakVolts() * radiansPerHz * max(abs(hz), abs(last)) + abs(slope) < slewStep * 0.999
    }
}
