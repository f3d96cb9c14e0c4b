import ArgumentParser
import HapticPattern
import HapticRender
import HapticRenderKit
import SoundFile

/// The resource limits every command that reads AHAP files shares (docs/security-and-limits.md).
/// Defaults are the library's documented ones; each option can raise its limit up to a
/// ceiling, past which a number is a typo that would exhaust memory or overflow a count, and
/// is refused before any work.
struct LimitOptions: ParsableArguments {
    /// The most each option may ask for (docs/security-and-limits.md lists them).
    enum Ceiling {
        static let duration = PatternLimits.durationCeilingSeconds
        static let events = 10_000_000
        static let audioBytes = 16 << 30
        static let voices = 50_000_000
        static let polyphony = 65_536
        static let lanePoints = 100_000_000
    }

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
        guard maxDuration.isFinite, maxDuration > 0, maxDuration <= Ceiling.duration else {
            throw ValidationError(
                "--max-duration must be a positive number of seconds, at most \(Int(Ceiling.duration))."
            )
        }
        for (name, value, ceiling) in [
            ("--max-events", maxEvents, Ceiling.events),
            ("--max-voices", maxVoices, Ceiling.voices),
            ("--max-polyphony", maxPolyphony, Ceiling.polyphony),
            ("--max-lane-points", maxLanePoints, Ceiling.lanePoints),
            ("--max-audio-bytes", maxAudioBytes, Ceiling.audioBytes),
            ("--max-audio-memory", maxAudioMemory, Ceiling.audioBytes),
        ] where !(1...ceiling).contains(value) {
            throw ValidationError("\(name) must be 1 to \(ceiling), not \(value).")
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
