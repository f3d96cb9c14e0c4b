import FoundationEssentials
import HapticPattern
import HapticRender
import HapticRenderKit

/// The engine's control side, under its lock: players and their runs, the renderer's layers
/// (slots) and audio resources, and what was sent to the render thread. Every player call
/// becomes a new schedule for its layer, made here (the only place that allocates) and sent
/// through ``RenderSide/changes``.
struct CallerState {
    let render: RenderSide
    let sampleRate: Double
    /// Whether a thread renders while the caller's calls come in — an audio device's, or an
    /// environment recording's once its first player has started (else only the caller's
    /// ``CHHapticEngine/advance(by:)`` renders).
    var live: Bool
    /// Called (once, outside the lock) when the first player starts: an environment recording
    /// starts its clock there.
    var onFirstStart: (() -> Void)?
    let hearsHaptics: Bool
    let hearsAudio: Bool

    var running = false
    var playsHapticsOnly = false
    var playsAudioOnly = false
    var isMutedForAudio = false
    var isMutedForHaptics = false

    /// The renderer's layers: which player's run plays on each, and when a free one's last
    /// voice has rung out.
    var slots: [Slot]
    var players: [Int: PlayerState] = [:]
    var nextPlayer = 0
    /// Custom audio, indexed as the renderer's resources.
    var resources: [Resource] = []
    var registered: [CHHapticAudioResourceID: Int] = [:]
    var nextResourceID = 1
    /// Resources loaded for a pattern's audio files, by resolved path.
    var filesLoaded: [String: Int] = [:]
    var finishedHandlers: [CHHapticEngine.FinishedHandler] = []

    /// Changes sent so far, and schedules that may be freed once the render thread has applied
    /// the change numbered with them.
    var sent = 0
    var retired: [(schedule: LayerSchedule, after: Int)] = []
    /// Handlers to call once the lock is released.
    var callbacks: [() -> Void] = []

    struct Slot {
        var player: Int?
        var schedule: LayerSchedule?
        var freeFrom: Int64 = 0
    }

    struct Resource {
        let prepared: PreparedAudioResource
        let seconds: Double
        let usesVolumeEnvelope: Bool
        let loops: Bool
    }

    /// How far ahead loops are scheduled, and when they are extended.
    static let loopHorizonSeconds = 10.0
    static let loopRefillSeconds = 5.0
    /// A loop whose iterations are shorter (engine time) plays once: at most 1,000 iterations
    /// are scheduled per 10 s ahead, however short the pattern.
    static let shortestLoopSeconds = 0.01
    /// How long after its last voice ends a layer is left alone (brakes, the actuator's ring).
    static let slotRestSeconds = 0.5
    /// The latest engine sample a change is placed at: 2⁵², about 3,000 years at 48 kHz, far
    /// enough below `Int64.max` that a pattern's length added to it cannot overflow.
    static let horizon = 0x1p52

    init(
        render: RenderSide, sampleRate: Double, live: Bool, layers: Int, hearsHaptics: Bool,
        hearsAudio: Bool
    ) {
        self.render = render
        self.sampleRate = sampleRate
        self.live = live
        self.hearsHaptics = hearsHaptics
        self.hearsAudio = hearsAudio
        slots = Array(repeating: Slot(), count: layers)
    }

    mutating func takeCallbacks() -> [() -> Void] {
        defer { callbacks = [] }
        return callbacks
    }

    // MARK: Time

    /// Frames rendered so far.
    var position: Int64 { render.position.load(ordering: .acquiring) }

    /// The engine clock, seconds.
    var currentTime: Double { Double(position) / sampleRate }

    /// The first sample a change sent now is sure to reach before it is rendered: the render
    /// position offline; live, one slice past it (the device thread may be inside one).
    var earliest: Int64 { live ? position + Int64(RenderSide.sliceFrames) : position }

    /// The engine sample of engine time `time`: as soon as possible for
    /// ``CHHapticTimeImmediate`` or a time already past.
    /// A time past ``horizon`` waits there (forever, in practice).
    func sample(at time: TimeInterval) -> Int64 {
        let now = earliest
        guard time > 0, time.isFinite else { return now }
        return max(now, Int64(min((time * sampleRate).rounded(), Self.horizon)))
    }

    /// Engine time of `time` as ``sample(at:)`` places it, seconds.
    func seconds(at time: TimeInterval) -> Double {
        let s = sample(at: time)
        return time > 0 && time.isFinite && (time * sampleRate).rounded() == Double(s)
            ? time : Double(s) / sampleRate
    }

    // MARK: Sending

    /// Sends `change` to the render thread. Throws when its queue is full.
    mutating func send(_ change: RenderChange) throws {
        guard render.changes.push(change) else {
            throw CHHapticError(
                .resourceNotAvailable, message: "the render thread has too many changes waiting")
        }
        sent += 1
    }

    /// Frees schedules the render thread no longer reads.
    mutating func collect() {
        let applied = render.applied.load(ordering: .acquiring)
        retired.removeAll { $0.after <= applied }
    }

    // MARK: Resources

    /// Loads the audio file at `path` as a new resource and sends it to the renderer.
    /// - Throws: −4851 (`fileNotFound`) when there is no file at `path`, −4824 when it is not
    ///   audio this engine plays, −4825 when the engine holds as many resources as it can.
    mutating func addResource(path: String, usesVolumeEnvelope: Bool, loops: Bool) throws -> Int {
        guard resources.count < RenderReserve().audioResources else {
            throw CHHapticError(
                .resourceNotAvailable, message: "no room for another audio resource")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CHHapticError(.fileNotFound, message: "\(path): no such file")
        }
        let loaded: (resource: AudioResource, durationSeconds: Double, replacedSamples: Int)
        do {
            loaded = try CustomAudioLoader(sampleRate: sampleRate).load(path: path)
        } catch {
            throw CHHapticError(.invalidAudioResource, message: "\(path): \(error.description)")
        }
        let prepared = PreparedAudioResource(loaded.resource)
        let index = resources.count
        try send(.audio(index, prepared.contents))
        resources.append(
            Resource(
                prepared: prepared, seconds: loaded.durationSeconds,
                usesVolumeEnvelope: usesVolumeEnvelope,
                loops: loops))
        return index
    }

    /// `pattern` ready to play here: registered resources and audio files mapped to resources.
    /// - Throws: what a player refuses in the pattern (``CHHapticPattern/playerError``), or an
    ///   unregistered resource (−4824).
    mutating func prepare(_ pattern: CHHapticPattern) throws -> PreparedPattern {
        if let error = pattern.playerError { throw error }
        var prepared = PreparedPattern(model: pattern.model, lengths: [:], resourceIndex: [:])
        for i in prepared.model.events.indices where prepared.model.events[i].type == .audioCustom {
            guard let path = prepared.model.events[i].waveformPath else { continue }
            let index: Int
            if let id = CHHapticPattern.resourceID(path) {
                guard let r = registered[id] else {
                    throw CHHapticError(
                        .invalidAudioResource,
                        message: "audio resource \(id) is not registered with this engine")
                }
                index = r
                if prepared.model.events[i].waveformUsesVolumeEnvelope == nil {
                    prepared.model.events[i].waveformUsesVolumeEnvelope =
                        resources[r].usesVolumeEnvelope
                }
                if prepared.model.events[i].waveformLoopEnabled == nil {
                    prepared.model.events[i].waveformLoopEnabled = resources[r].loops
                }
            } else if let file = pattern.resources[path]?.path {
                if let r = filesLoaded[file] {
                    index = r
                } else {
                    index = try addResource(path: file, usesVolumeEnvelope: true, loops: false)
                    filesLoaded[file] = index
                }
            } else {
                continue
            }
            prepared.resourceIndex[path] = index
            prepared.lengths[path] = resources[index].seconds
        }
        return prepared
    }
}
