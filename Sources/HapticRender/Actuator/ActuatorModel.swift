/// The fast engine's actuator: the driver's output stage and the plant of one kind, stepped
/// from the summed drive in place, real-time safe (docs/architecture.md, Actuator).
///
/// What the rest of the renderer may know of it is all here: whether it is at exact rest, where
/// its current group of ``ActuatorFeedback/groupSamples`` samples stands, the feedback state
/// each sample of that group reads (``ActuatorFeedback/latencySamples`` old, the same at every
/// sample, so a group's drive is known before the group runs), and its stored energy. Its
/// arithmetic is a property of the model, never of how a render is cut into blocks: any block
/// size gives the same bits, and a voice starting from rest gives the same bits wherever it
/// falls (``restartGroupsAtRest()``).
///
/// Conformers are trivial types (``RenderMemory`` holds them) and their entry points never
/// allocate, lock or retain; ``ActuatorStage`` specializes each.
protocol ActuatorModel {
    /// Whether the model is at exact rest with no force applied: zero drive leaves every value
    /// zero. O(1).
    var isAtRest: Bool { get }
    /// The next sample's position in its group (absolute position mod
    /// ``ActuatorFeedback/groupSamples``).
    var groupPhase: Int { get }
    /// The feedback state each sample of the current group reads (lane k for the group's
    /// sample k): the excursion and velocity a driver senses. O(1).
    var groupFeedback: (excursion: SIMD4<Float>, velocity: SIMD4<Float>) { get }
    /// The energy the plant stores now, J (passivity tests, a brake's stop criterion). O(1).
    var storedEnergy: Double { get }

    /// Back to rest, every counter cleared, group positions restarted. O(1).
    mutating func reset()
    /// Accounts for `frames` zero-drive samples skipped at exact rest, where stepping would
    /// leave every value zero. O(1).
    mutating func skipAtRest(frames: Int)
    /// At exact rest, the next sample starts a group and the feedback history is zero. O(1).
    mutating func restartGroupsAtRest()
    /// Processes `drive[0 ..< count]` (volts, the voices' sum) through the output stage and the
    /// plant, writing the applied volts, the acceleration and the excursion into `sink`
    /// (only the acceleration unless `allSignals`, a literal at every call site). O(count).
    mutating func process(
        _ drive: UnsafePointer<Float>, count: Int, into sink: GroupSink, allSignals: Bool)
}
