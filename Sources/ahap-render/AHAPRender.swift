import ArgumentParser
import HapticRenderKit

@main
struct AHAPRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ahap-render",
        abstract: "Render, lint and inspect Apple Haptic and Audio Pattern (AHAP) files offline.",
        version: HapticRenderKitVersion.current,
        subcommands: [Render.self, Play.self, Plot.self, Lint.self, Inspect.self, Bench.self, Actuator.self,
                      Generate.self, HLS.self])
}
