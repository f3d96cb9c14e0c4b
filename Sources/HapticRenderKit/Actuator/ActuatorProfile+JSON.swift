import FoundationEssentials
import HapticPattern
import HapticRender

/// Loads ``ActuatorProfile``s from JSON files, for `--actuator PROFILE.json`.
///
/// The file is an object whose keys are the ``ActuatorProfile`` field names (SI units, see its
/// documentation), for example:
///
/// ```json
/// { "base": "iphone", "name": "my-lra", "resonanceHz": 170, "qHiZ": 30 }
/// ```
///
/// Choices (Apple is silent; docs/physics.md, Presets, lists the fields):
/// - `"base"` names a preset (`iphone`, `coin`, `pixel`) that supplies every field the file
///   leaves out, so a measured f0 and Q are enough to try a variant. Without a base, the
///   physical fields are required and the optional ones (`locationFactor`,
///   `endStopStiffnessRatio`, `driveBandMinHz`, `driveBandMaxHz`, `transientMaxHalfCycles`)
///   take the presets' defaults.
/// - `qLowZ` may be omitted: it is then derived from `qHiZ`, `forceFactor` and
///   `coilResistance` (the simulation uses the derived value anyway).
/// - Unknown keys are errors, so a misspelled field is never silently ignored.
/// - The result is checked with ``ActuatorProfile/validate(sampleRate:)``.
///
/// Errors name the file, the key and its line:column. O(file size).
public enum ActuatorProfileLoader {
    /// The numeric fields, in documentation order.
    static let numericFields: [String] = [
        "resonanceHz", "qLowZ", "qHiZ", "movingMass", "forceFactor", "coilResistance",
        "coilInductance", "bodyMass", "locationFactor", "voltageClamp", "maxExcursion",
        "endStopStiffnessRatio", "driveBandMinHz", "driveBandMaxHz", "fullScaleG",
        "transientMaxHalfCycles",
    ]
    /// Fields a base-less file may leave out, with their defaults.
    static let optionalDefaults: [String: Double] = [
        "locationFactor": 1, "endStopStiffnessRatio": 50, "driveBandMinHz": 30,
        "driveBandMaxHz": 300,
        "transientMaxHalfCycles": 4,
    ]

    /// A preset name (`iphone`, `coin`, `pixel`) or a path to a JSON profile.
    public static func resolve(_ nameOrPath: String, sampleRate: Double)
        throws(ActuatorProfileLoadError) -> ActuatorProfile
    {
        if let preset = ActuatorProfile.preset(named: nameOrPath) { return preset }
        guard nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") else {
            throw ActuatorProfileLoadError(
                path: nameOrPath,
                message:
                    "unknown actuator '\(nameOrPath)': use iphone, coin, pixel or a path to a .json profile"
            )
        }
        return try load(path: nameOrPath, sampleRate: sampleRate)
    }

    /// Reads, decodes and validates the profile at `path`.
    public static func load(path: String, sampleRate: Double = 48_000)
        throws(ActuatorProfileLoadError) -> ActuatorProfile
    {
        try load(
            BoundedFileRead.read(path: path, limit: maxBytes), path: path, sampleRate: sampleRate)
    }

    /// Reads (at most ``maxBytes``: reading stops past it), decodes and validates a profile
    /// from standard input; `name` names it in errors.
    public static func loadStandardInput(name: String, sampleRate: Double = 48_000)
        throws(ActuatorProfileLoadError) -> ActuatorProfile
    {
        try load(
            BoundedFileRead.readStandardInput(limit: maxBytes), path: name, sampleRate: sampleRate)
    }

    /// The largest profile read: 1 MiB (a profile is a few hundred bytes).
    public static let maxBytes = 1 << 20

    /// Decodes and validates what a bounded read of the profile `path` gave.
    private static func load(
        _ read: Result<[UInt8], BoundedFileRead.Failure>, path: String, sampleRate: Double
    ) throws(ActuatorProfileLoadError) -> ActuatorProfile {
        switch read {
        case .success(let bytes):
            return try decode(bytes, path: path, sampleRate: sampleRate)
        case .failure(.unreadable(let message)):
            throw ActuatorProfileLoadError(
                path: path, message: "cannot read the actuator profile: \(message)")
        case .failure(.tooLarge(let size, _)):
            throw ActuatorProfileLoadError(
                path: path,
                message: "an actuator profile is at most 1 MB; this file has \(size) bytes or more")
        }
    }

    /// Decodes and validates a profile from JSON bytes; `path` names it in errors.
    public static func decode(_ bytes: [UInt8], path: String, sampleRate: Double = 48_000)
        throws(ActuatorProfileLoadError) -> ActuatorProfile
    {
        func fail(_ message: String, at position: JSONPosition? = nil) -> ActuatorProfileLoadError {
            ActuatorProfileLoadError(
                path: path, line: position?.line, column: position?.column, message: message)
        }
        let document: JSONDocument
        switch JSONParser().parse(bytes) {
        case .success(let d): document = d
        case .failure(let e): throw fail(e.message, at: e.position)
        }
        guard let members = document.root.objectMembers else {
            throw fail(
                "an actuator profile is a JSON object, found \(document.root.typeDescription)",
                at: document.root.position)
        }
        var values: [String: Double] = [:]
        var name: String?
        var base: ActuatorProfile?
        for member in members {
            switch member.key {
            case "name":
                guard let s = member.value.stringValue else {
                    throw fail("'name' must be a string", at: member.value.position)
                }
                guard s.escapingControlCharacters == s, s.utf8.count <= 256 else {
                    throw fail(
                        "'name' must be a label of at most 256 bytes without control characters (line breaks, tabs, escapes)",
                        at: member.value.position)
                }
                name = s
            case "base":
                guard let s = member.value.stringValue,
                    let preset = ActuatorProfile.preset(named: s)
                else {
                    throw fail(
                        "'base' must be one of \"iphone\", \"coin\", \"pixel\"",
                        at: member.value.position)
                }
                base = preset
            case let key where numericFields.contains(key):
                guard case .number(let v, _) = member.value.kind else {
                    throw fail(
                        "'\(key)' must be a number, found \(member.value.typeDescription)",
                        at: member.value.position)
                }
                values[key] = v
            default:
                throw fail(
                    "unknown field '\(member.key)'; known fields: name, base, "
                        + numericFields.joined(separator: ", "),
                    at: member.keyPosition)
            }
        }
        let fallback = base.map(Self.fields(of:)) ?? optionalDefaults
        let missing = numericFields.filter {
            values[$0] == nil && fallback[$0] == nil && $0 != "qLowZ"
        }
        guard missing.isEmpty else {
            throw fail(
                "missing field\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) "
                    + "(or name a preset to start from with \"base\")")
        }
        func value(_ key: String) -> Double { values[key] ?? fallback[key] ?? 0 }
        var profile = ActuatorProfile(
            name: name ?? base?.name
                ?? PathString.deletingExtension(PathString.lastComponent(path)),
            resonanceHz: value("resonanceHz"), qLowZ: 0, qHiZ: value("qHiZ"),
            movingMass: value("movingMass"),
            forceFactor: value("forceFactor"), coilResistance: value("coilResistance"),
            coilInductance: value("coilInductance"), bodyMass: value("bodyMass"),
            locationFactor: value("locationFactor"), voltageClamp: value("voltageClamp"),
            maxExcursion: value("maxExcursion"),
            endStopStiffnessRatio: value("endStopStiffnessRatio"),
            driveBandMinHz: value("driveBandMinHz"), driveBandMaxHz: value("driveBandMaxHz"),
            fullScaleG: value("fullScaleG"), transientMaxHalfCycles: value("transientMaxHalfCycles")
        )
        // An explicit qLowZ is checked against the other fields; an absent one (or one
        // inherited from a base whose Q/Bl/Re the file changed) is derived from them.
        profile.qLowZ = values["qLowZ"] ?? profile.derivedQLowZ
        do {
            try profile.validate(sampleRate: sampleRate)
        } catch {
            let position = members.first { $0.key == error.field }?.keyPosition
            throw fail(error.description.replacing("actuator profile: ", with: ""), at: position)
        }
        return profile
    }

    /// The numeric fields of `profile`, keyed like the JSON.
    static func fields(of p: ActuatorProfile) -> [String: Double] {
        [
            "resonanceHz": p.resonanceHz, "qLowZ": p.qLowZ, "qHiZ": p.qHiZ,
            "movingMass": p.movingMass,
            "forceFactor": p.forceFactor, "coilResistance": p.coilResistance,
            "coilInductance": p.coilInductance,
            "bodyMass": p.bodyMass, "locationFactor": p.locationFactor,
            "voltageClamp": p.voltageClamp,
            "maxExcursion": p.maxExcursion, "endStopStiffnessRatio": p.endStopStiffnessRatio,
            "driveBandMinHz": p.driveBandMinHz, "driveBandMaxHz": p.driveBandMaxHz,
            "fullScaleG": p.fullScaleG,
            "transientMaxHalfCycles": p.transientMaxHalfCycles,
        ]
    }
}

/// Why an actuator profile could not be used: the file, where in it, and what to change.
public struct ActuatorProfileLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, like a compiler.
    public var description: String {
        var location = path
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(location): error: \(message)"
    }
}
