import ArgumentParser

/// `--format text|json` shared by the subcommands.
enum OutputFormat: String, CaseIterable, StringEnumArgument {
    case text
    case json
}

/// An option value that is a `String`-backed enum: its raw values are what the user types.
///
/// ArgumentParser's defaults for such a type give the same strings, but reach them through
/// `String(describing:)` in generic code: dynamic casts whose first use scans every protocol
/// conformance record of the binary (≈ 0.2 M instructions each), on every start that parses
/// an option of the type (docs/performance.md, "Start-up"). These read `rawValue` directly.
public protocol StringEnumArgument: ExpressibleByArgument, CaseIterable, RawRepresentable
where RawValue == String {}

extension StringEnumArgument {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    /// Empty, as ArgumentParser's default gives when each description is the value itself.
    public static var allValueDescriptions: [String: String] { [:] }
}
