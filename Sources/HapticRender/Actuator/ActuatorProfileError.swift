/// Why an ``ActuatorProfile`` was rejected by ``ActuatorProfile/validate(sampleRate:)``.
///
/// Every case names the offending field (its Swift/JSON key), the value found and what
/// would have been allowed, so a user editing a JSON profile can fix it without reading code.
package enum ActuatorProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `field` holds `value`, outside `allowed` (a human-readable range such as "> 0.5").
    case outOfRange(field: String, value: Double, allowed: String)
    /// `field` disagrees with the value implied by other fields (e.g. `qLowZ` vs
    /// `qHiZ`, `forceFactor`, `coilResistance`), beyond the stated relative tolerance.
    case inconsistent(field: String, value: Double, expected: Double, tolerance: Double)

    /// The field the error is about.
    package var field: String {
        switch self {
        case .outOfRange(let f, _, _), .inconsistent(let f, _, _, _): return f
        }
    }

    package var description: String {
        switch self {
        case .outOfRange(let field, let value, let allowed):
            return "actuator profile: '\(field)' = \(value) is out of range (allowed: \(allowed))"
        case .inconsistent(let field, let value, let expected, let tolerance):
            return "actuator profile: '\(field)' = \(value) disagrees with the value \(expected) "
                + "derived from the other fields (tolerance ±\(tolerance * 100) %)"
        }
    }
}
