import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import OpenCoreHaptics
import SoundFile
import Testing

@testable import OpenCoreHapticsEssentials

/// Custom audio through the API: an app names its own files (absolute paths, paths out of the
/// AHAP file's folder), every refusal says why with Core Haptics' code, and a looping resource
/// plays for its event's duration — by the one duration law the scheduler follows too.
@Suite struct AudioResourceTests {
    /// A mono 48 kHz float WAV of `seconds` of a 440 Hz tone at half scale.
    static func tone(_ dir: TempFolder, _ name: String, seconds: Double) throws -> String {
        let path = dir.path + "/" + name
        let frames = (0..<Int(seconds * 48_000)).map {
            Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 48_000))
        }
        var writer = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 1)
        try writer.write(frames)
        try writer.finish()
        return path
    }

    func code(_ body: () throws -> Void) -> (Int, String)? {
        do { try body() } catch let error as CHHapticError {
            return (error.code.rawValue, error.description)
        } catch { return nil }
        return nil
    }

    static func customAudio(_ path: String) -> [CHHapticPattern.Key: Any] {
        [
            .pattern: [
                [
                    CHHapticPattern.Key.event: [
                        CHHapticPattern.Key.eventType: "AudioCustom", .time: 0,
                        .eventWaveformPath: path,
                    ] as [CHHapticPattern.Key: Any]
                ]
            ]
        ]
    }

    @Test func anAbsolutePathToAFileThatExistsPlays() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let sound = try Self.tone(dir, "beep.wav", seconds: 0.2)
        let pattern = try CHHapticPattern(dictionary: Self.customAudio(sound))
        #expect(abs(pattern.duration - 0.2) < 1e-6)
        // From a file elsewhere, by absolute path and by `..`: the app's own files.
        let other = try TempFolder()
        defer { other.cleanUp() }
        let ahap = try other.write(
            "p.ahap",
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\#(sound)"}}]}"#
        )
        _ = try CHHapticPattern(contentsOf: URL(fileURLWithPath: ahap))
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.playPattern(from: URL(fileURLWithPath: ahap))
        #expect(try engine.advance(by: 0.3).contains { abs($0) > 0.1 })
    }

    @Test func aRefusalSaysWhyAndAMissingFileSaysWhereItLooked() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let missing = dir.path + "/none.wav"
        let notFound = try #require(
            code { _ = try CHHapticPattern(dictionary: Self.customAudio(missing)) })
        #expect(notFound.0 == -4830)
        #expect(notFound.1.contains("was not found (looked at \(missing))"))

        let fifo = dir.path + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try #require(
            code { _ = try CHHapticPattern(dictionary: Self.customAudio(fifo)) })
        #expect(refused.0 == -4824)
        #expect(refused.1.contains("not a regular file") && !refused.1.contains("not found"))

        let text = try dir.write("text.wav", "not audio")
        let notAudio = try #require(
            code { _ = try CHHapticPattern(dictionary: Self.customAudio(text)) })
        #expect(notAudio.0 == -4824 && !notAudio.1.contains("not found"))
    }

    /// `fileNotFound`: "The system couldn't find an audio file or haptic asset" — a resource
    /// URL with no file; a file that is not audio is an invalid resource.
    @Test func registeringAMissingFileIsFileNotFound() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        let missing = try #require(
            code { _ = try engine.registerAudioResource(URL(fileURLWithPath: dir.path + "/x.wav")) }
        )
        #expect(missing.0 == -4851)
        let text = try dir.write("text.wav", "not audio")
        let invalid = try #require(
            code { _ = try engine.registerAudioResource(URL(fileURLWithPath: text)) })
        #expect(invalid.0 == -4824)
    }

    /// Core Haptics refuses an audio parameter on a haptic event when the player is made
    /// (docs/ahap-format.md, Error codes), not when the pattern is.
    @Test func aParameterOfTheWrongFamilyIsRefusedByThePlayer() throws {
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [CHHapticEventParameter(parameterID: .audioVolume, value: 0.5)],
                    relativeTime: 0)
            ], parameters: [])
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        #expect(code { _ = try engine.makePlayer(with: pattern) }?.0 == -4820)
        #expect(code { _ = try engine.makeAdvancedPlayer(with: pattern) }?.0 == -4820)
    }

    /// `CHHapticAudioResourceKeyLoopEnabled` with an event's duration: the file repeats for the
    /// duration. The player's loop period and the scheduler's pattern duration are the same law
    /// (``CoreHapticsFacts/patternDuration(_:customAudioLengths:)``): a looping player of such a
    /// pattern starts each iteration when the event ends.
    @Test func aLoopingResourceLastsItsDurationForThePlayerAndTheScheduler() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let sound = try Self.tone(dir, "beep.wav", seconds: 0.25)
        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        let id = try engine.registerAudioResource(
            URL(fileURLWithPath: sound), options: [CHHapticAudioResourceKeyLoopEnabled: true])
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0.1, duration: 0.8)
            ], parameters: [])
        #expect(abs(pattern.duration - 0.9) < 1e-6)
        let player = try engine.makeAdvancedPlayer(with: pattern)
        let prepared = try #require(engine.core.locked { $0.players.values.first?.pattern })
        let timeline = Scheduler(sampleRate: 48_000, customAudioLengths: prepared.lengths)
            .schedule(prepared.model).timeline
        #expect(abs(prepared.duration - 0.9) < 1e-6)
        #expect(timeline.patternDurationSamples == Int64((prepared.duration * 48_000).rounded()))

        player.loopEnabled = true
        try player.start(atTime: 0)
        let samples = try engine.advance(by: 2)
        func level(_ from: Double, _ to: Double) -> Float {
            samples[(Int(from * 48_000) * 2)..<(Int(to * 48_000) * 2)].reduce(0) {
                max($0, abs($1))
            }
        }
        #expect(level(0.5, 0.85) > 0.1, "looping past the file's 0.25 s")
        #expect(
            level(0.92, 0.98) < 0.01,
            "silent between the event's end and the next iteration's start")
        #expect(level(1.05, 1.15) > 0.1, "the next iteration 0.9 s later")
    }
}
