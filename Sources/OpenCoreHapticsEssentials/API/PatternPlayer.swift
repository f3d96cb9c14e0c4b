import FoundationEssentials

/// The engine's player: both protocols, over the engine's control side (its state lives
/// there, under the engine's lock).
final class PatternPlayer: CHHapticAdvancedPatternPlayer {
    let core: EngineCore
    let id: Int

    /// The playback rates a player takes: 1/64 to 64 times the pattern's speed. A loop is
    /// scheduled 10 s ahead, so the rate bounds how many iterations that takes.
    static let playbackRates: ClosedRange<Float> = 1.0 / 64...64

    init(core: EngineCore, id: Int) {
        self.core = core
        self.id = id
    }

    func start(atTime time: TimeInterval) throws {
        try core.locked { try $0.start(id, atTime: time) }
    }
    func stop(atTime time: TimeInterval) throws {
        try core.locked { try $0.stop(id, atTime: time) }
    }

    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
    {
        try core.locked { try $0.send(parameters, to: id, atTime: time) }
    }

    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval)
        throws
    {
        try core.locked { try $0.schedule(parameterCurve, on: id, atTime: time) }
    }

    func cancel() throws { try core.locked { try $0.cancel(id) } }

    var isMuted: Bool {
        get { core.locked { $0.players[id]?.isMuted ?? false } }
        set { core.locked { try? $0.setMuted(newValue, player: id) } }
    }

    func pause(atTime time: TimeInterval) throws {
        try core.locked { try $0.pause(id, atTime: time) }
    }
    func resume(atTime time: TimeInterval) throws {
        try core.locked { try $0.resume(id, atTime: time) }
    }
    func seek(toOffset offsetTime: TimeInterval) throws {
        try core.locked { try $0.seek(id, toOffset: offsetTime) }
    }

    var loopEnabled: Bool {
        get { core.locked { $0.players[id]?.loopEnabled ?? false } }
        set { core.locked { try? $0.changePlayback(id) { $0.loopEnabled = newValue } } }
    }

    var loopEnd: TimeInterval {
        get { core.locked { $0.players[id]?.loopEnd ?? 0 } }
        set {
            // 0, a negative or a non-finite end: the pattern's duration.
            let end = newValue.isFinite && newValue > 0 ? newValue : 0
            core.locked { try? $0.changePlayback(id) { $0.loopEnd = end } }
        }
    }

    /// Values outside ``playbackRates`` are ignored, as Core Haptics ignores those ≤ 0.
    var playbackRate: Float {
        get { core.locked { $0.players[id]?.playbackRate ?? 1 } }
        set {
            guard Self.playbackRates.contains(newValue) else { return }
            core.locked { try? $0.changePlayback(id) { $0.playbackRate = newValue } }
        }
    }

    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler {
        get { core.locked { $0.players[id]?.completionHandler } ?? { _ in } }
        set { core.locked { $0.players[id]?.completionHandler = newValue } }
    }
}
