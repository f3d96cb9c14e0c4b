import Foundation
import HapticTestSupport
import SoundFile
import Testing

@testable import OpenCoreHapticsEssentials

/// `OPENCOREHAPTICS_OUTPUT` (and `OPENCOREHAPTICS_DURATION`) make `CHHapticEngine()` record into
/// a file: bad settings are refused with the variable's name, the recording starts with the
/// first player, is the same on every run and equals what an offline engine renders of the
/// same calls.
@Suite struct EnvironmentRecordingTests {
    func refusal(_ environment: [String: String]) -> String? {
        do {
            _ = try EnvironmentRecording.requested(by: environment)
            return nil
        } catch let error as CHHapticError {
            #expect(error.code == .invalidEngineParameter)
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func badSettingsAreRefusedWithTheVariablesName() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        #expect(try EnvironmentRecording.requested(by: [:]) == nil)
        #expect(try EnvironmentRecording.requested(by: ["OPENCOREHAPTICS_OUTPUT": ""]) == nil)
        #expect(
            refusal(["OPENCOREHAPTICS_OUTPUT": dir.path + "/out.flac"])?.contains(".wav") == true)
        #expect(refusal(["OPENCOREHAPTICS_OUTPUT": dir.path + "/"]) != nil)
        #expect(
            refusal(["OPENCOREHAPTICS_OUTPUT": dir.path + "/no/such/folder/out.wav"])?
                .contains("does not exist") == true)
        for duration in ["0", "-1", "nan", "inf", "1e9", "two"] {
            #expect(
                refusal([
                    "OPENCOREHAPTICS_OUTPUT": dir.path + "/out.wav",
                    "OPENCOREHAPTICS_DURATION": duration,
                ])?.contains("OPENCOREHAPTICS_DURATION") == true, "duration \(duration)")
        }
        #expect(
            refusal(["OPENCOREHAPTICS_DURATION": "1"])?.contains("OPENCOREHAPTICS_OUTPUT") == true)
        // A folder that cannot be written is refused when the engine is made.
        let locked = dir.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        if getuid() != 0 {  // root writes anywhere
            #expect(throws: CHHapticError.self) {
                _ = try CHHapticEngine(
                    simulation: .init(),
                    recording: EnvironmentRecording(path: locked + "/out.wav", duration: 1))
            }
        }
    }

    /// What an app does: start the engine, make a player, start it, let the engine go. With a
    /// duration the file lasts it exactly, and starts with the first player's start.
    func recordSession(into path: String, duration: Double?) throws {
        let engine = try CHHapticEngine(
            simulation: .init(), recording: EnvironmentRecording(path: path, duration: duration))
        try engine.start()
        let player = try engine.makePlayer(with: CHHapticPattern(ahap: Array(Self.pattern.utf8)))
        try player.start(atTime: CHHapticTimeImmediate)
        if duration == nil { usleep(400_000) }  // the pace of a device: let it play
    }

    static let pattern = """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0.05, "EventType": "HapticContinuous", "EventDuration": 0.2,
            "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.7}]}},
          {"Event": {"Time": 0.1, "EventType": "AudioContinuous", "EventDuration": 0.1}}
        ]}
        """

    @Test func aRecordingWithADurationIsTheOfflineRenderEveryTime() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try recordSession(into: dir.path + "/a.wav", duration: 0.5)
        try recordSession(into: dir.path + "/b.wav", duration: 0.5)
        let a = try SoundFile.read(path: dir.path + "/a.wav")
        let b = try SoundFile.read(path: dir.path + "/b.wav")
        #expect(a.frames == 24_000)
        #expect(a.samples == b.samples, "the same on every run")

        let offline = try CHHapticEngine(simulation: .init(output: .offline))
        try offline.start()
        try offline.makePlayer(with: CHHapticPattern(ahap: Array(Self.pattern.utf8)))
            .start(atTime: 0)
        let expected = try offline.advance(by: 0.5)
        #expect(a.samples == expected, "what an offline engine renders of the same calls")
    }

    /// Without a duration the engine plays at a device's pace, and the file is complete when
    /// the engine is released, holding what was played until then.
    @Test func aRecordingAtTheEnginesPaceEndsWithTheEngine() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = dir.path + "/paced.wav"
        try recordSession(into: path, duration: nil)
        let recording = try SoundFile.read(path: path)
        #expect(recording.frames >= 12_000 && recording.frames < 48_000 * 5)
        #expect(recording.samples.prefix(4_800).contains { abs($0) > 0.05 })
    }
}
