/// Constants of the driver model that both engines share: how late the driver sees the
/// actuator, when the actuator counts as at rest, how fast the drive may move.
///
/// Every one is a property of the *model*, never of how a render is cut into blocks or groups,
/// so shifting a pattern by any number of samples shifts its output by exactly that many.
public enum ActuatorFeedback {
    /// Samples between a state of the actuator and the first drive sample that reacts to it:
    /// the drive at sample n (the excursion guard, the back-EMF brakes, the onset overdrive)
    /// reads the state the actuator had before sample n − 3. Why 3: it is the smallest delay
    /// for which a group of four samples can compute its drive before stepping the actuator,
    /// and at 48 kHz it is 63 µs — 3.4° of phase at 150 Hz, where the brake's loop gain per
    /// sample is ≈ 0.04 — as a driver IC that measures back-EMF in short windows has.
    public static let latencySamples = 3

    /// Rest threshold: once a sample's drive is zero and the actuator's amplitude
    /// `A = sqrt(x² + (v/ω0)²)` has fallen below this fraction of x_max, its state is set to
    /// exact zero. 2⁻²⁴ (−144 dB) is below a 24-bit output's last bit; from exact rest the
    /// actuator stays silent, so idle spans cost nothing and a click starts from exactly the
    /// same state wherever it falls.
    public static let restFraction = 0x1p-24
}

extension ActuatorProfile {
    /// The rest threshold's A², in m² (see ``ActuatorFeedback/restFraction``).
    @inlinable public var restAmplitudeSquared: Double {
        let a = ActuatorFeedback.restFraction * maxExcursion
        return a * a
    }
}
