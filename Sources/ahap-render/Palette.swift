import ArgumentParser
import FoundationEssentials
import HapticRenderKit
import OpenCoreHapticsEssentials
import SoundFile
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ahap-render palette`: Apple's HapticPalette sample in a terminal, live on an audio output
/// or scripted into a file.
struct Palette: ToolCommand {
    static let toolConfiguration = CommandConfiguration(
        commandName: "palette",
        abstract:
            "Feel a 2-D haptic palette in a terminal: x = sharpness, y = intensity of a continuous player; space fires a transient.",
        discussion: """
            Apple's HapticPalette sample on OpenCoreHaptics' CHHapticEngine: the arrow keys or \
            the mouse move the point, which a continuous player follows; space fires a transient \
            at the point; c starts and stops the continuous player; q quits. The screen shows \
            both values and the simulated output's level. It plays live on an audio output \
            (--layout audition by default: the acceleration is audible in headphones).

            With --script FILE it plays a written session offline instead and records it to \
            --output: the same file every time. A script has one command a line, SECONDS \
            followed by `move SHARPNESS INTENSITY`, `begin` (the continuous player starts), \
            `end` (it stops) or `tap`; `#` starts a comment. The render lasts until the last \
            command plus the actuator's ring-down.

            Examples:
              ahap-render palette
              ahap-render palette --actuator pixel --device pulse
              printf '0 move 0.5 0.5\\n0 begin\\n1 tap\\n1.5 end\\n' > session.txt
              ahap-render palette --script session.txt -o session.wav
            """)

    @Option(
        help: ArgumentHelp(
            "Output device: its index or (part of) its name from `play --list-devices` (default: the system's default output).",
            valueName: "name|index"))
    var device: String?

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "The channels to play (see render --help).")
    var layout: LiveLayout = .audition

    @Option(
        help: ArgumentHelp(
            "Play this session offline instead of the live pad (see above); - reads it from standard input.",
            valueName: "file"))
    var script: String?

    @Option(name: .shortAndLong, help: "With --script: the WAV file to write.")
    var output = "palette.wav"

    @Flag(name: .shortAndLong, help: "With --script: replace an existing output file.")
    var force = false

    func validate() throws {
        try refuseEmptyPaths([("-o", output), ("--script", script)])
        if simulation.engine != .fast {
            throw ValidationError("The palette plays on the fast engine only.")
        }
        let ext = PathString.pathExtension(output).lowercased()
        if script != nil, ext != "wav", ext != "wave",
            ContainerChoice.unwritableAudioExtensions.contains(ext)
                || FileFormatArgument(argument: ext) != nil
        {
            throw ValidationError(
                "-o \(output) names a .\(ext) file, but the palette writes WAV; name it .wav.")
        }
        if script == nil && isatty(STDIN_FILENO) != 1 {
            throw ValidationError(
                "The live palette needs a terminal; give --script FILE to play a session offline.")
        }
    }

    func run() throws {
        var options = RenderOptions()
        try simulation.apply(to: &options)
        do { try options.validateRendering() } catch { throw CLIError.usage(nil, error.message) }
        if let script {
            try render(script: script, options: options)
        } else {
            try play(options: options)
            // Stopped by Ctrl-C (SIGTERM, SIGHUP): the terminal is restored; end by the signal.
            if TerminationSignals.received != nil { TerminationSignals.endByReceivedSignal() }
        }
    }

    /// The scripted session, offline, into ``output``.
    private func render(script path: String, options: RenderOptions) throws {
        let limit = 1 << 20
        let bytes: [UInt8]
        switch BoundedFileRead.read(pathOrStandardInput: path, limit: limit) {
        case .success(let b): bytes = b
        case .failure(let failure):
            throw CLIError.failure(displayName(path), failure.message(limit: limit))
        }
        let session: PaletteScript
        do {
            session = try PaletteScript(
                String(decoding: bytes, as: UTF8.self), name: displayName(path),
                maxSeconds: options.renderLimits.maxDurationSeconds)
        } catch {
            throw CLIError(formatted: error.description)
        }
        do {
            let engine = try CHHapticEngine(
                simulation: .init(
                    sampleRate: options.sampleRate, actuator: .init(profile: options.actuator),
                    layout: .init(layout.outputLayout), output: .offline))
            try engine.start()
            let haptics = try PaletteHaptics(engine: engine)
            try engine.beginRecording(to: URL(fileURLWithPath: output), overwrite: force)
            for step in session.steps {
                try Self.advance(engine, to: step.time)
                try haptics.apply(step.command)
            }
            try Self.advance(engine, to: engine.currentTime + options.actuator.ringDownSeconds)
            try engine.endRecording()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// Advances an offline engine to `time` a second at a time, so that a long session's
    /// samples go to the recording as they are made instead of being held all at once.
    private static func advance(_ engine: CHHapticEngine, to time: TimeInterval) throws {
        while engine.currentTime + 1 < time { try engine.advance(by: 1) }
        try engine.advance(to: time)
    }

    /// The live pad.
    private func play(options: RenderOptions) throws {
        let engine: CHHapticEngine
        let haptics: PaletteHaptics
        do {
            engine = try CHHapticEngine(
                simulation: .init(
                    sampleRate: options.sampleRate, actuator: .init(profile: options.actuator),
                    layout: .init(layout.outputLayout), output: .device(device)))
            try engine.start()
            haptics = try PaletteHaptics(engine: engine)
            try haptics.begin()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        // Ctrl-C (or SIGTERM, SIGHUP) ends the loop; the terminal is restored on the way out.
        TerminationSignals.stopCooperatively()
        let terminal = PaletteTerminal()
        defer { terminal.restore() }
        var level: Float = 0
        loop: while TerminationSignals.received == nil {
            for input in terminal.poll() {
                switch input {
                case .quit: break loop
                case .up:
                    try? haptics.move(
                        sharpness: haptics.sharpness, intensity: haptics.intensity + 0.05)
                case .down:
                    try? haptics.move(
                        sharpness: haptics.sharpness, intensity: haptics.intensity - 0.05)
                case .left:
                    try? haptics.move(
                        sharpness: haptics.sharpness - 0.05, intensity: haptics.intensity)
                case .right:
                    try? haptics.move(
                        sharpness: haptics.sharpness + 0.05, intensity: haptics.intensity)
                case .tap: try? haptics.tap()
                case .toggle: try? haptics.isPlaying ? haptics.end() : haptics.begin()
                case .mouse(let column, let row):
                    if let point = PaletteScreen.point(column: column, row: row) {
                        try? haptics.move(sharpness: point.sharpness, intensity: point.intensity)
                    }
                }
            }
            // A meter's ballistics: instant rise, a fall of about 10 dB a second at 30 frames.
            level = max(engine.outputPeak, level * 0.92)
            terminal.show(
                PaletteScreen.frame(
                    sharpness: haptics.sharpness, intensity: haptics.intensity,
                    playing: haptics.isPlaying, level: level))
            usleep(33_000)
        }
        try? haptics.end()
        engine.stop()
    }
}

extension PaletteHaptics {
    /// Plays one scripted command.
    func apply(_ command: PaletteScript.Command) throws {
        switch command {
        case .move(let sharpness, let intensity):
            try move(sharpness: sharpness, intensity: intensity)
        case .begin: try begin()
        case .end: try end()
        case .tap: try tap()
        }
    }
}
