import FoundationEssentials
import HapticRenderKit
import SoundFile

/// The haptic engine: it plays patterns through players, all of them on one simulated
/// actuator (their drives sum before it, as on a device) and one audio synthesizer.
///
/// `CHHapticEngine()` plays live on the default audio output, or records into the file the
/// environment names (`OPENCOREHAPTICS_OUTPUT`: docs/core-haptics-api.md); ``init(simulation:)``
/// chooses the output, the actuator and the channels, or an offline engine whose clock
/// advances only as it renders (``advance(by:)``, ``render(to:duration:)``).
open class CHHapticEngine {
    /// Why the engine stopped (`CHHapticEngine.StoppedReason`).
    public enum StoppedReason: Int, Sendable {
        case audioSessionInterrupt = 1
        case applicationSuspended = 2
        case idleTimeout = 3
        case notifyWhenFinished = 4
        case engineDestroyed = 5
        case gameControllerDisconnect = 6
        case systemError = -1
    }

    /// What the engine does once its players have finished (``notifyWhenPlayersFinished(finishedHandler:)``).
    public enum FinishedAction: Int, Sendable {
        case stopEngine = 1
        case leaveEngineRunning = 2
    }

    public typealias CompletionHandler = (Error?) -> Void
    public typealias FinishedHandler = (Error?) -> CHHapticEngine.FinishedAction
    public typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void
    public typealias ResetHandler = () -> Void

    let core: EngineCore
    let simulation: Simulation
    /// The audio device stream while a live engine runs.
    var output: LiveOutput?
    /// The file an offline engine records into (``beginRecording(to:overwrite:)``).
    var recording: SoundFileWriter?
    /// What renders an engine that records for the environment.
    var driver: RecordingDriver?

    /// Called when the engine stops by itself, with the reason — as Core Haptics calls it, not
    /// when ``stop(completionHandler:)`` stops it: `.notifyWhenFinished` when a finished
    /// handler returned `.stopEngine`, `.engineDestroyed` when the engine is released while it
    /// runs, `.systemError` when an environment recording cannot be written.
    public var stoppedHandler: StoppedHandler = { _ in }
    /// Called if the engine had to reset (never, in the simulation).
    public var resetHandler: ResetHandler = {}
    /// Whether the engine plays only haptic events (takes effect at the next start).
    public var playsHapticsOnly: Bool {
        get { core.locked { $0.playsHapticsOnly } }
        set {
            core.locked {
                $0.playsHapticsOnly = newValue
                $0.rescheduleAll()
            }
        }
    }
    /// Whether the engine plays only audio events.
    public var playsAudioOnly: Bool {
        get { core.locked { $0.playsAudioOnly } }
        set {
            core.locked {
                $0.playsAudioOnly = newValue
                $0.rescheduleAll()
            }
        }
    }
    /// Silences every player's audio events.
    public var isMutedForAudio: Bool {
        get { core.locked { $0.isMutedForAudio } }
        set {
            core.locked {
                $0.isMutedForAudio = newValue
                $0.rescheduleAll()
            }
        }
    }
    /// Silences every player's haptic events.
    public var isMutedForHaptics: Bool {
        get { core.locked { $0.isMutedForHaptics } }
        set {
            core.locked {
                $0.isMutedForHaptics = newValue
                $0.rescheduleAll()
            }
        }
    }
    /// Accepted and kept; the simulation never shuts down by itself.
    public var isAutoShutdownEnabled = false

    /// The engine's clock, seconds: frames rendered so far ÷ the sample rate. Times given to
    /// players are on this clock.
    public var currentTime: TimeInterval { core.locked { $0.currentTime } }

    /// What this device plays: every event type, with the AHAP parameter ranges.
    open class func capabilitiesForHardware() -> any CHHapticDeviceCapability {
        SimulatedCapability()
    }

    /// A live engine on the default audio output with the default simulation
    /// (``Simulation/init(sampleRate:actuator:layout:output:layers:)``) — or, when the process's
    /// environment sets `OPENCOREHAPTICS_OUTPUT`, one that records into that file.
    /// - Throws: ``CHHapticError/Code/invalidEngineParameter`` for an environment that asks for
    ///   a recording it cannot make (a path that is not a writable `.wav`, a bad duration).
    public convenience init() throws {
        try self.init(simulation: Simulation(), recording: EnvironmentRecording.requested())
    }

    /// An engine with these simulation settings (the environment is not consulted).
    public convenience init(simulation: Simulation) throws {
        try self.init(simulation: simulation, recording: nil)
    }

    init(simulation: Simulation, recording: EnvironmentRecording?) throws {
        var simulation = simulation
        if recording != nil { simulation.output = .offline }
        self.simulation = simulation
        core = try EngineCore(settings: simulation)
        if let recording {
            let driver = try RecordingDriver(core: core, recording: recording) { [weak self] in
                self?.stoppedHandler(.systemError)
            }
            core.locked { $0.onFirstStart = { [weak driver] in driver?.start() } }
            self.driver = driver
        }
    }

    deinit {
        let wasRunning = core.locked { $0.running }
        output?.close()
        driver?.close()
        if wasRunning { stoppedHandler(.engineDestroyed) }
    }

    /// Starts the engine: a live engine opens its audio output and starts rendering.
    /// - Throws: ``CHHapticError/Code/engineStartTimeout`` when no audio output can be opened.
    public func start() throws { try startEngine() }

    private func startEngine() throws {
        if case .device(let name) = simulation.output, output == nil {
            output = try LiveOutput(core: core, device: name, sampleRate: simulation.sampleRate)
        }
        core.locked { $0.running = true }
    }

    /// ``start()``, then `completionHandler` with its error.
    public func start(completionHandler: CompletionHandler? = nil) {
        do {
            try startEngine()
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }

    /// ``start()`` from an asynchronous context.
    public func start() async throws { try startEngine() }

    /// ``stop(completionHandler:)`` from an asynchronous context.
    public func stop() async throws { stop(completionHandler: nil) }

    /// Stops the engine: its players stop, a live engine closes its output.
    public func stop(completionHandler: CompletionHandler? = nil) {
        core.locked { state in
            state.stopAll()
            state.running = false
        }
        output?.close()
        output = nil
        completionHandler?(nil)
    }

    /// Calls `finishedHandler` once no player is playing (at once if none is); if it returns
    /// ``FinishedAction/stopEngine`` the engine stops and ``stoppedHandler`` is told why.
    public func notifyWhenPlayersFinished(finishedHandler: @escaping FinishedHandler) {
        let handler: FinishedHandler = { [weak self] error in
            let action = finishedHandler(error)
            if action == .stopEngine, let self {
                self.stop()
                self.stoppedHandler(.notifyWhenFinished)
            }
            return action
        }
        core.locked { $0.finishedHandlers.append(handler) }
        core.tick()
    }

    /// A player for `pattern`.
    /// - Throws: ``CHHapticError/Code/invalidAudioResource`` for a resource not registered here
    ///   or an audio file that cannot be decoded.
    public func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        try PatternPlayer(core: core, id: core.locked { try $0.addPlayer(pattern) })
    }

    /// A player for `pattern` that also pauses, seeks, loops and changes rate.
    public func makeAdvancedPlayer(with pattern: CHHapticPattern) throws
        -> any CHHapticAdvancedPatternPlayer
    {
        try PatternPlayer(core: core, id: core.locked { try $0.addPlayer(pattern) })
    }

    /// Registers an audio file for ``CHHapticEvent/init(audioResourceID:parameters:relativeTime:)``
    /// events; options: ``CHHapticAudioResourceKeyUseVolumeEnvelope`` (fade in and out, default
    /// true), ``CHHapticAudioResourceKeyLoopEnabled`` (default false: with it, an event that
    /// has a duration plays the file over and over for that long).
    /// - Throws: −4851 (`fileNotFound`) for a URL that is not a file's or a file that does not
    ///   exist, −4824 (`invalidAudioResource`) for one that is not audio this engine plays.
    public func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws
        -> CHHapticAudioResourceID
    {
        guard resourceURL.isFileURL else {
            throw CHHapticError(.fileNotFound, message: "\(resourceURL) is not a file URL")
        }
        let envelope = options[CHHapticAudioResourceKeyUseVolumeEnvelope] as? Bool ?? true
        let loops = options[CHHapticAudioResourceKeyLoopEnabled] as? Bool ?? false
        return try core.locked { state in
            let index = try state.addResource(
                path: resourceURL.path, usesVolumeEnvelope: envelope, loops: loops)
            let id = state.nextResourceID
            state.nextResourceID += 1
            state.registered[id] = index
            return id
        }
    }

    /// Forgets a registered resource (players made before go on playing it).
    public func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {
        try core.locked { state in
            guard state.registered.removeValue(forKey: resourceID) != nil else {
                throw CHHapticError(
                    .invalidAudioResource, message: "audio resource \(resourceID) is not registered"
                )
            }
        }
    }

    /// Plays the AHAP file at `fileURL` once, now; starts the engine first if it is not
    /// running, as Core Haptics does.
    public func playPattern(from fileURL: URL) throws {
        try play(CHHapticPattern(contentsOf: fileURL))
    }

    /// Plays AHAP text once, now (relative custom audio paths are looked up in the current
    /// folder); starts the engine first if it is not running.
    public func playPattern(from data: Data) throws {
        try play(CHHapticPattern(ahap: [UInt8](data)))
    }

    private func play(_ pattern: CHHapticPattern) throws {
        let player = try makePlayer(with: pattern)
        if !core.locked({ $0.running }) { try startEngine() }
        try player.start(atTime: CHHapticTimeImmediate)
    }
}
