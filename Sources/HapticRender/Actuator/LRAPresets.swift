/// The three default actuators of docs/physics.md, Presets, with the table's values verbatim
/// (the `iphone` driver's band and click length are the public-fact choices documented on it).
///
/// k and c_m are not stored: ``LRAProfile`` derives them (k = μ·ω0², c_m = μ·ω0/Q_m), which
/// reproduces the table (3480 / 1787 / 2213 N/m; 0.154 / 0.0745 / 0.0405 N·s/m). The Q_ts the
/// simulation uses is the one implied by Q_m, Bl and Re (7.99 / 19.94 / 15.46), within 0.5 % of
/// the table's 8 / 20 / 15.5.
extension LRAProfile {
    /// (a) iPhone-class wideband actuator (Taptic-Engine-like; all values [E] except derived).
    /// Two driver values meet the public facts about iOS (docs/physics.md, Public facts;
    /// docs/choices.md):
    /// the driver's band is 80–230 Hz, the only public statement about iOS's sharpness band
    /// (Hapticlabs' documentation), and a click is one overdriven half-cycle, so it peaks
    /// within one oscillation (launch reports: "peak after about one oscillation").
    public static let iphone = LRAProfile(
        name: "iphone", resonanceHz: 150, qLowZ: 8, qHiZ: 24, movingMass: 0.004,
        forceFactor: 1.57, coilResistance: 8, coilInductance: 100e-6, bodyMass: 0.19,
        locationFactor: 1, voltageClamp: 10, maxExcursion: 1.0e-3, endStopStiffnessRatio: 50,
        driveBandMinHz: 80, driveBandMaxHz: 230, fullScaleG: 3, transientMaxHalfCycles: 1)

    /// (b) Generic 10 mm coin LRA (Z-axis) on a 100 g test jig.
    public static let coin = LRAProfile(
        name: "coin", resonanceHz: 175, qLowZ: 20, qHiZ: 21.8, movingMass: 0.0015,
        forceFactor: 0.27, coilResistance: 10.5, coilInductance: 60e-6, bodyMass: 0.100,
        locationFactor: 1, voltageClamp: 3.6, maxExcursion: 1.0e-3, endStopStiffnessRatio: 50,
        driveBandMinHz: 30, driveBandMaxHz: 300, fullScaleG: 2)

    /// (c) Pixel-class X-axis LRA (CS40L26 HAL values where public; loc = 1).
    public static let pixel = LRAProfile(
        name: "pixel", resonanceHz: 145, qLowZ: 15.5, qHiZ: 60, movingMass: 0.0027,
        forceFactor: 1.08, coilResistance: 10, coilInductance: 100e-6, bodyMass: 0.21,
        locationFactor: 1, voltageClamp: 11, maxExcursion: 0.83e-3, endStopStiffnessRatio: 50,
        driveBandMinHz: 30, driveBandMaxHz: 300, fullScaleG: 1.5)

    /// The LRA presets, in table order.
    public static let presets: [LRAProfile] = [.iphone, .coin, .pixel]
}
