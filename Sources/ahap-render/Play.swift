import ArgumentParser
import AudioDevice
import FoundationEssentials
import HapticFormats
import HapticRender
import HapticRenderKit
import SoundFile
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render play`: hear a pattern now, through the default audio output.
///
/// Exit status: 0 when played to the end, 1 on a render or device error (no device
/// included), 128 + the signal when interrupted (130 for Ctrl-C), 64 for usage errors.
struct Play: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "play",
        abstract:
            "Play an \(PatternFormats.readableNames) file live on an audio output: the render, as it is computed.",
        discussion: """
            Renders on the audio device's own thread, a buffer at a time, through the same \
            real-time pull API an app embeds (no allocation, no locks), so playback starts at \
            once whatever the pattern's length. The channels are --layout's (default audition: \
            the pattern's audio plus the simulated acceleration, for headphones); the render \
            options are render's, and the result is the samples render would write.

            Ctrl-C stops at once. Devices come from PortAudio (ALSA, PulseAudio or PipeWire \
            through ALSA, JACK; Core Audio on macOS); --list-devices shows them.

            Examples:
              ahap-render play Heartbeat.ahap
              ahap-render play Heartbeat.ahap --loop 3 \\
                  --param HapticIntensityControl=0.3@0.1
              ahap-render play Tap.ahap --layout haptic --actuator pixel --device pulse
              ahap-render play --list-devices
            """)

    @Argument(help: ArgumentHelp(PatternInputHelp.file))
    var input: String?

    @Option(
        help: ArgumentHelp(
            "Output device: its index or (part of) its name from --list-devices (default: the system's default output).",
            valueName: "name|index"))
    var device: String?

    @Flag(help: "List the output devices and exit.")
    var listDevices = false

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "The channels to play (see render --help).")
    var layout: LiveLayout = .audition

    @Flag(help: "Reject what Core Haptics rejects (default: lenient).")
    var strict = false

    @OptionGroup var player: PlayerArguments

    @Option(help: "An audio file to mix under the pattern's audio.")
    var mixWith: String?

    @Option(
        name: .customLong("search-root"),
        help: "Extra folder to search for AudioCustom audio files (repeatable).")
    var searchRoots: [String] = []

    @Flag(name: .shortAndLong, help: "No status line or warnings; errors only.")
    var quiet = false

    @OptionGroup var diagnostics: DiagnosticOptions

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func validate() throws {
        if listDevices { return }
        guard input != nil else {
            throw ValidationError("Name the pattern file to play (or --list-devices).")
        }
    }

    func run() throws {
        let system = try deviceCall { () throws(AudioDeviceError) in try AudioSystem() }
        if listDevices {
            for device in system.outputDevices { printOutput(device.description) }
            return
        }
        let name = displayName(input!)
        if input != "-" { try checkReadable(input!) }
        let options = try makeOptions()
        let job =
            input == "-"
            ? RenderJob.standardInput(name: name, output: "", options: options)
            : RenderJob(input: name, output: "", options: options)
        let prepared: PreparedRender
        do {
            prepared = try job.prepare(checkingOutput: false)
        } catch {
            throw CLIError(formatted: error.description)
        }
        if !quiet {
            let warnings = prepared.diagnostics.filter { $0.severity == .warning }
            for line in diagnostics.lines(warnings, file: name) { printError(line) }
        }
        let channels = prepared.channelCount
        let rate = prepared.job.options.sampleRate
        let source = PreparedRenderSource(prepared)
        let output = try deviceCall { () throws(AudioDeviceError) in
            let chosen =
                if let device { try system.outputDevice(matching: device) } else {
                    try system.defaultOutputDevice()
                }
            return try AudioOutputStream(
                device: chosen, channels: channels, sampleRate: rate, source: source)
        }
        if !quiet {
            printError(
                "playing \(name) on \(output.device.name) (\(output.device.hostAPI)): \(channels) ch, \(Int(rate)) Hz, "
                    + cFormat("render length %.1f s", Double(source.frames) / rate))
        }
        // Armed before the first buffer: a Ctrl-C from then on stops playback cleanly.
        TerminationSignals.stopCooperatively()
        try deviceCall { () throws(AudioDeviceError) in try output.start() }
        var status = PlaybackStatus(quiet: quiet, sampleRate: rate, frames: source.frames)
        while output.isActive, TerminationSignals.received == nil {
            status.show(source.position.load(ordering: .relaxed))
            usleep(50_000)
        }
        status.clear()
        if TerminationSignals.received != nil {
            output.abort()
            if !quiet { printError("interrupted") }
            TerminationSignals.endByReceivedSignal()
        }
        try deviceCall { () throws(AudioDeviceError) in try output.stop() }
    }

    /// Turns the flags into render options, failing on bad combinations before any work.
    func makeOptions() throws -> RenderOptions {
        var options = RenderOptions()
        try simulation.apply(to: &options)
        options.layout = layout.outputLayout
        options.strict = strict
        player.apply(to: &options)
        options.mixWith = mixWith
        options.searchRoots = searchRoots
        limits.apply(to: &options)
        do { try options.validateRendering() } catch { throw CLIError.usage(nil, error.message) }
        return options
    }

    /// Runs a device call; its error (no device, refused format) is reported and exits 1.
    private func deviceCall<T: ~Copyable>(_ body: () throws(AudioDeviceError) -> T) throws -> T {
        do { return try body() } catch {
            throw CLIError.failure(nil, error.description)
        }
    }
}

/// The playhead on a terminal's stderr: `0:03.2 / 0:12.0`, rewritten in place.
struct PlaybackStatus {
    let enabled: Bool
    let sampleRate: Double
    let frames: Int64
    private var shown = false

    init(quiet: Bool, sampleRate: Double, frames: Int64) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
        self.sampleRate = sampleRate
        self.frames = frames
    }

    mutating func show(_ position: Int64) {
        guard enabled else { return }
        StandardStream.error.write("\r\u{1B}[K\(clock(position)) / \(clock(frames))")
        shown = true
    }

    mutating func clear() {
        if shown { StandardStream.error.write("\r\u{1B}[K") }
        shown = false
    }

    private func clock(_ frames: Int64) -> String {
        let seconds = Double(frames) / sampleRate
        return cFormat("%ld:%04.1f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
    }
}
