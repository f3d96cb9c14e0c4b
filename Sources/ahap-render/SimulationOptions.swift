import ArgumentParser
import HapticRender
import HapticRenderKit

extension RenderEngine: StringEnumArgument {}

/// `--sample-rate`, `--actuator` and `--engine`, shared by every command that renders.
struct SimulationOptions: ParsableArguments {
    @Option(help: "Render sample rate in Hz.")
    var sampleRate: Int = 48_000

    @Option(help: "iphone, coin, pixel, or a JSON actuator profile (see the README).")
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
        do {
            options.actuator = try ActuatorProfileLoader.resolve(
                actuator, sampleRate: options.sampleRate)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
