import ArgumentParser
import HapticRenderKit

/// Every command sets `commandName`: without it ArgumentParser derives the name from
/// `String(describing:)` of the type at every start, a dynamic cast that scans all protocol
/// conformances in the process (about 1 M instructions per command; see docs/performance.md,
/// "Start-up").
@main
struct AHAPRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ahap-render",
        abstract: "Render, lint and inspect Apple Haptic and Audio Pattern (AHAP) files offline.",
        version: HapticRenderKitVersion.current,
        subcommands: [
            Render.self, Play.self, Plot.self, Lint.self, Inspect.self, Bench.self, Actuator.self,
            Generate.self, HLS.self, Palette.self,
        ])
}
