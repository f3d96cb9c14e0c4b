import HapticPattern

/// Minimum perceptible vibration acceleration vs. frequency, in dB re 1 g — the table Android's
/// `BasicToPwleSegmentAdapter` uses to define sensation level (docs/physics.md, Sharpness and
/// intensity mapping).
///
/// Data points (Hz, dB) from AOSP `MIN_PERCEPTIBLE_CURVE`, restricted to 10–400 Hz (the
/// renderer never drives outside 30–300 Hz). Between points: linear in Hz; outside: held at the
/// end values — the same rule as Android's lookup. Setup-time only (O(log n) per call).
package enum PerceptualThreshold {
    static let points: [(hz: Double, db: Double)] = [
        (10.0, -48.90), (10.37, -48.52), (12.44, -46.50), (14.93, -44.43), (15.0, -44.35),
        (17.92, -41.96), (20.0, -40.36), (21.5, -39.60), (25.0, -37.48), (25.8, -36.93),
        (30.0, -34.31), (35.0, -33.13), (40.0, -32.81), (50.0, -31.94), (60.0, -31.77),
        (70.0, -31.59), (72.0, -31.55), (80.0, -31.77), (86.4, -31.94), (90.0, -31.73),
        (100.0, -31.90), (103.68, -31.77), (124.42, -31.70), (149.3, -31.38), (150.0, -31.35),
        (179.16, -31.02), (200.0, -30.86), (215.0, -30.35), (250.0, -28.98), (258.0, -28.68),
        (300.0, -26.81), (400.0, -19.81),
    ]

    /// Threshold in dB re 1 g at `hz`.
    package static func thresholdDB(atHz hz: Double) -> Double {
        let p = points
        if hz <= p[0].hz { return p[0].db }
        if hz >= p[p.count - 1].hz { return p[p.count - 1].db }
        // The first point above `hz` (at least the second, so a NaN interpolates the first two).
        let hi = max(1, p.partitioningIndex { !($0.hz <= hz) })
        let lo = hi - 1
        let t = (hz - p[lo].hz) / (p[hi].hz - p[lo].hz)
        return p[lo].db + t * (p[hi].db - p[lo].db)
    }
}
