import Foundation
import Testing

@testable import OpenCoreHapticsEssentials

/// What an app may pass by mistake — times and values that are not finite or absurdly large,
/// rates at their limits — is refused with a ``CHHapticError`` or treated as Core Haptics
/// treats it; never a trap, a hang, or a non-finite sample.
@Suite struct HostileUseTests {
    static let absurdTimes: [TimeInterval] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e15]

    func engineAndPlayer() throws -> (CHHapticEngine, CHHapticAdvancedPatternPlayer) {
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous,
                    parameters: [.init(parameterID: .hapticIntensity, value: 0.8)],
                    relativeTime: 0, duration: 0.3),
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.1),
            ], parameters: [])
        return (engine, try engine.makeAdvancedPlayer(with: pattern))
    }

    /// A pattern of one intensity-control parameter.
    static func parameterPattern(value: Float, at time: TimeInterval) throws -> CHHapticPattern {
        try CHHapticPattern(
            events: [],
            parameters: [
                .init(parameterID: .hapticIntensityControl, value: value, relativeTime: time)
            ])
    }

    /// A pattern of one intensity-control curve through `points`.
    static func curvePattern(_ points: [CHHapticParameterCurve.ControlPoint]) throws
        -> CHHapticPattern
    {
        try CHHapticPattern(
            events: [],
            parameterCurves: [
                CHHapticParameterCurve(
                    parameterID: .hapticIntensityControl, controlPoints: points, relativeTime: 0)
            ])
    }

    /// Renders 0.5 s and checks every sample is finite.
    func renderIsFinite(_ engine: CHHapticEngine) throws -> Bool {
        try engine.advance(by: 0.5).allSatisfy(\.isFinite)
    }

    @Test(arguments: absurdTimes)
    func playerTimesThatAreNotUsable(time: TimeInterval) throws {
        let (engine, player) = try engineAndPlayer()
        try? player.start(atTime: time)
        try? player.stop(atTime: time)
        try? player.pause(atTime: time)
        try? player.resume(atTime: time)
        try? player.seek(toOffset: time)
        try? player.sendParameters(
            [.init(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: time)],
            atTime: time)
        try? player.scheduleParameterCurve(
            CHHapticParameterCurve(
                parameterID: .hapticIntensityControl,
                controlPoints: [
                    .init(relativeTime: 0, value: 0.2), .init(relativeTime: 0.1, value: 1),
                ],
                relativeTime: time),
            atTime: time)
        player.loopEnd = time
        player.loopEnabled = true
        try player.start(atTime: CHHapticTimeImmediate)
        #expect(try renderIsFinite(engine))
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity, 1e30, -1e30])
    func parameterValuesThatAreNotUsable(value: Float) throws {
        let (engine, player) = try engineAndPlayer()
        try player.start(atTime: CHHapticTimeImmediate)
        try? player.sendParameters(
            [
                .init(parameterID: .hapticIntensityControl, value: value, relativeTime: 0),
                .init(parameterID: .hapticSharpnessControl, value: value, relativeTime: 0.05),
                .init(parameterID: .hapticAttackTimeControl, value: value, relativeTime: 0.05),
                .init(parameterID: .hapticDecayTimeControl, value: value, relativeTime: 0.05),
                .init(parameterID: .hapticReleaseTimeControl, value: value, relativeTime: 0.05),
            ], atTime: CHHapticTimeImmediate)
        try? player.scheduleParameterCurve(
            CHHapticParameterCurve(
                parameterID: .hapticSharpnessControl,
                controlPoints: [
                    .init(relativeTime: 0, value: value), .init(relativeTime: 0.1, value: 1),
                ],
                relativeTime: 0),
            atTime: CHHapticTimeImmediate)
        #expect(try renderIsFinite(engine))
    }

    @Test(arguments: [Float.leastNonzeroMagnitude, 1e-30, 1e-6, 1e6, .greatestFiniteMagnitude])
    func extremePlaybackRates(rate: Float) throws {
        let (engine, player) = try engineAndPlayer()
        player.loopEnabled = true
        try player.start(atTime: CHHapticTimeImmediate)
        player.playbackRate = rate
        #expect(player.playbackRate == (PatternPlayer.playbackRates.contains(rate) ? rate : 1))
        #expect(try renderIsFinite(engine))
    }

    @Test(arguments: absurdTimes)
    func advancingByAnUnusableDuration(duration: TimeInterval) throws {
        let (engine, player) = try engineAndPlayer()
        try player.start(atTime: CHHapticTimeImmediate)
        let before = engine.currentTime
        _ = try? engine.advance(by: duration)
        _ = try? engine.advance(to: duration)
        #expect(engine.currentTime >= before)
        #expect(try renderIsFinite(engine))
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, 1e12])
    func unusableSampleRatesAreRefused(rate: Double) {
        #expect(throws: CHHapticError.self) {
            _ = try CHHapticEngine(simulation: .init(sampleRate: rate, output: .offline))
        }
    }

    @Test(arguments: [-1, 0, Int.max])
    func layerCounts(layers: Int) throws {
        do {
            let engine = try CHHapticEngine(simulation: .init(output: .offline, layers: layers))
            try engine.start()
            #expect(try renderIsFinite(engine))
        } catch is CHHapticError {}
    }

    /// An event's time or duration not finite, or negative: refused with Core Haptics' codes
    /// (a continuous event longer than 30 s is cut to 30 s, as Core Haptics cuts it).
    @Test(arguments: [TimeInterval.nan, .infinity, -.infinity, -1e300, -1])
    func eventsWithUnusableTimesAreRefused(time: TimeInterval) {
        #expect(throws: CHHapticError.self) {
            _ = try CHHapticPattern(
                events: [
                    CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: time)
                ],
                parameters: [])
        }
        #expect(throws: CHHapticError.self) {
            _ = try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticContinuous, parameters: [], relativeTime: 0,
                        duration: time)
                ], parameters: [])
        }
        // Parameters and curves: only what AHAP text cannot hold (the decoder decides the rest).
        guard !time.isFinite else { return }
        #expect(throws: CHHapticError.self) { _ = try Self.parameterPattern(value: 1, at: time) }
        #expect(throws: CHHapticError.self) {
            _ = try Self.curvePattern([
                .init(relativeTime: 0, value: 1), .init(relativeTime: time, value: 0),
            ])
        }
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func unusableValuesAreRefused(value: Float) {
        #expect(throws: CHHapticError.self) {
            _ = try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticTransient,
                        parameters: [.init(parameterID: .hapticIntensity, value: value)],
                        relativeTime: 0)
                ], parameters: [])
        }
        #expect(throws: CHHapticError.self) { _ = try Self.parameterPattern(value: value, at: 0) }
        #expect(throws: CHHapticError.self) {
            _ = try Self.curvePattern([.init(relativeTime: 0, value: value)])
        }
    }

    /// A loop of iterations shorter than 10 ms plays once (else a microsecond pattern would
    /// schedule ten million iterations); one of 20 ms loops.
    @Test(arguments: [(1e-6, false), (0.02, true)])
    func aVeryShortLoopPlaysOnce(period: TimeInterval, loops: Bool) throws {
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: period)
            ],
            parameters: [])
        let player = try engine.makeAdvancedPlayer(with: pattern)
        var finished = false
        player.completionHandler = { _ in finished = true }
        player.loopEnabled = true
        try player.start(atTime: CHHapticTimeImmediate)
        #expect(try renderIsFinite(engine))
        #expect(finished == !loops)
    }
}
