import Foundation
import HapticRender
import Testing

@testable import OpenCoreHapticsEssentials

/// A loop costs what it plays: an extension schedules the iterations ahead of the render, not
/// every iteration since the player started — the same work after an hour as after a minute.
/// Work is counted (voices scheduled; the lanes' share: `SchedulerLoopWindowTests`), not timed.
@Suite struct LoopExtensionTests {
    /// A 0.3 s loop: two transients, a continuous event and an intensity curve.
    static let pattern = """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.1}},
          {"Event": {"Time": 0.2, "EventType": "HapticTransient", "EventDuration": 0.1}},
          {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
            "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 0.3, "ParameterValue": 0.5}]}}
        ]}
        """

    /// What the extension due at engine time `seconds` schedules: the voices of the player's
    /// new schedule. The render position is set there (the engine's clock, which
    /// only rendering moves offline): extending is the control side's work alone.
    func workOfAnExtension(at seconds: Double) throws -> Int {
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        let player = try engine.makeAdvancedPlayer(
            with: CHHapticPattern(ahap: Array(Self.pattern.utf8)))
        player.loopEnabled = true
        try player.start(atTime: 0)
        engine.core.render.applyChanges()
        engine.core.render.position.store(Int64(seconds * 48_000), ordering: .releasing)
        engine.core.tick()  // the loop has 10 s scheduled ahead at most: this extends it
        engine.core.render.applyChanges()
        return try engine.core.locked { state in
            let run = try #require(state.players.values.first?.run)
            let schedule = try #require(run.schedule)
            #expect(
                run.scheduledEnd > Int64((seconds + 5) * 48_000), "extended past the refill point")
            return schedule.contents.voiceCount
        }
    }

    @Test func anExtensionCostsTheSameAfterAnHourAsAfterAMinute() throws {
        let minute = try workOfAnExtension(at: 60)
        let hour = try workOfAnExtension(at: 3_600)
        // 10 s ahead of a 0.3 s loop, plus the two iterations kept behind: about 36 of them.
        #expect(minute <= 3 * 40 && minute >= 3 * 30)
        #expect(hour == minute)
    }
}
