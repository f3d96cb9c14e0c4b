/// The actuator stage: the summed drive through the driver's output stage and the plant, into
/// the drive, acceleration and excursion rows. Generic over the kind's fast model, so each
/// kind's kernel is specialized and inlined here; the renderer chooses the kind once per
/// block (``ActuatorStages``).
///
/// It owns the model; the voices see only what they may know: whether it is at rest, where
/// its next group starts and the feedback state that group reads.
struct ActuatorStage<Model: ActuatorModel> {
    private(set) var model: Model
    /// Where the kernel writes: the same every chunk.
    private let sink: GroupSink
    /// Whether a channel reads the drive or the excursion signal: when none does, the block
    /// kernel writes only the acceleration.
    private let writesDriveAndExcursion: Bool

    /// `model` at rest, writing into `rows` at the scales of `kind` (1.0 = its rail, its full
    /// scale in g, its excursion full scale).
    init(_ model: Model, kind: some ActuatorKind, rows: SignalRows, writesDriveAndExcursion: Bool) {
        self.model = model
        sink = GroupSink(
            HapticSignalBuffers(
                volts: rows[.hapticDrive], voltsScale: 1 / kind.voltageClamp,
                acceleration: rows[.acceleration], accelerationScale: 1 / kind.fullScaleG,
                excursion: rows[.excursion], excursionScale: 1 / kind.excursionFullScale))
        self.writesDriveAndExcursion = writesDriveAndExcursion
    }

    /// Whether the model is at exact rest with no force applied: zero drive then leaves it there.
    var isAtRest: Bool { model.isAtRest }

    /// Samples until the model's current group ends (``ActuatorFeedback/groupSamples`` at a
    /// group's start).
    var samplesToGroupEnd: Int { ActuatorFeedback.groupSamples &- model.groupPhase }

    /// The feedback state (excursion, velocity) each sample of the current group reads —
    /// ``ActuatorFeedback/latencySamples`` old, so a group's samples are known before it runs.
    var groupFeedback: (excursion: SIMD4<Float>, velocity: SIMD4<Float>) { model.groupFeedback }

    /// Back to rest. O(1).
    mutating func reset() { model.reset() }

    /// `frames` samples of zero drive at exact rest: zero rows, and the model only counts them
    /// (``ActuatorModel/skipAtRest(frames:)``). O(frames).
    mutating func rest(frames: Int) {
        for i in 0..<frames {
            sink.volts[i] = 0
            sink.acceleration[i] = 0
            sink.excursion[i] = 0
        }
        model.skipAtRest(frames: frames)
    }

    /// Starts the groups over if the model is at exact rest
    /// (``ActuatorModel/restartGroupsAtRest()``), so a voice starting from rest gives the same
    /// bits wherever it falls. O(1).
    mutating func restartGroupsAtRest() { model.restartGroupsAtRest() }

    /// Runs `drive[offset ..< offset + count]` into the rows' samples `offset ..< offset + count`.
    /// O(count).
    @inline(__always)
    mutating func process(_ drive: UnsafeMutablePointer<Float>, from offset: Int, count: Int) {
        // Literal flags, so each call specializes the inlined kernel (no per-sample test).
        if writesDriveAndExcursion {
            model.process(
                drive + offset, count: count, into: sink.advanced(by: offset), allSignals: true)
        } else {
            model.process(
                drive + offset, count: count, into: sink.advanced(by: offset), allSignals: false)
        }
    }
}

/// A renderer's actuator stage: one case per kind, the stage itself in the renderer's
/// ``RenderMemory``. The renderer switches on it once per block and runs the block through the
/// stage's own, specialized code (no existential, no per-sample dispatch).
enum ActuatorStages {
    case lra(UnsafeMutablePointer<ActuatorStage<LRAModel>>)
    case erm(UnsafeMutablePointer<ActuatorStage<ERMModel>>)

    /// Whether the actuator is at exact rest with no force applied. O(1).
    var isAtRest: Bool {
        switch self {
        case .lra(let stage): stage.pointee.isAtRest
        case .erm(let stage): stage.pointee.isAtRest
        }
    }

    /// Back to rest. O(1).
    func reset() {
        switch self {
        case .lra(let stage): stage.pointee.reset()
        case .erm(let stage): stage.pointee.reset()
        }
    }
}
