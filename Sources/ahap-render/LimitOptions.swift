import ArgumentParser
import HapticPattern
import HapticRender
import HapticRenderKit
import SoundFile

/// The resource limits every command that reads AHAP files shares (README "Security and
/// limits"). Defaults are the library's documented ones.
struct LimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Longest pattern duration and render length, in seconds.", valueName: "seconds"))
    var maxDuration: Double = PatternLimits.default.maxDurationSeconds

    @Option(help: ArgumentHelp("Most events in one AHAP file.", valueName: "n"))
    var maxEvents: Int = PatternLimits.default.maxEvents

    @Option(
        help: ArgumentHelp(
            "Largest custom audio file, in bytes: file size and decoded samples each.",
            valueName: "bytes"))
    var maxAudioBytes: Int = SoundFileReadLimits.default.maxFileBytes

    @Option(
        help: ArgumentHelp(
            "Memory all custom audio of one render may use, in bytes.", valueName: "bytes"))
    var maxAudioMemory: Int = AudioMemoryBudget.defaultMaxBytes

    @Option(help: ArgumentHelp("Most scheduled voices, events × loop iterations.", valueName: "n"))
    var maxVoices: Int = RenderLimits.default.maxVoices

    @Option(help: ArgumentHelp("Most voices of one kind sounding at once.", valueName: "n"))
    var maxPolyphony: Int = RenderLimits.default.maxPolyphony

    @Option(
        help: ArgumentHelp(
            "Most parameter and curve points scheduled, × loop iterations.", valueName: "n"))
    var maxLanePoints: Int = RenderLimits.default.maxLaneBreakpoints

    @Flag(
        help:
            "Let EventWaveformPath leave the AHAP file's folder and the search roots (absolute paths, '..', symlinks). Only for trusted files."
    )
    var allowEscapingPaths = false

    func validate() throws {
        guard maxDuration.isFinite, maxDuration > 0 else {
            throw ValidationError("--max-duration must be a positive number of seconds.")
        }
        guard maxEvents >= 1, maxVoices >= 1, maxPolyphony >= 1, maxLanePoints >= 1 else {
            throw ValidationError(
                "--max-events, --max-voices, --max-polyphony and --max-lane-points must be at least 1."
            )
        }
        guard maxAudioBytes >= 1, maxAudioMemory >= 1 else {
            throw ValidationError("--max-audio-bytes and --max-audio-memory must be positive.")
        }
    }

    var patternLimits: PatternLimits {
        var limits = PatternLimits.default
        limits.maxDurationSeconds = maxDuration
        limits.maxEvents = maxEvents
        return limits
    }

    /// Applies the limits to render options.
    func apply(to options: inout RenderOptions) {
        options.patternLimits = patternLimits
        options.renderLimits.maxDurationSeconds = maxDuration
        options.renderLimits.maxVoices = maxVoices
        options.renderLimits.maxPolyphony = maxPolyphony
        options.renderLimits.maxLaneBreakpoints = maxLanePoints
        options.audioReadLimits.maxFileBytes = maxAudioBytes
        options.audioReadLimits.maxBytes = maxAudioBytes
        options.audioMemoryBytes = maxAudioMemory
        options.allowEscapingPaths = allowEscapingPaths
    }
}
