import ArgumentParser
import HapticRender
import HapticRenderKit

/// `--rate`, `--loop`, `--start`, `--duration` and `--param`: how the pattern is played,
/// like `CHHapticAdvancedPatternPlayer`; shared by `render` and `play`.
struct PlayerArguments: ParsableArguments {
    @Option(
        help:
            "Playback rate (> 0): divides event times and durations, like CHHapticAdvancedPatternPlayer.playbackRate."
    )
    var rate: Double = 1

    @Option(help: "Play the pattern N times (loopEnabled with loopEnd = the pattern's duration).")
    var loop: Int?

    @Option(help: "Start this many seconds into the pattern (seek); earlier events are dropped.")
    var start: Double = 0

    @Option(help: "Exact output length in seconds (pads with silence or cuts).")
    var duration: Double?

    @Option(
        name: .customLong("param"),
        help: ArgumentHelp(
            "Runtime dynamic parameter ID=VALUE@SECONDS, e.g. HapticIntensityControl=0.3@0.1 (repeatable; seconds of playback time).",
            valueName: "id=value@seconds"))
    var parameters: [RuntimeParameterArgument] = []

    func validate() throws {
        guard rate.isFinite, rate > 0 else {
            throw ValidationError("--rate must be a positive number.")
        }
        guard start.isFinite, start >= 0 else {
            throw ValidationError("--start must be zero or more seconds.")
        }
        if let loop, !(1...100_000).contains(loop) {
            throw ValidationError("--loop must be between 1 and 100000.")
        }
    }

    /// Sets the player options and the exact duration.
    func apply(to options: inout RenderOptions) {
        options.player = PlayerOptions(
            startOffset: start, playbackRate: rate, loop: loop.map { LoopOptions(count: $0) },
            runtimeParameters: parameters.map(\.parameter))
        options.duration = duration
    }
}
