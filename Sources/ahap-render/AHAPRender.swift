import ArgumentParser

@main
struct AHAPRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ahap-render",
        abstract: "Render, lint and inspect Apple Haptic and Audio Pattern (AHAP) files offline.",
        version: "0.1.0",
        subcommands: [Lint.self, Inspect.self])
}
