import FoundationEssentials
import HapticPattern
import HapticRender

/// Loads ``ActuatorProfile``s from JSON files, for `--actuator PROFILE.json`.
///
/// The file is an object whose keys are one kind's field names (SI units; each kind lists its
/// own, ``LRAProfile`` for an LRA), for example:
///
/// ```json
/// { "base": "iphone", "name": "my-lra", "resonanceHz": 170, "qHiZ": 30 }
/// ```
///
/// Choices (Apple is silent; docs/actuator-profiles.md lists the fields):
/// - `"base"` names a preset that supplies every field the file leaves out (and its kind), so
///   a measured f0 and Q are enough to try a variant. Without a base, `"kind"` names the kind
///   (`lra` when absent), its physical fields are required and the optional ones take the
///   kind's defaults.
/// - A field that follows from the others (an LRA's `qLowZ`) may be omitted: it is then
///   derived (the simulation uses the derived value anyway).
/// - Unknown keys are errors, so a misspelled field is never silently ignored.
/// - The result is checked with ``ActuatorProfile/validate(sampleRate:)``.
///
/// Errors name the file, the key and its line:column. O(file size).
public enum ActuatorProfileLoader {
    /// A preset name (``ActuatorProfile/presetNames``) or a path to a JSON profile.
    public static func resolve(_ nameOrPath: String, sampleRate: Double)
        throws(ActuatorProfileLoadError) -> ActuatorProfile
    {
        if let preset = ActuatorProfile.preset(named: nameOrPath) { return preset }
        guard nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") else {
            throw ActuatorProfileLoadError(path: nameOrPath, message: unknownPreset(nameOrPath))
        }
        return try load(path: nameOrPath, sampleRate: sampleRate)
    }

    /// What a name that is neither a preset nor a path is told.
    public static func unknownPreset(_ name: String) -> String {
        "unknown actuator '\(name)': use \(ActuatorProfile.presetNames) or a path to a .json profile"
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
        var positions: [String: JSONPosition] = [:]
        var name: String?
        var base: ActuatorProfile?
        var kind: (fields: ActuatorProfileFields, position: JSONPosition)?
        let kinds = ActuatorProfile.fileKinds
        let allKeys = Set(kinds.flatMap(\.keys))
        func quoted(_ names: [String]) -> String {
            names.map { "\"\($0)\"" }.joined(separator: ", ")
        }
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
                        "'base' must be one of \(quoted(ActuatorProfile.presets.map(\.name)))",
                        at: member.value.position)
                }
                base = preset
            case "kind":
                guard let s = member.value.stringValue, let k = kinds.first(where: { $0.kind == s })
                else {
                    throw fail(
                        "'kind' must be one of \(quoted(kinds.map(\.kind)))",
                        at: member.value.position)
                }
                kind = (k, member.value.position)
            case let key where allKeys.contains(key):
                guard case .number(let v, _) = member.value.kind else {
                    throw fail(
                        "'\(key)' must be a number, found \(member.value.typeDescription)",
                        at: member.value.position)
                }
                values[key] = v
                positions[key] = member.keyPosition
            default:
                throw fail(
                    "unknown field '\(member.key)'; known fields: name, base, kind, "
                        + (base?.fileKind ?? kind?.fields ?? kinds[0]).keys.joined(separator: ", "),
                    at: member.keyPosition)
            }
        }
        let fields = base?.fileKind ?? kind?.fields ?? kinds[0]
        if let kind, kind.fields.kind != fields.kind {
            throw fail(
                "'kind' is \"\(kind.fields.kind)\" but 'base' \"\(base?.name ?? "")\" is \"\(fields.kind)\"",
                at: kind.position)
        }
        if let stray = members.first(where: {
            values[$0.key] != nil && !fields.keys.contains($0.key)
        }) {
            throw fail(
                "unknown field '\(stray.key)' for an \(fields.kind) profile; known fields: name, base, kind, "
                    + fields.keys.joined(separator: ", "),
                at: stray.keyPosition)
        }
        let fallback = base?.fieldValues ?? fields.optionalDefaults
        let missing = fields.keys.filter {
            values[$0] == nil && fallback[$0] == nil && !fields.derivedKeys.contains($0)
        }
        guard missing.isEmpty else {
            throw fail(
                "missing field\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) "
                    + "(or name a preset to start from with \"base\")")
        }
        let profile = fields.profile(
            name: name ?? base?.name
                ?? PathString.deletingExtension(PathString.lastComponent(path)),
            fields: fallback.merging(values) { $1 }, given: Set(values.keys))
        do {
            try profile.validate(sampleRate: sampleRate)
        } catch {
            throw fail(
                error.description.replacing("actuator profile: ", with: ""),
                at: positions[error.field])
        }
        return profile
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
