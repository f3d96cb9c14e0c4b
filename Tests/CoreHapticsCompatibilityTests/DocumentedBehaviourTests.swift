import Foundation
import OpenCoreHaptics
import Testing

// What Apple's reference pages and the WWDC19 sessions ("Introducing Core Haptics",
// "Expanding the sensory experience with Core Haptics") say the API does — custom audio
// resources, looping, finished handlers, the stopped handler's reasons — each in the calls an
// app makes, each checked on the render.

@Suite struct DocumentedBehaviourTests {
    static let pattern = """
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2,
            "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}
        ]}
        """

    /// `CHHapticAudioResourceKeyLoopEnabled`: "Set a true value for this key to loop the
    /// contents of an audio file"; an event of the resource made with a duration plays for it.
    @Test func aLoopingResourcePlaysForItsEventsDuration() throws {
        let engine = try offlineEngine()
        try engine.start()
        let url = URL(fileURLWithPath: RicochetAssets.folder + "/Spawn.wav")  // 0.25 s
        let loop = try engine.registerAudioResource(
            url, options: [CHHapticAudioResourceKeyLoopEnabled: true])
        let once = try engine.registerAudioResource(url, options: [:])
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(audioResourceID: loop, parameters: [], relativeTime: 0, duration: 1)
            ], parameters: [])
        #expect(abs(pattern.duration - 1) < 1e-6)
        try engine.makePlayer(with: pattern).start(atTime: 0)
        let looped = try engine.play(1.5)
        #expect(looped.rms(from: 0.6, to: 0.9) > 0.05, "the sound goes on past its file's end")
        #expect(looped.peak(from: 1.2, to: 1.5) < 0.001, "and stops at the event's end")

        try engine.makePlayer(
            with: CHHapticPattern(
                events: [
                    CHHapticEvent(audioResourceID: once, parameters: [], relativeTime: 0)
                ], parameters: [])
        ).start(atTime: CHHapticTimeImmediate)
        let single = try engine.play(1)
        #expect(single.rms(from: 0.05, to: 0.2) > 0.05)
        #expect(single.peak(from: 0.4, to: 1) < 0.001, "without the option it plays once")
    }

    /// `notifyWhenPlayersFinished` returning `.stopEngine` stops the engine, and the stopped
    /// handler is told `.notifyWhenFinished` ("You've asked the system to notify you when it
    /// shuts down the engine"); `stop(completionHandler:)` does not call it ("Calling
    /// stop(completionHandler:) doesn't invoke this callback").
    @Test func theStoppedHandlerHearsOfStopsItDidNotAskFor() throws {
        let engine = try offlineEngine()
        var reasons: [CHHapticEngine.StoppedReason] = []
        engine.stoppedHandler = { reason in reasons.append(reason) }
        try engine.start()
        try engine.playPattern(from: Data(Self.pattern.utf8))
        var finished = false
        engine.notifyWhenPlayersFinished { error in
            finished = error == nil
            return .stopEngine
        }
        try engine.advance(by: 0.5)
        #expect(finished)
        #expect(reasons == [.notifyWhenFinished])
        try engine.start()
        engine.stop(completionHandler: nil)
        #expect(reasons == [.notifyWhenFinished])
    }

    /// `playPattern(from:)`: "If the engine isn't already running when you call this method,
    /// the system starts it."
    @Test func playPatternStartsTheEngine() throws {
        let engine = try offlineEngine()
        try engine.playPattern(from: Data(Self.pattern.utf8))
        #expect(try engine.play(0.3).peak(from: 0, to: 0.2) > 0.1)
    }

    /// `start(atTime:)`: "If you call this method on a player that's already playing, it
    /// restarts itself at the beginning of the pattern."
    @Test func startingAPlayingPlayerRestartsIt() throws {
        let engine = try offlineEngine()
        try engine.start()
        let player = try engine.makeAdvancedPlayer(with: CHHapticPattern(ahapText: Self.pattern))
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        _ = try engine.play(0.15)
        try player.start(atTime: CHHapticTimeImmediate)
        let restarted = try engine.play(0.2)
        #expect(restarted.rms(from: 0.1, to: 0.18) > 0.05, "still playing 0.3 s after the start")
        _ = try engine.play(0.5)
        #expect(completions == 1)
    }

    /// The advanced player's loop (`loopEnabled`, `loopEnd`) and `playbackRate` ("scales the
    /// relative times of all events and parameters").
    @Test func theAdvancedPlayerLoopsAndChangesRate() throws {
        let engine = try offlineEngine()
        try engine.start()
        let transient = """
            {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},
                         {"Event": {"Time": 0.4, "EventType": "HapticTransient", "EventDuration": 0.1}}]}
            """
        let player = try engine.makeAdvancedPlayer(with: CHHapticPattern(ahapText: transient))
        player.loopEnabled = true
        player.loopEnd = 0.25
        try player.start(atTime: 0)
        let looped = try engine.play(1)
        for k in 0..<4 {
            let t = 0.25 * Double(k)
            #expect(looped.peak(from: t, to: t + 0.05) > 0.03, "a tap at \(t) s")
        }
        try player.stop(atTime: CHHapticTimeImmediate)
        _ = try engine.play(0.5)
        player.loopEnabled = false
        player.playbackRate = 2
        try player.start(atTime: CHHapticTimeImmediate)
        let fast = try engine.play(0.5)
        #expect(fast.peak(from: 0.2, to: 0.25) > 0.03, "the second tap at 0.4 s / 2")
    }
}

extension CHHapticPattern {
    /// A pattern from AHAP text (the suite's: Apple's code reads files).
    convenience init(ahapText: String) throws {
        let json = try JSONSerialization.jsonObject(with: Data(ahapText.utf8), options: [])
        try self.init(dictionary: json as! [CHHapticPattern.Key: Any])
    }
}
