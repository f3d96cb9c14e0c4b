import Foundation
import OpenCoreHaptics
import Testing

// Two more of Apple's samples:
// - "Playing collision-based haptic patterns" (HapticBounce): a player per collision, from an
//   audio and a haptic event whose strength follows the collision's speed;
// - "Playing a custom haptic pattern from a file" (HapticSampler): `playPattern(from:)` of an
//   AHAP file in the app's bundle.

/// HapticBounce's view controller, without its views and physics.
final class BounceViewController {
    var engine: CHHapticEngine!
    var engineNeedsStart = true

    func createAndStartHapticEngine() {
        // Create and configure a haptic engine.
        do {
            engine = try CHHapticEngine()
        } catch let error {
            fatalError("Engine Creation Error: \(error)")
        }

        // The reset handler provides an opportunity to restart the engine.
        engine.resetHandler = {
            print("The engine reset --> Restarting now!")
            // Tell the rest of the app to start the engine the next time a haptic is necessary.
            self.engineNeedsStart = true
        }

        do {
            try engine.start()
            engineNeedsStart = false
        } catch let error {
            fatalError("Engine Start Error: \(error)")
        }
    }

    func collision(normalizedMagnitude: Float) {
        do {
            // Start the engine if necessary.
            if engineNeedsStart {
                try engine.start()
                engineNeedsStart = false
            }

            // Create a haptic pattern player from normalized magnitude.
            let hapticPlayer = try playerForMagnitude(normalizedMagnitude)

            // Start player, fire and forget
            try hapticPlayer?.start(atTime: CHHapticTimeImmediate)
        } catch let error {
            print("Haptic Playback Error: \(error)")
        }
    }

    private func playerForMagnitude(_ magnitude: Float) throws -> CHHapticPatternPlayer? {
        let volume = linearInterpolation(alpha: magnitude, min: 0.1, max: 0.4)
        let decay: Float = linearInterpolation(alpha: magnitude, min: 0.0, max: 0.1)
        let audioEvent = CHHapticEvent(
            eventType: .audioContinuous,
            parameters: [
                CHHapticEventParameter(parameterID: .audioPitch, value: -0.15),
                CHHapticEventParameter(parameterID: .audioVolume, value: volume),
                CHHapticEventParameter(parameterID: .decayTime, value: decay),
                CHHapticEventParameter(parameterID: .sustained, value: 0),
            ], relativeTime: 0)

        let sharpness = linearInterpolation(alpha: magnitude, min: 0.9, max: 0.5)
        let intensity = linearInterpolation(alpha: magnitude, min: 0.375, max: 1.0)
        let hapticEvent = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
                CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
            ], relativeTime: 0)

        let pattern = try CHHapticPattern(events: [audioEvent, hapticEvent], parameters: [])
        return try engine.makePlayer(with: pattern)
    }

    private func linearInterpolation(alpha: Float, min: Float, max: Float) -> Float {
        return min + alpha * (max - min)
    }
}

/// HapticSampler's view controller, without its views.
final class SamplerViewController {
    var engine: CHHapticEngine!
    lazy var supportsHaptics: Bool = {
        CHHapticEngine.capabilitiesForHardware().supportsHaptics
    }()
    var failures = 0

    /// - Tag: PlayAHAP
    func playHapticsFile(named filename: String) {

        // If the device doesn't support Core Haptics, abort.
        if !supportsHaptics {
            return
        }

        // Express the path to the AHAP file before attempting to load it.
        // suite: `SamplerAssets` for the app's bundle, `Bundle.main`
        guard let path = SamplerAssets.path(forResource: filename, ofType: "ahap") else {
            return
        }

        do {
            // Start the engine in case it's idle.
            try engine.start()

            // Tell the engine to play a pattern.
            try engine.playPattern(from: URL(fileURLWithPath: path))

        } catch {  // Engine startup errors
            print("An error occured playing \(filename): \(error).")
            failures += 1
        }
    }
}

enum SamplerAssets {
    /// The suite's AHAP files for the sample's names ("Boing": a sharp tap, then a bouncing
    /// continuous tail whose intensity falls).
    static func path(forResource name: String, ofType ext: String) -> String? {
        let texts = [
            "Boing": """
            {"Version": 1.0, "Metadata": {"Project": "Haptic Sampler"}, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticTransient",
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                                    {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
              {"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 0.5,
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                                    {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.0,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1.0},
                                                {"Time": 0.5, "ParameterValue": 0.0}]}}
            ]}
            """
        ]
        guard let text = texts[name] else { return nil }
        let path = AppRecording.folder + "/\(name).\(ext)"
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite(.serialized) struct CollisionAndFileSampleTests {
    /// "Play a custom haptic pattern whose strength depends on an object's collision speed":
    /// a hard collision is stronger than a soft one, and each plays at once.
    @Test func aCollisionIsAsStrongAsItsSpeed() throws {
        let bounce = BounceViewController()
        bounce.engine = try offlineEngine()
        try bounce.engine.start()
        bounce.engineNeedsStart = false
        bounce.collision(normalizedMagnitude: 1)
        let hard = try bounce.engine.play(0.4)
        bounce.collision(normalizedMagnitude: 0.1)
        let soft = try bounce.engine.play(0.4)
        #expect(try #require(hard.onset(above: 0.01)) < 0.005)
        #expect(soft.peak(from: 0, to: 0.4) < hard.peak(from: 0, to: 0.4))
    }

    /// The whole set-up as the app runs it, through `CHHapticEngine()`.
    @Test func theBounceAppRecords() throws {
        let recording = try recordApp(seconds: 0.5) {
            let bounce = BounceViewController()
            bounce.createAndStartHapticEngine()
            bounce.collision(normalizedMagnitude: 0.8)
        }
        #expect(recording.peak(from: 0, to: 0.1) > 0.1)
    }

    /// `playPattern(from:)` plays the file "once, now"; its falling intensity curve makes the
    /// tail fade.
    @Test func aPatternFilePlaysOnceNow() throws {
        let recording = try recordApp(seconds: 1) {
            let sampler = SamplerViewController()
            sampler.engine = try CHHapticEngine()
            sampler.playHapticsFile(named: "Boing")
            #expect(sampler.failures == 0)
        }
        #expect(try #require(recording.onset(above: 0.01)) < 0.005)
        #expect(recording.rms(from: 0.05, to: 0.15) > recording.rms(from: 0.35, to: 0.45))
        #expect(recording.peak(from: 0.8, to: 1) < 0.01)
    }
}
