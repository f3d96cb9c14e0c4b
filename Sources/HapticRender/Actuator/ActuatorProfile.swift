/// The simulated actuator: one of the kinds the renderer models, with its physical numbers
/// (docs/physics.md). Every render, datasheet and conversion report takes one.
///
/// Each case is a kind: its numbers (``LRAProfile``), what its physics sets for the driver and
/// the drive tables, its fast model and its reference twin, all reached through
/// ``ActuatorKind`` (docs/extending.md, "Change the actuator model / add an actuator kind").
/// `Codable` uses only the standard library; JSON profile files are read in another layer.
public enum ActuatorProfile: Sendable, Hashable, Codable {
    /// A linear resonant actuator: a mass on a spring, driven by a voice coil (docs/physics.md,
    /// Model equations).
    case lra(LRAProfile)
    /// An eccentric rotating mass: a DC motor spinning an off-centre mass (docs/physics.md,
    /// Eccentric rotating mass).
    case erm(ERMProfile)

    /// The kind's numbers, for what every kind answers. O(1).
    var kind: any ActuatorKind {
        switch self {
        case .lra(let p): p
        case .erm(let p): p
        }
    }

    /// Standard gravity, for expressing acceleration in g.
    package static let standardGravity = 9.80665

    /// Display name ("iphone", "coin", "pixel" for the presets).
    public var name: String { kind.name }
    /// The driver's rail, V: every applied drive sample is within ± this (1.0 in a drive
    /// channel).
    package var voltageClamp: Double { kind.voltageClamp }
    /// Acceleration in g that is 1.0 in an acceleration channel.
    package var fullScaleG: Double { kind.fullScaleG }
    /// Excursion in m that is 1.0 in an excursion channel.
    package var excursionFullScale: Double { kind.excursionFullScale }
    /// Time rendered after the last voice so the actuator can come to rest (the default of
    /// ``RenderConfiguration/ringDownSeconds``).
    package var ringDownSeconds: Double { kind.ringDownSeconds }

    /// Checks every field against its range at `sampleRate`; throws the first violation. The
    /// kind documents its ranges (``LRAProfile/validate(sampleRate:)``).
    package func validate(sampleRate: Double = 48_000) throws(ActuatorProfileError) {
        try kind.validate(sampleRate: sampleRate)
    }

    /// The LRA's numbers, or nil for another kind. O(1).
    package var lra: LRAProfile? {
        if case .lra(let p) = self { p } else { nil }
    }

    /// The `iphone` preset (``LRAProfile/iphone``).
    public static let iphone = ActuatorProfile.lra(.iphone)
    /// The `coin` preset (``LRAProfile/coin``).
    public static let coin = ActuatorProfile.lra(.coin)
    /// The `pixel` preset (``LRAProfile/pixel``).
    public static let pixel = ActuatorProfile.lra(.pixel)

    /// Every preset, in docs/physics.md's order.
    public static let presets: [ActuatorProfile] =
        LRAProfile.presets.map(ActuatorProfile.lra) + ERMProfile.presets.map(ActuatorProfile.erm)

    /// The preset called `name`, or nil.
    public static func preset(named name: String) -> ActuatorProfile? {
        presets.first { $0.name == name }
    }

    /// The preset names, in order, for help texts and errors ("iphone, coin, pixel").
    package static var presetNames: String { presets.map(\.name).joined(separator: ", ") }

    /// Frames from the last non-zero drive sample to the actuator's exact rest, at most
    /// (``ActuatorKind/restFrames(sampleRate:)``): what the Kit's segment planner waits for.
    package func restFrames(sampleRate: Double) -> Double {
        kind.restFrames(sampleRate: sampleRate)
    }

    /// The kinds, for profile files (`"kind"`).
    static let kinds: [any ActuatorKind.Type] = [LRAProfile.self, ERMProfile.self]
}
