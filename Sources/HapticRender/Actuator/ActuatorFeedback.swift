/// Constants of the driver model that both engines and every actuator kind share: how the
/// fast engine groups samples, how late the driver sees the actuator, when the actuator counts
/// as at rest.
///
/// Every one is a property of the *model*, never of how a render is cut into blocks or groups,
/// so shifting a pattern by any number of samples shifts its output by exactly that many.
enum ActuatorFeedback {
    /// Samples per group: the fast models step the plant four samples at a time from each
    /// group's first state (one `SIMD4` lane per sample, ``ActuatorModel``), on absolute
    /// positions.
    static let groupSamples = 4

    /// Samples between a state of the actuator and the first drive sample that reacts to it:
    /// the drive at sample n (the excursion guard, the back-EMF brakes, the onset overdrive, an
    /// ERM's speed loop) reads the state the actuator had before sample n − 3. Why
    /// ``groupSamples`` − 1: it is the smallest delay for which a group can compute its drive
    /// before stepping the actuator (its four feedback states are the lanes of one `SIMD4`),
    /// and at 48 kHz it is 63 µs — 3.4° of phase at 150 Hz, where the brake's loop gain per
    /// sample is ≈ 0.04 — as a driver IC that measures back-EMF in short windows has. Both
    /// engines read it: the reference keeps this many states of history, the fast models a
    /// group's lanes.
    static let latencySamples = groupSamples - 1

    /// Rest threshold: once a sample's drive is zero and the actuator's motion has fallen below
    /// this fraction of its full scale (an LRA's amplitude `A = sqrt(x² + (v/ω0)²)` against
    /// x_max), its state is set to exact zero. 2⁻²⁴ (−144 dB) is below a 24-bit output's last
    /// bit; from exact rest the actuator stays silent, so idle spans cost nothing and a click
    /// starts from exactly the same state wherever it falls.
    static let restFraction = 0x1p-24
}
