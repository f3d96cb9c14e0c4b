/// What one actuator kind supplies, at setup time (docs/extending.md): its numbers and their
/// checks, what its physics sets for the voices' drivers and the drive tables, how long it
/// takes to come to rest, and its two models — the fast one the renderer steps
/// (``ActuatorModel``, in an ``ActuatorStage``) and the reference twin the agreement tests hold
/// it to (``ReferenceActuator``).
///
/// Everything a driver, a mapping, the Kit's segment planner or a datasheet knows of a plant
/// comes from here; nothing outside a kind's files reads its numbers. The render loop sees the
/// model alone.
protocol ActuatorKind: Sendable {
    /// Display name ("iphone", "coin", "pixel" for the presets).
    var name: String { get }
    /// The driver's rail, V: every applied drive sample is within ± this.
    var voltageClamp: Double { get }
    /// Acceleration in g that is 1.0 in an acceleration channel.
    var fullScaleG: Double { get }
    /// Excursion in m that is 1.0 in an excursion channel.
    var excursionFullScale: Double { get }
    /// Time rendered after the last voice so the actuator can come to rest, s.
    var ringDownSeconds: Double { get }
    /// Checks every field against its range at `sampleRate`; throws the first violation.
    func validate(sampleRate: Double) throws(ActuatorProfileError)

    /// Frames from the last non-zero drive sample to the plant's exact rest, at most, whatever
    /// its motion then (generously: from four times its full-scale motion). Validated profiles
    /// keep this finite. O(1).
    func restFrames(sampleRate: Double) -> Double
    /// The voices' drivers' constants for this plant (docs/physics.md, Driver design rules).
    func driverConfig(sampleRate: Double) -> ActuatorDriverConfig
    /// Fills the drive tables (``DriveTables``) for a sharpness and an intensity law and says
    /// how the lookup reads them. Setup time (libm).
    func designDrive(
        sharpness: SharpnessMapping, intensity: IntensityMapping, into tables: DriveTables
    ) -> DriveDesign
    /// The renderer's stage for this kind at rest, in `memory`, writing into `rows`.
    func makeStage(
        sampleRate: Double, rows: SignalRows, writesDriveAndExcursion: Bool, memory: RenderMemory
    ) -> ActuatorStages
    /// The reference engine's twin of the fast model, at rest.
    func makeReference(sampleRate: Double) -> any ReferenceActuator

    // MARK: Profile files (docs/actuator-profiles.md)

    /// The kind's name in a profile file's `"kind"` ("lra").
    static var kindName: String { get }
    /// The kind's presets.
    static var presets: [Self] { get }
    /// The numeric fields by their keys, in documentation order.
    static var fieldKeys: [String] { get }
    /// Fields a file without `"base"` may leave out, with their values.
    static var optionalDefaults: [String: Double] { get }
    /// Fields a file may leave out because they follow from the others.
    static var derivedKeys: Set<String> { get }
    /// The numeric fields, keyed as in a file.
    var fieldValues: [String: Double] { get }
    /// A profile called `name` from every field but the derived ones (`given`: the fields the
    /// file wrote, so a derived field it wrote is kept and checked).
    init(name: String, fields: [String: Double], given: Set<String>)
    /// This profile as an ``ActuatorProfile``.
    var profile: ActuatorProfile { get }
}
