import Foundation
import HapticTestSupport
import OpenCoreHaptics
import Testing

@testable import OpenCoreHapticsEssentials

/// The Core Haptics API's behaviour: patterns from dictionaries and objects, its error codes,
/// handlers, and the render path's real-time safety.
@Suite struct CoreHapticsAPITests {
    typealias Key = CHHapticPattern.Key

    /// A dictionary as Apple's samples write one (nested keys, event types as constants).
    let dictionary: [Key: Any] = [
        .version: 1.0,
        .pattern: [
            [
                Key.event: [
                    Key.eventType: CHHapticEvent.EventType.hapticTransient, Key.time: 0.1,
                    Key.eventParameters: [
                        [
                            Key.parameterID: CHHapticEvent.ParameterID.hapticIntensity,
                            Key.parameterValue: 0.75,
                        ]
                    ],
                ]
            ],
            [
                Key.event: [
                    Key.eventType: CHHapticEvent.EventType.hapticContinuous, Key.time: 0.2,
                    Key.eventDuration: 0.5,
                ]
            ],
            [
                Key.parameterCurve: [
                    Key.parameterID: CHHapticDynamicParameter.ID.hapticIntensityControl,
                    Key.time: 0.2,
                    Key.parameterCurveControlPoints: [
                        [Key.time: 0, Key.parameterValue: 0.25],
                        [Key.time: 0.5, Key.parameterValue: 1],
                    ],
                ]
            ],
        ],
    ]

    func offlineEngine() throws -> CHHapticEngine {
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        return engine
    }

    @Test func aDictionaryRoundTripsThroughExport() throws {
        let pattern = try CHHapticPattern(dictionary: dictionary)
        #expect(pattern.model.events.count == 2 && pattern.model.curves.count == 1)
        #expect(abs(pattern.duration - 0.7) < 1e-6)
        let again = try CHHapticPattern(dictionary: pattern.exportDictionary())
        #expect(again.model == pattern.model)
    }

    @Test func objectsMakeTheSamePatternAsTheirDictionary() throws {
        let objects = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [
                        CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.75)
                    ],
                    relativeTime: 0.1),
                CHHapticEvent(
                    eventType: .hapticContinuous, parameters: [], relativeTime: 0.2, duration: 0.5),
            ],
            parameterCurves: [
                CHHapticParameterCurve(
                    parameterID: .hapticIntensityControl,
                    controlPoints: [
                        .init(relativeTime: 0, value: 0.25), .init(relativeTime: 0.5, value: 1),
                    ],
                    relativeTime: 0.2)
            ])
        let fromDictionary = try CHHapticPattern(dictionary: dictionary)
        #expect(
            objects.model.events == fromDictionary.model.events,
            "\(objects.model.events) vs \(fromDictionary.model.events)")
    }

    @Test func rejectionsCarryCoreHapticsCodes() throws {
        func code(_ make: () throws -> Void) -> Int? {
            do { try make() } catch let error as CHHapticError { return error.code.rawValue } catch
            { return nil }
            return nil
        }
        #expect(code { _ = try CHHapticPattern(dictionary: [.version: 1.0]) } == -4814)
        #expect(
            code {
                _ = try CHHapticPattern(dictionary: [
                    .pattern: [[Key.event: [Key.eventType: "HapticTransient", Key.time: -1]]]
                ])
            } == -4822)
        // What only a player refuses (Core Haptics' converter) is refused by makePlayer.
        let tickle = try CHHapticPattern(
            events: [
                CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0),
                CHHapticEvent(eventType: .init("Tickle"), parameters: [], relativeTime: 0.1),
            ], parameters: [])
        let offline = try CHHapticEngine(simulation: .init(output: .offline))
        #expect(code { _ = try offline.makePlayer(with: tickle) } == -4821)
        #expect(code { _ = try CHHapticPattern(dictionary: [.pattern: [Date()]]) } == -4814)
        #expect(
            code { _ = try CHHapticPattern(contentsOf: URL(fileURLWithPath: "/no/such/file.ahap")) }
                == -4851)

        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        let player = try engine.makePlayer(with: CHHapticPattern(dictionary: dictionary))
        var caught = false
        do { try player.start(atTime: 0) } catch CHHapticError.engineNotRunning { caught = true }
        #expect(caught, "catch by code, as with the framework")
        let unregistered = try CHHapticPattern(
            events: [CHHapticEvent(audioResourceID: 7, parameters: [], relativeTime: 0)],
            parameters: [])
        #expect(
            code { _ = try engine.makePlayer(with: unregistered) } == -4824,
            "a resource this engine never registered")
        #expect(code { _ = try unregistered.exportDictionary() } == -4806)
    }

    @Test func handlersAreCalledAsTheClockPassesThePatternsEnd() throws {
        let engine = try offlineEngine()
        let player = try engine.makeAdvancedPlayer(with: CHHapticPattern(dictionary: dictionary))
        var completedAt: Double?
        var finishedAt: Double?
        player.completionHandler = { _ in completedAt = engine.currentTime }
        try player.start(atTime: 0)
        engine.notifyWhenPlayersFinished { _ in
            finishedAt = engine.currentTime
            return .leaveEngineRunning
        }
        try engine.advance(by: 0.6)
        #expect(completedAt == nil && finishedAt == nil)
        try engine.advance(by: 0.4)
        let end = 0.7
        #expect(
            abs(try #require(completedAt) - end) < 256 / 48_000.0,
            "at the pattern's end, within a render slice")
        #expect(finishedAt == completedAt)
    }

    @Test func theRenderPathNeitherAllocatesNorLocks() throws {
        // A first session initializes the renderer's lazily made tables (once per process).
        let first = try offlineEngine()
        try first.makePlayer(with: CHHapticPattern(dictionary: dictionary)).start(atTime: 0)
        try first.advance(by: 1)
        let engine = try offlineEngine()
        let player = try engine.makePlayer(with: CHHapticPattern(dictionary: dictionary))
        func intensity(_ value: Float) -> [CHHapticDynamicParameter] {
            [
                CHHapticDynamicParameter(
                    parameterID: .hapticIntensityControl, value: value, relativeTime: 0)
            ]
        }
        try player.start(atTime: 0)
        let render = engine.core.render
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2_048 * render.channels)
        defer { buffer.deallocate() }
        _ = render.render(into: buffer)  // the first change
        // Changes wait in the queue: the render thread applies them inside the counted calls.
        try player.sendParameters(intensity(0.5), atTime: 0.3)
        try player.sendParameters(intensity(0.9), atTime: 0.35)
        try player.stop(atTime: 0.6)
        let count = allocationsOnThisThread { for _ in 0..<20 { _ = render.render(into: buffer) } }
        #expect(count == 0)
        #expect(render.applied.load(ordering: .relaxed) == 4, "the three changes were applied")
        #expect(render.position.load(ordering: .relaxed) == 21 * 2_048)
    }
}
