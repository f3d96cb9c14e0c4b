/// The actuator stage: the summed drive through the driver's output stage (excursion guard,
/// rail clamp, slew limit) and the LRA model, into the drive, acceleration and excursion rows.
///
/// It owns the model; the voices see only what they may know: whether it is at rest, where
/// its next 4-sample group starts and the feedback state that group reads.
struct ActuatorStage {
    private(set) var model: LRAModel
    /// The kernel's constants and where it writes: the same every chunk.
    private let setup: KernelSetup
    private let sink: GroupSink
    /// Whether a channel reads the drive or the excursion signal: when none does, the block
    /// kernel writes only the acceleration.
    private let writesDriveAndExcursion: Bool

    /// A model at rest for `profile` at `sampleRate`, writing into `rows`.
    init(
        profile: ActuatorProfile, sampleRate: Double, slewStep: Double, rows: SignalRows,
        writesDriveAndExcursion: Bool
    ) {
        model = LRAModel(profile: profile, sampleRate: sampleRate)
        setup = model.kernelSetup(
            ExcursionGuard(profile: profile, slewPerSample: slewStep, sampleRate: sampleRate))
        sink = GroupSink(
            HapticSignalBuffers(
                volts: rows[.hapticDrive], voltsScale: 1 / profile.voltageClamp,
                acceleration: rows[.acceleration], accelerationScale: 1 / profile.fullScaleG,
                excursion: rows[.excursion], excursionScale: 1 / profile.maxExcursion))
        self.writesDriveAndExcursion = writesDriveAndExcursion
    }

    /// Whether the model is at exact rest with no force applied: zero drive then leaves it there.
    var isAtRest: Bool { model.isAtRest }

    /// Samples until the model's current 4-sample group ends (4 at a group's start).
    var samplesToGroupEnd: Int { 4 &- model.groupPhase }

    /// The feedback state (excursion, velocity) each sample of the current group reads — three
    /// samples old, so a group's four are known before it runs (see ``LRAModel``).
    var groupFeedback: (excursion: SIMD4<Float>, velocity: SIMD4<Float>) {
        (model.recentX, model.recentV)
    }

    /// Back to rest. O(1).
    mutating func reset() { model.reset() }

    /// `frames` samples of zero drive at exact rest: zero rows, and the model only counts them
    /// towards Hi-Z. O(frames).
    mutating func rest(frames: Int) {
        for i in 0..<frames {
            sink.volts[i] = 0
            sink.acceleration[i] = 0
            sink.excursion[i] = 0
        }
        model.skipAtRest(frames: frames)
    }

    /// Starts the groups over if the model is at exact rest (``LRAModel/restartGroupsAtRest()``),
    /// so a voice starting from rest gives the same bits wherever it falls. O(1).
    mutating func restartGroupsAtRest() { model.restartGroupsAtRest() }

    /// Runs `drive[offset ..< offset + count]` into the rows' samples `offset ..< offset + count`.
    /// O(count).
    @inline(__always)
    mutating func run(_ drive: UnsafeMutablePointer<Float>, from offset: Int, count: Int) {
        // Literal flags, so each call specializes the inlined kernel (no per-sample test).
        if writesDriveAndExcursion {
            model.runBlock(
                drive: drive + offset, count: count, setup: setup, into: sink.advanced(by: offset),
                allSignals: true)
        } else {
            model.runBlock(
                drive: drive + offset, count: count, setup: setup, into: sink.advanced(by: offset),
                allSignals: false)
        }
    }
}
