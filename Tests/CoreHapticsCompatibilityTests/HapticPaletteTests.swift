import Foundation
import OpenCoreHaptics
import Testing

// Apple's sample "Updating continuous and transient haptic parameters in real time"
// (HapticPalette): its ViewController's engine set-up, its continuous player, its transients and
// the dynamic parameters a touch sends. The view code (UIKit) is not here.

/// The sample's view controller, without its views.
final class PaletteViewController {
    // Haptic Engine & Player State:
    var engine: CHHapticEngine!
    var engineNeedsStart = true
    var continuousPlayer: CHHapticAdvancedPatternPlayer!
    var supportsHaptics = true

    // Constants
    let initialIntensity: Float = 1.0
    let initialSharpness: Float = 0.5

    var completions = 0

    /// - Tag: CreateAndStartEngine
    func createAndStartHapticEngine() {
        // Create and configure a haptic engine.
        do {
            engine = try CHHapticEngine()
        } catch let error {
            fatalError("Engine Creation Error: \(error)")
        }

        // Mute audio to reduce latency for collision haptics.
        engine.playsHapticsOnly = true

        // The stopped handler alerts you of engine stoppage.
        engine.stoppedHandler = { reason in
            print("Stop Handler: The engine stopped for reason: \(reason.rawValue)")
            switch reason {
            case .audioSessionInterrupt:
                print("Audio session interrupt")
            case .applicationSuspended:
                print("Application suspended")
            case .idleTimeout:
                print("Idle timeout")
            case .systemError:
                print("System error")
            case .notifyWhenFinished:
                print("Playback finished")
            case .gameControllerDisconnect:
                print("Controller disconnected.")
            case .engineDestroyed:
                print("Engine destroyed.")
            @unknown default:
                print("Unknown error")
            }
        }

        // The reset handler provides an opportunity to restart the engine.
        engine.resetHandler = {

            print("Reset Handler: Restarting the engine.")

            do {
                // Try restarting the engine.
                try self.engine.start()

                // Indicate that the next time the app requires a haptic, the app doesn't need to call engine.start().
                self.engineNeedsStart = false

                // Recreate the continuous player.
                self.createContinuousHapticPlayer()

            } catch {
                print("Failed to start the engine")
            }
        }

        // Start the haptic engine for the first time.
        do {
            try self.engine.start()
        } catch {
            print("Failed to start the engine: \(error)")
        }
    }

    /// - Tag: CreateContinuousPattern
    func createContinuousHapticPlayer() {
        // Create an intensity parameter:
        let intensity = CHHapticEventParameter(
            parameterID: .hapticIntensity,
            value: initialIntensity)

        // Create a sharpness parameter:
        let sharpness = CHHapticEventParameter(
            parameterID: .hapticSharpness,
            value: initialSharpness)

        // Create a continuous event with a long duration from the parameters.
        let continuousEvent = CHHapticEvent(
            eventType: .hapticContinuous,
            parameters: [intensity, sharpness],
            relativeTime: 0,
            duration: 100)

        do {
            // Create a pattern from the continuous haptic event.
            let pattern = try CHHapticPattern(events: [continuousEvent], parameters: [])

            // Create a player from the continuous haptic pattern.
            continuousPlayer = try engine.makeAdvancedPlayer(with: pattern)

        } catch let error {
            print("Pattern Player Creation Error: \(error)")
        }

        continuousPlayer.completionHandler = { _ in
            DispatchQueue.main.async {
                // Restore original color.
                // suite: (the sample restores its palette's colour here)
            }
            self.completions += 1  // suite: what the test checks
        }
    }

    /// Play a haptic transient pattern at the given time, intensity, and sharpness.
    func playHapticTransient(
        time: TimeInterval,
        intensity: Float,
        sharpness: Float
    ) {

        // Abort if the device doesn't support haptics.
        if !supportsHaptics {
            return
        }

        // Create an event (static) parameter to represent the haptic's intensity.
        let intensityParameter = CHHapticEventParameter(
            parameterID: .hapticIntensity,
            value: intensity)

        // Create an event (static) parameter to represent the haptic's sharpness.
        let sharpnessParameter = CHHapticEventParameter(
            parameterID: .hapticSharpness,
            value: sharpness)

        // Create an event to represent the transient haptic pattern.
        let event = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [intensityParameter, sharpnessParameter],
            relativeTime: 0)

        // Create a pattern from the haptic event.
        do {
            let pattern = try CHHapticPattern(events: [event], parameters: [])

            // Create a player to play the haptic pattern.
            let player = try engine.makePlayer(with: pattern)
            try player.start(atTime: CHHapticTimeImmediate)  // Play now.
        } catch let error {
            print("Error creating a haptic transient pattern: \(error)")
        }
    }

    /// The continuous palette's touch: its dynamic parameters (`dynamicIntensity`,
    /// `dynamicSharpness` are where the finger is).
    func continuousPalettePressed(dynamicIntensity: Float, dynamicSharpness: Float) {
        // Create dynamic parameters for the updated intensity & sharpness.
        let intensityParameter = CHHapticDynamicParameter(
            parameterID: .hapticIntensityControl,
            value: dynamicIntensity,
            relativeTime: 0)

        let sharpnessParameter = CHHapticDynamicParameter(
            parameterID: .hapticSharpnessControl,
            value: dynamicSharpness,
            relativeTime: 0)

        // Send dynamic parameters to the haptic player.
        do {
            try continuousPlayer.sendParameters(
                [intensityParameter, sharpnessParameter],
                atTime: 0)
        } catch let error {
            print("Dynamic Parameter Error: \(error)")
        }
    }

    func startContinuous() {
        do {
            // Begin playing continuous pattern.
            try continuousPlayer.start(atTime: CHHapticTimeImmediate)
        } catch let error {
            print("Error starting the continuous haptic player: \(error)")
        }
    }

    func stopContinuous() {
        // Stop playing the haptic pattern.
        do {
            try continuousPlayer.stop(atTime: CHHapticTimeImmediate)
        } catch let error {
            print("Error stopping the continuous haptic player: \(error)")
        }
    }
}

@Suite(.serialized) struct HapticPaletteTests {
    /// The engine set-up runs unchanged (`playsHapticsOnly`, both handlers), and a transient
    /// "plays now".
    @Test func theEngineSetUpAndATransientRunAsAnApp() throws {
        let recording = try recordApp(seconds: 0.5) {
            let palette = PaletteViewController()
            palette.createAndStartHapticEngine()
            palette.createContinuousHapticPlayer()
            palette.playHapticTransient(time: 0, intensity: 1, sharpness: 0.5)
        }
        #expect(try #require(recording.onset(above: 0.01)) < 0.005)
        #expect(recording.peak(from: 0.3, to: 0.5) < 0.01)
    }

    /// "A continuous event with a long duration": it sounds while the finger is down, follows
    /// the intensity control (the sample maps the touch's height to it), and stops — calling
    /// the completion handler — when the finger lifts.
    @Test func theContinuousPlayerFollowsTheTouchAndStops() throws {
        let palette = PaletteViewController()
        palette.engine = try offlineEngine()
        try palette.engine.start()
        palette.createContinuousHapticPlayer()
        palette.startContinuous()
        palette.continuousPalettePressed(dynamicIntensity: 1, dynamicSharpness: 0)
        let loud = try palette.engine.play(0.5)
        palette.continuousPalettePressed(dynamicIntensity: 0.2, dynamicSharpness: 0)
        let quiet = try palette.engine.play(0.5)
        palette.stopContinuous()
        let after = try palette.engine.play(0.5)
        #expect(loud.rms(from: 0.2, to: 0.5) > 0.05, "it vibrates while pressed")
        #expect(quiet.rms(from: 0.2, to: 0.5) < loud.rms(from: 0.2, to: 0.5) / 3)
        #expect(after.rms(from: 0.3, to: 0.5) < 0.001, "lifting the finger stops it")
        #expect(palette.completions == 1)
    }

    /// `playsHapticsOnly`, which the sample sets "to reduce latency": no audio. An audio event
    /// on the same engine stays silent.
    @Test func playsHapticsOnlySilencesAudio() throws {
        let palette = PaletteViewController()
        palette.engine = try offlineEngine()
        palette.engine.playsHapticsOnly = true
        try palette.engine.start()
        let tone = CHHapticEvent(
            eventType: .audioContinuous, parameters: [], relativeTime: 0, duration: 0.3)
        try palette.engine.makePlayer(with: CHHapticPattern(events: [tone], parameters: []))
            .start(atTime: 0)
        #expect(try palette.engine.play(0.3).peak(from: 0, to: 0.3) == 0)
    }
}
