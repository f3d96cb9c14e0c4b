// An app written the way Apple's samples write one — HapticRicochet's AHAP loading through
// JSONSerialization, a player, a finished handler that stops the engine — with the one import
// switch Core Haptics code needs on Linux. Run with OPENCOREHAPTICS_OUTPUT=PATH.wav it records
// what it plays instead of needing an audio device.
import Foundation

#if canImport(CoreHaptics)
    import CoreHaptics
#else
    import OpenCoreHaptics
#endif

let ahap = """
    {"Version": 1.0, "Pattern": [
      {"Event": {"Time": 0.0, "EventType": "HapticTransient",
        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}},
      {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.3,
        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                            {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}}
    ]}
    """

func createPattern(from patternJSONData: Data) -> CHHapticPattern? {
    do {
        // Create a dictionary from the JSON data.
        let dict = try JSONSerialization.jsonObject(with: patternJSONData, options: [])

        if let patternDict = dict as? [CHHapticPattern.Key: Any] {
            // Create a pattern from the dictionary.
            return try CHHapticPattern(dictionary: patternDict)
        }
    } catch let error {
        print("Error creating haptic pattern: \(error)")
    }
    return nil
}

let engine: CHHapticEngine
do {
    engine = try CHHapticEngine()
    try engine.start()
} catch let error as NSError {
    print("Engine Error: \(error.domain) \(error.code): \(error.localizedDescription)")
    exit(1)
}
guard let pattern = createPattern(from: Data(ahap.utf8)) else { exit(1) }
let finished = DispatchSemaphore(value: 0)
let player = try engine.makePlayer(with: pattern)
try player.start(atTime: CHHapticTimeImmediate)
engine.notifyWhenPlayersFinished { _ in
    finished.signal()
    return .stopEngine
}
finished.wait()
print("played \(String(format: "%.3f", pattern.duration)) s")
