import Foundation
import OpenCoreHaptics
import Testing

// Apple's sample "Delivering rich app experiences with haptics" (HapticRicochet,
// WWDC21 "Practice audio haptic design"): ViewController+Haptics.swift — AHAP files read with
// JSONSerialization and cast to [CHHapticPattern.Key: Any], players for each, the texture's
// dynamic intensity, collisions whose intensity and volume follow the impact. The AHAP files
// are the suite's own (the sample's are its assets); one plays a sound by absolute path.

enum SphereState { case none, small, large, shield }

/// The sample's view controller, without its views and physics.
final class RicochetViewController {
    var engine: CHHapticEngine!
    var engineNeedsStart = true
    var supportsHaptics = true
    var rollingTextureEnabled = true
    var sphereState = SphereState.small

    var spawnPlayer: CHHapticPatternPlayer!
    var growPlayer: CHHapticPatternPlayer!
    var shieldPlayer: CHHapticPatternPlayer!
    var implodePlayer: CHHapticPatternPlayer!
    var texturePlayer: CHHapticAdvancedPatternPlayer!
    var collisionPlayerSmall: CHHapticPatternPlayer!
    var collisionPlayerLarge: CHHapticPatternPlayer!
    var collisionPlayerShield: CHHapticPatternPlayer!

    func createAndStartHapticEngine() {
        guard supportsHaptics else { return }

        // Create and configure a haptic engine.
        do {
            engine = try CHHapticEngine()  // suite: the sample passes its AVAudioSession
        } catch let error {
            fatalError("Engine Creation Error: \(error)")
        }

        // The stopped handler alerts engine stoppage.
        engine.stoppedHandler = { reason in
            print("Stop Handler: The engine stopped for reason: \(reason.rawValue)")
            switch reason {
            case .audioSessionInterrupt:
                print("Audio session interrupt.")
            case .applicationSuspended:
                print("Application suspended.")
            case .idleTimeout:
                print("Idle timeout.")
            case .notifyWhenFinished:
                print("Finished.")
            case .systemError:
                print("System error.")
            case .engineDestroyed:
                print("Engine destroyed.")
            case .gameControllerDisconnect:
                print("Controller disconnected.")
            @unknown default:
                print("Unknown error")
            }

            // Indicate that the next time the app requires a haptic, the app must call engine.start().
            self.engineNeedsStart = true
        }

        // The reset handler notifies the app that it must reload all of its content.
        // If necessary, it recreates all players and restarts the engine in response to a server restart.
        engine.resetHandler = {
            print("The engine reset --> Restarting now!")

            // Tell the app to start the engine the next time a haptic is necessary.
            self.engineNeedsStart = true
        }

        // Start the haptic engine to prepare it for use.
        do {
            try engine.start()

            // Indicate that the next time the app requires a haptic, the app doesn't need to call engine.start().
            engineNeedsStart = false
        } catch let error {
            print("The engine failed to start with error: \(error)")
        }
    }

    func initializeCollisionHaptics() {
        // Create a collision player for each ball state.
        let collisionPatternSmall = createPatternFromAHAP("CollisionSmall")!
        collisionPlayerSmall = try? engine.makePlayer(with: collisionPatternSmall)

        let collisionPatternLarge = createPatternFromAHAP("CollisionLarge")!
        collisionPlayerLarge = try? engine.makePlayer(with: collisionPatternLarge)

        let collisionPatternShield = createPatternFromAHAP("CollisionShield")!
        collisionPlayerShield = try? engine.makePlayer(with: collisionPatternShield)
    }

    func initializeTextureHaptics() {
        // Create a texture player.
        let texturePattern = createPatternFromAHAP("Texture")!
        texturePlayer = try? engine.makeAdvancedPlayer(with: texturePattern)
        texturePlayer?.loopEnabled = true
    }

    func initializeSpawnHaptics() {
        // Create a pattern from the spawn asset.
        let pattern = createPatternFromAHAP("Spawn")!

        // Create a player from the spawn pattern.
        spawnPlayer = try? engine.makePlayer(with: pattern)
    }

    private func createPatternFromAHAP(_ filename: String) -> CHHapticPattern? {
        // Get the URL for the pattern in the app bundle.
        // suite: `RicochetAssets` for the app's bundle, `Bundle.main`
        let patternURL = RicochetAssets.url(forResource: filename, withExtension: "ahap")!

        do {
            // Read JSON data from the URL.
            let patternJSONData = try Data(contentsOf: patternURL, options: [])

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

    func startPlayer(_ player: CHHapticPatternPlayer) {
        guard supportsHaptics else { return }
        do {
            try startHapticEngineIfNecessary()
            try player.start(atTime: CHHapticTimeImmediate)
        } catch let error {
            print("Error starting haptic player: \(error)")
        }
    }

    func stopPlayer(_ player: CHHapticPatternPlayer) {
        guard supportsHaptics else { return }

        do {
            try startHapticEngineIfNecessary()
            try player.stop(atTime: CHHapticTimeImmediate)
        } catch let error {
            print("Error stopping haptic player: \(error)")
        }
    }

    func startTexturePlayerIfNecessary() {
        guard supportsHaptics, rollingTextureEnabled else { return }

        // Create and send a dynamic parameter with zero intensity at the start of
        // the texture playback. The intensity dynamically modulates as the
        // sphere moves, but it starts from zero.
        let zeroIntensityParameter = CHHapticDynamicParameter(
            parameterID: .hapticIntensityControl,
            value: 0,
            relativeTime: 0)
        do {
            try startHapticEngineIfNecessary()
            try texturePlayer.sendParameters([zeroIntensityParameter], atTime: 0)
        } catch let error {
            print("Dynamic Parameter Error: \(error)")
        }

        startPlayer(texturePlayer)
    }

    func updateTexturePlayer(_ magnitude: Float) {
        // Create dynamic parameters for the updated intensity.
        let intensityValue = linearInterpolation(alpha: magnitude, min: 0.05, max: 0.45)
        let intensityParameter = CHHapticDynamicParameter(
            parameterID: .hapticIntensityControl,
            value: intensityValue,
            relativeTime: 0)
        // Send dynamic parameter to the haptic player.
        do {
            try startHapticEngineIfNecessary()

            switch sphereState {
            case .none:
                break
            case .small, .large, .shield:
                try texturePlayer.sendParameters(
                    [intensityParameter],
                    atTime: 0)
            }
        } catch let error {
            print("Dynamic Parameter Error: \(error)")
        }
    }

    private func linearInterpolation(alpha: Float, min: Float, max: Float) -> Float {
        return min + alpha * (max - min)
    }

    func playCollisionHaptic(_ normalizedMagnitude: Float) {
        do {
            // Create dynamic parameters for the current magnitude.
            let intensityValue = linearInterpolation(
                alpha: normalizedMagnitude, min: 0.375, max: 1.0)
            let intensityParameter = CHHapticDynamicParameter(
                parameterID: .hapticIntensityControl,
                value: intensityValue,
                relativeTime: 0)
            let volumeValue = linearInterpolation(alpha: normalizedMagnitude, min: 0.1, max: 1.0)
            let volumeParameter = CHHapticDynamicParameter(
                parameterID: .audioVolumeControl,
                value: volumeValue,
                relativeTime: 0)

            try startHapticEngineIfNecessary()

            switch sphereState {
            case .small:
                try collisionPlayerSmall.sendParameters(
                    [intensityParameter, volumeParameter], atTime: CHHapticTimeImmediate)
                try collisionPlayerSmall.start(atTime: CHHapticTimeImmediate)
            case .large:
                try collisionPlayerLarge.sendParameters(
                    [intensityParameter, volumeParameter], atTime: CHHapticTimeImmediate)
                try collisionPlayerLarge.start(atTime: CHHapticTimeImmediate)
            case .shield:
                try collisionPlayerShield.sendParameters(
                    [intensityParameter, volumeParameter], atTime: CHHapticTimeImmediate)
                try collisionPlayerShield.start(atTime: CHHapticTimeImmediate)
            default:
                print("No action for the collision during: \(sphereState)")
            }
        } catch let error {
            print("Haptic Playback Error: \(error)")
        }
    }

    func startHapticEngineIfNecessary() throws {
        if engineNeedsStart {
            try engine.start()
            engineNeedsStart = false
        }
    }

    func restartHapticEngine() {
        self.engine.start { error in
            if let error = error {
                print("Haptic Engine Startup Error: \(error)")
                return
            }
            self.engineNeedsStart = false
        }
    }

    func stopHapticEngine() {
        self.engine.stop { error in
            if let error = error {
                print("Haptic Engine Shutdown Error: \(error)")
                return
            }
            self.engineNeedsStart = true
        }
    }
}

/// The suite's AHAP files for the sample's names, in a folder of its own (the sample's bundle).
enum RicochetAssets {
    static let folder: String = {
        let path = AppRecording.folder + "/Ricochet"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // A 0.25 s tone: the spawn's sound, named by absolute path.
        let sound = path + "/Spawn.wav"
        let frames = (0..<12_000).map {
            Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 48_000))
        }
        try? wav(frames).write(to: URL(fileURLWithPath: sound))
        let files = [
            "Spawn": """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 0.6,
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                                    {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
              {"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "\(sound)",
                "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.8}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.0,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2},
                                                {"Time": 0.6, "ParameterValue": 1.0}]}}
            ]}
            """,
            "Texture": """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticTransient",
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}},
              {"Event": {"Time": 0.05, "EventType": "HapticTransient",
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.6}]}},
              {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventDuration": 0.05}}
            ]}
            """,
        ]
        for (name, text) in files {
            try? text.write(toFile: path + "/\(name).ahap", atomically: true, encoding: .utf8)
        }
        for name in ["CollisionSmall", "CollisionLarge", "CollisionShield"] {
            let sharpness = name == "CollisionShield" ? 0.9 : name == "CollisionLarge" ? 0.3 : 0.6
            try? """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticTransient",
                "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                                    {"ParameterID": "HapticSharpness", "ParameterValue": \(sharpness)}]}},
              {"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 0.1,
                "EventParameters": [{"ParameterID": "Sustained", "ParameterValue": 0}]}}
            ]}
            """.write(toFile: path + "/\(name).ahap", atomically: true, encoding: .utf8)
        }
        return path
    }()

    static func url(forResource name: String, withExtension ext: String) -> URL? {
        let path = folder + "/\(name).\(ext)"
        return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }

    /// A mono float32 WAV file of `frames` at 48 kHz.
    static func wav(_ frames: [Float]) -> Data {
        func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
            withUnsafeBytes(of: v.littleEndian, Array.init)
        }
        let body = frames.withUnsafeBytes { [UInt8]($0) }
        var d = Array("RIFF".utf8) + le(UInt32(36 + body.count)) + Array("WAVEfmt ".utf8)
        d += le(UInt32(16)) + le(UInt16(3)) + le(UInt16(1)) + le(UInt32(48_000))
        d += le(UInt32(48_000 * 4)) + le(UInt16(4)) + le(UInt16(32))
        d += Array("data".utf8) + le(UInt32(body.count)) + body
        return Data(d)
    }
}

@Suite(.serialized) struct HapticRicochetTests {
    /// The sample's loading code — `JSONSerialization.jsonObject(with:) as? [CHHapticPattern.Key:
    /// Any]`, then `CHHapticPattern(dictionary:)` — gives its players, and the spawn plays: its
    /// buzz, and its sound, which the AHAP file names by absolute path.
    @Test func theSpawnPatternLoadsThroughJSONSerializationAndPlays() throws {
        let app = RicochetViewController()
        let recording = try recordApp(seconds: 1) {
            app.createAndStartHapticEngine()
            app.initializeSpawnHaptics()
            app.initializeTextureHaptics()
            app.initializeCollisionHaptics()
            app.startPlayer(app.spawnPlayer)
        }
        #expect(app.spawnPlayer != nil && app.texturePlayer != nil)
        #expect(app.collisionPlayerSmall != nil && app.collisionPlayerShield != nil)
        #expect(try #require(recording.onset(above: 0.01)) < 0.01)
        #expect(recording.rms(from: 0.1, to: 0.25) > 0.05, "the sound and the buzz")
        #expect(recording.peak(from: 0.9, to: 1) < 0.01)
    }

    /// The texture loops ("loopEnabled = true"), silent until the ball rolls (its first
    /// parameter is zero intensity), then as strong as the roll.
    @Test func theTextureLoopsAtTheRollsIntensity() throws {
        let app = RicochetViewController()
        app.engine = try offlineEngine()
        try app.engine.start()
        app.engineNeedsStart = false
        app.initializeTextureHaptics()
        app.startTexturePlayerIfNecessary()
        let still = try app.engine.play(0.5)
        app.updateTexturePlayer(1)
        let rolling = try app.engine.play(1.0)
        #expect(still.peak(from: 0, to: 0.5) < 0.001, "zero intensity at the start")
        #expect(rolling.peak(from: 0.5, to: 1.0) > 0.01, "still ticking after the pattern's end")
        app.stopPlayer(app.texturePlayer)
        #expect(try app.engine.play(0.5).peak(from: 0.3, to: 0.5) < 0.001)
    }

    /// A collision's strength follows the impact: intensity (and volume) controls sent before
    /// each start.
    @Test func collisionsAreAsStrongAsTheirImpact() throws {
        let app = RicochetViewController()
        app.engine = try offlineEngine()
        try app.engine.start()
        app.engineNeedsStart = false
        app.initializeCollisionHaptics()
        app.playCollisionHaptic(1)
        let hard = try app.engine.play(0.3)
        app.playCollisionHaptic(0)
        let soft = try app.engine.play(0.3)
        #expect(soft.peak(from: 0, to: 0.3) < hard.peak(from: 0, to: 0.3) * 0.6)
        #expect(soft.peak(from: 0, to: 0.3) > 0.01)
    }

    /// `stop` and `start` with completion handlers, as the sample calls them when the app goes
    /// to the background and back.
    @Test func theEngineStopsAndRestartsWithCompletionHandlers() throws {
        let app = RicochetViewController()
        _ = try recordApp(seconds: 0.1) {
            app.createAndStartHapticEngine()
            app.stopHapticEngine()
            #expect(app.engineNeedsStart)
            app.restartHapticEngine()
            #expect(!app.engineNeedsStart)
        }
    }
}
