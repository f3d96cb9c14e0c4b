import Foundation
import OpenCoreHaptics
import Testing

// Snippets of Apple's Core Haptics documentation pages, as written there:
// - "Playing a single-tap haptic pattern" (developer.apple.com/documentation/corehaptics/
//   playing-a-single-tap-haptic-pattern): the dictionary literal, then a pattern and a player;
// - CHHapticEngine's overview ("Prepare your app to play haptics"): create, start, stop;
// - "Preparing your app to play haptics": the capability check, the reset and stopped handlers.

/// The host of the documentation's code: what the pages call `self` / `engine`.
final class DocumentationApp {
    var hapticEngine: CHHapticEngine!
    var engine: CHHapticEngine!
    var stoppedAfterStop = false

    func singleTap() throws {
        let hapticDict = [
            CHHapticPattern.Key.pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                        CHHapticPattern.Key.time: CHHapticTimeImmediate,
                        CHHapticPattern.Key.eventDuration: 1.0,
                    ]
                ]
            ]
        ]
        let pattern = try CHHapticPattern(dictionary: hapticDict)
        let player = try engine.makePlayer(with: pattern)
        try player.start(atTime: CHHapticTimeImmediate)
    }

    func createStartStop() {
        do {
            // (1.) Create an instance of a haptic engine.
            hapticEngine = try CHHapticEngine()

            // (2.) Start the haptic engine.
            try self.hapticEngine.start()
        } catch let error {
            print("Engine Error: \(error)")
        }

        // (3.) Stop the engine.
        self.hapticEngine.stop(completionHandler: { (_) -> Void in
            // Insert code to call after engine stops.
            self.stoppedAfterStop = true  // suite: what the test checks
        })
    }

    var supportsHaptics = false
    var resetCount = 0
    var stopReasons: [CHHapticEngine.StoppedReason] = []

    func prepare() {
        // Check if the device supports haptics.
        let hapticCapability = CHHapticEngine.capabilitiesForHardware()
        supportsHaptics = hapticCapability.supportsHaptics

        // Create and configure a haptic engine.
        do {
            engine = try CHHapticEngine()
        } catch let error {
            print("Engine Creation Error: \(error)")
        }

        // The reset handler provides an opportunity to restart the engine.
        engine.resetHandler = {
            print("Reset Handler: Restarting the engine.")
            self.resetCount += 1  // suite: what the test checks
            do {
                // Try restarting the engine.
                try self.engine.start()
            } catch {
                print("Failed to start the engine")
            }
        }

        // The stopped handler alerts you of engine stoppage.
        engine.stoppedHandler = { reason in
            print("Stop Handler: The engine stopped for reason: \(reason.rawValue)")
            self.stopReasons.append(reason)  // suite: what the test checks
            switch reason {
            case .audioSessionInterrupt: print("Audio session interrupt")
            case .applicationSuspended: print("Application suspended")
            case .idleTimeout: print("Idle timeout")
            case .systemError: print("System error")
            case .notifyWhenFinished: print("Playback finished")
            case .gameControllerDisconnect: print("Controller disconnected.")
            case .engineDestroyed: print("Engine destroyed.")
            @unknown default:
                print("Unknown error")
            }
        }

        // Start the haptic engine for the first time.
        do {
            try self.engine.start()
        } catch {
            print("Failed to start the engine: \(error)")
        }
    }
}

@Suite(.serialized) struct DocumentationSnippetTests {
    /// "The time is CHHapticTimeImmediate to indicate that the event begins immediately": a
    /// transient at the recording's start, over within a fraction of a second.
    @Test func aSingleTapPlaysOneTransientAtOnce() throws {
        let recording = try recordApp(seconds: 1) {
            let app = DocumentationApp()
            app.prepare()
            try app.singleTap()
        }
        #expect(recording.seconds == 1)
        let onset = try #require(recording.onset(above: 0.01))
        #expect(onset < 0.005, "it begins immediately")
        #expect(recording.peak(from: 0, to: 0.1) > 0.03)
        #expect(recording.peak(from: 0.5, to: 1) < 0.01, "a tap, not a vibration")
    }

    /// "Even though you can define a haptic pattern without an engine, you need the engine to
    /// play that pattern": create, start and stop run, the stop's completion handler is called,
    /// and the stopped handler is not (Apple: stop(completionHandler:) doesn't invoke it).
    @Test func theEngineStartsAndStopsAsTheOverviewShows() throws {
        let app = DocumentationApp()
        _ = try recordApp(seconds: 0.1) { app.createStartStop() }
        #expect(app.stoppedAfterStop)
        #expect(app.hapticEngine != nil)
    }

    /// The capability check is true (the simulation plays haptics), the engine starts, and
    /// neither handler is called while nothing stops it from outside.
    @Test func preparingTheAppLeavesAStartedEngine() throws {
        let app = DocumentationApp()
        let recording = try recordApp(seconds: 0.5) {
            app.prepare()
            try app.singleTap()
        }
        #expect(app.supportsHaptics)
        #expect(app.resetCount == 0 && app.stopReasons.isEmpty)
        #expect(recording.peak(from: 0, to: 0.1) > 0.03)
    }

    /// The dictionary literal's pattern lasts its event's duration (`duration`: "the start time
    /// of the pattern's last event or parameter, plus that event's duration").
    @Test func theSingleTapPatternLastsItsEventDuration() throws {
        let hapticDict = [
            CHHapticPattern.Key.pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: CHHapticEvent.EventType.hapticTransient,
                        CHHapticPattern.Key.time: 0.001,
                        CHHapticPattern.Key.eventDuration: 1.0,
                    ]  // End of first event
                ]  // End of first dictionary entry in the array
            ]  // End of array
        ]  // End of haptic dictionary
        let pattern = try CHHapticPattern(dictionary: hapticDict)
        #expect(abs(pattern.duration - 1.001) < 1e-6)
    }
}
