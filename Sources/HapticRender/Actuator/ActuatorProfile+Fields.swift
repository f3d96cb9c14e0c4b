/// One kind's numbers as profile files name them (docs/actuator-profiles.md), for the Kit's
/// profile loader: the kind's name in `"kind"`, its fields in documentation order, those a file
/// may leave out, and how a complete set becomes a profile. Each kind declares its own
/// (``ActuatorKind``); the loader reads no kind's fields by name.
package struct ActuatorProfileFields: Sendable {
    /// The kind's `"kind"` ("lra").
    package let kind: String
    /// The numeric fields, in documentation order.
    package let keys: [String]
    /// Fields a file without `"base"` may leave out, with their values.
    package let optionalDefaults: [String: Double]
    /// Fields a file may leave out because they follow from the others.
    package let derivedKeys: Set<String>
    private let make: @Sendable (String, [String: Double], Set<String>) -> ActuatorProfile

    init(_ kind: any ActuatorKind.Type) {
        self.kind = kind.kindName
        keys = kind.fieldKeys
        optionalDefaults = kind.optionalDefaults
        derivedKeys = kind.derivedKeys
        make = { kind.init(name: $0, fields: $1, given: $2).profile }
    }

    /// The profile called `name` from every field but the derived ones; `given` are the
    /// fields the file wrote (a derived one it wrote is kept, and checked by validation).
    package func profile(name: String, fields: [String: Double], given: Set<String>)
        -> ActuatorProfile
    {
        make(name, fields, given)
    }
}

extension ActuatorProfile {
    /// Every kind's fields, in the order of ``kinds``.
    package static let fileKinds = kinds.map(ActuatorProfileFields.init)

    /// This profile's kind's fields.
    package var fileKind: ActuatorProfileFields {
        let name = type(of: kind).kindName
        return Self.fileKinds.first { $0.kind == name }!
    }

    /// This profile's numeric fields, keyed as in a file.
    package var fieldValues: [String: Double] { kind.fieldValues }
}
