/// A `HapticContinuous` voice. It starts in the per-sample path (the driver's onset
/// overdrive reads the actuator); once steady — carrier running, overdrive over — it switches,
/// on the renderer's 256-sample grid only, to the block path
/// (``renderSteady(_:_:from:count:into:slewStep:grid:radiansPerHz:)``) until its scheduled
/// end, where the per-sample path releases and brakes it. Those are its two drive paths.
struct ContinuousHapticVoice {
    var spec: VoiceSpec
    var driver: ContinuousDriver
    var released = false
    /// The drive-rate drive point of the current drive period.
    var ramp: DriveRamp
    /// Rendered by the block path (see the type's comment).
    var steady = false
    /// First sample of the current chunk that the block path did *not* render; the
    /// per-sample loop only counts the voice as driving before it.
    var steadyThrough: Int64 = .min
    /// The block path's carrier (takes over the driver oscillator's phase on entry).
    var carrier = RotatingCarrier(phase: 0)
    /// The carrier's exact phase (cycles, [0, 1)) at sample `phaseAt`, summed in Double from the
    /// ramps' frequencies as the per-sample oscillator sums them: a gliding carrier is rebuilt
    /// from it at every drive period, so the Float rotation's rounding never accumulates
    /// into a phase drift.
    var phase = 0.0
    var phaseAt: Int64 = 0
    /// Whether `ramp` ends where a parameter lane changes (see
    /// ``DriveGrid/advance(_:at:)``).
    var rampEndsAtChange = false
    /// The period inputs `ramp.end` was computed from (see ``DriveGrid/advance(_:at:)``).
    var endInputs = PeriodInputs(intensity: .nan, sharpness: .nan)
    /// Its parameter lanes' lines at its last grid point, while they hold
    /// (``DriveGrid/lines(of:at:)``).
    var lines = PeriodLines.unread
    /// Its envelope's next corner after its last grid point
    /// (``DriveGrid/corner(_:after:)``); `Int64.min` until asked.
    var corner = Int64.min
    /// The drive tables at the voice's last sharpness (see ``DriveGrid/point(_:_:)``).
    var column = SharpnessCache()
    init(spec: VoiceSpec, driver: ContinuousDriver, ramp: DriveRamp) {
        self.spec = spec
        self.driver = driver
        self.ramp = ramp
    }
}
