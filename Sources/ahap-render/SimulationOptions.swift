import ArgumentParser
import FoundationEssentials
import HapticRender
import HapticRenderKit

extension RenderEngine: StringEnumArgument {}

/// `--sample-rate`, `--actuator` and `--engine`, shared by every command that renders.
struct SimulationOptions: ParsableArguments {
    @Option(help: "Render sample rate in Hz.")
    var sampleRate: Int = 48_000

    @Option(
        help: ArgumentHelp(
            "\(ActuatorProfile.presetNames), or a JSON actuator profile (docs/actuator-profiles.md)."
        ))
    var actuator = "iphone"

    @Option(
        help: ArgumentHelp(
            "fast, or reference: the per-sample Double definition the fast engine is tested against (≈ 100× slower).",
            valueName: "engine"))
    var engine: RenderEngine = .fast

    /// Sets the rate and loads the actuator (a preset or a JSON profile checked at that rate).
    /// - Throws: `ValidationError` naming the profile file, key and line:column.
    func apply(to options: inout RenderOptions) throws {
        options.sampleRate = Double(sampleRate)
        options.engine = engine
        options.actuator = try loadActuator(actuator, sampleRate: options.sampleRate)
    }
}

/// A preset or a JSON profile (`-`: read from standard input), checked at `sampleRate`.
/// - Throws: ``CLIError``: an unknown preset, or a missing file with `ENOENT`'s wording
///   (exit 64); a bad profile as `lra.json:2:3: error: …` (exit 1).
func loadActuator(_ nameOrPath: String, sampleRate: Double) throws -> ActuatorProfile {
    do {
        if nameOrPath == "-" {
            return try ActuatorProfileLoader.loadStandardInput(
                name: displayName(nameOrPath), sampleRate: sampleRate)
        }
        let isPath = nameOrPath.hasSuffix(".json") || nameOrPath.contains("/")
        if ActuatorProfile.preset(named: nameOrPath) == nil {
            if !isPath {
                throw CLIError.usage(nameOrPath, ActuatorProfileLoader.unknownPreset(nameOrPath))
            }
            if !FileManager.default.fileExists(atPath: nameOrPath) {
                throw CLIError.noSuchFile(nameOrPath)
            }
        }
        return try ActuatorProfileLoader.resolve(nameOrPath, sampleRate: sampleRate)
    } catch let error as ActuatorProfileLoadError {
        throw CLIError(formatted: error.description)
    }
}
