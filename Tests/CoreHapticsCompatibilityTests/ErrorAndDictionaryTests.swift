import Foundation
import OpenCoreHaptics
import Testing

// What Apple's documentation says of CHHapticError (a CustomNSError with a `Code` enum,
// CoreHapticsErrorDomain), of CHHapticAdvancedPatternPlayer.completionHandler (not optional),
// and of pattern dictionaries, which Foundation's JSONSerialization reads and writes.

@Suite struct ErrorAndDictionaryTests {
    /// `CoreHapticsErrorDomain`, `CHHapticError(_:userInfo:)`, `errorUserInfo`, `errorCode`, and
    /// `error as NSError`: Core Haptics' domain, the code itself, a readable description.
    @Test func aCoreHapticsErrorIsAnNSErrorOfItsDomain() throws {
        let made = CHHapticError(.engineNotRunning, userInfo: [:])
        #expect(made.code == .engineNotRunning)
        #expect(made.errorCode == -4805)
        #expect(made.errorUserInfo.isEmpty)
        #expect(CHHapticError.errorDomain == CoreHapticsErrorDomain)

        let engine = try offlineEngine()
        let player = try engine.makePlayer(
            with: CHHapticPattern(
                events: [
                    CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
                ],
                parameters: []))
        do {
            try player.start(atTime: CHHapticTimeImmediate)
            Issue.record("a stopped engine's player does not start")
        } catch let error as NSError {
            #expect(error.domain == CoreHapticsErrorDomain)
            #expect(error.domain == "com.apple.CoreHaptics")
            #expect(error.code == CHHapticError.Code.engineNotRunning.rawValue)
            #expect(error.code == -4805)
            #expect(error.localizedDescription.contains("start the engine"))
        }
        do {
            try player.start(atTime: CHHapticTimeImmediate)
        } catch CHHapticError.engineNotRunning {
            // caught by code, as with the framework
        } catch {
            Issue.record("\(error)")
        }
        do {
            try player.start(atTime: CHHapticTimeImmediate)
        } catch {
            #expect(!error.localizedDescription.isEmpty)
            #expect((error as? CHHapticError)?.code == .engineNotRunning)
        }
    }

    /// "A completion block that runs after the haptic finishes playing": a property that is
    /// not optional.
    @Test func theCompletionHandlerIsNotOptional() throws {
        let engine = try offlineEngine()
        try engine.start()
        let player = try engine.makeAdvancedPlayer(
            with: CHHapticPattern(
                events: [
                    CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0)
                ],
                parameters: []))
        var finished = false
        let h: CHHapticAdvancedPatternPlayerCompletionHandler = player.completionHandler
        h(nil)  // the default does nothing
        player.completionHandler = { _ in finished = true }
        try player.start(atTime: 0)
        try engine.advance(by: 0.5)
        #expect(finished)
    }

    /// An AHAP file read by JSONSerialization casts to `[CHHapticPattern.Key: Any]` (HapticRicochet
    /// loads its assets so), and an exported pattern goes back through JSONSerialization to the
    /// same pattern.
    @Test func patternDictionariesGoThroughJSONSerializationBothWays() throws {
        let text = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.5,
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                                    {"ParameterID": "Sustained", "ParameterValue": 1}]}},
              {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\(RicochetAssets.folder)/Spawn.wav",
                "EventWaveformUseVolumeEnvelope": false, "EventWaveformLoopEnabled": true,
                "EventDuration": 1}},
              {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0},
                                                {"Time": 0.5, "ParameterValue": 0.5}]}}
            ]}
            """
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        let dict = try #require(json as? [CHHapticPattern.Key: Any])
        let pattern = try CHHapticPattern(dictionary: dict)
        #expect(abs(pattern.duration - 1) < 1e-6, "the looping sound lasts its duration")

        let exported = try pattern.exportDictionary()
        let data = try JSONSerialization.data(withJSONObject: exported, options: [.sortedKeys])
        let again = try JSONSerialization.jsonObject(with: data, options: [])
        let back = try CHHapticPattern(
            dictionary: try #require(again as? [CHHapticPattern.Key: Any]))
        let twice = try JSONSerialization.data(
            withJSONObject: try back.exportDictionary(), options: [.sortedKeys])
        #expect(data == twice, "export → JSON → pattern → export gives the same JSON")
        #expect(back.duration == pattern.duration)
    }

    /// Apple's dictionary literals hold ID values (`CHHapticEvent.EventType.hapticTransient`):
    /// JSONSerialization writes them as their strings, as it does on Apple's platforms.
    @Test func dictionariesWithIDValuesAreWrittenAsJSON() throws {
        let hapticDict: [CHHapticPattern.Key: Any] = [
            CHHapticPattern.Key.pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                        CHHapticPattern.Key.time: 0.001,
                        CHHapticPattern.Key.eventParameters: [
                            [
                                CHHapticPattern.Key.parameterID: CHHapticEvent.ParameterID
                                    .hapticIntensity,
                                CHHapticPattern.Key.parameterValue: 0.5,
                            ]
                        ],
                    ]
                ]
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: hapticDict, options: [.sortedKeys])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""EventType":"HapticTransient""#))
        #expect(text.contains(#""ParameterID":"HapticIntensity""#))
        _ = try CHHapticPattern(dictionary: hapticDict)
        #expect(CHHapticPattern.Key(rawValue: "Event") == CHHapticPattern.Key.event)
        #expect(CHHapticPattern.Key.eventWaveformLoopEnabled.rawValue == "EventWaveformLoopEnabled")
    }
}
