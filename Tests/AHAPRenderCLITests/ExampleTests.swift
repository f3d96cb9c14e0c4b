import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// `swift run shield-and-texture` writes valid AHAP files and renders them.
@Suite struct ExampleTests {
    @Test func shieldAndTextureWritesStrictAHAPAndRendersIt() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let example = CLI.binary.deletingLastPathComponent().appendingPathComponent(
            "shield-and-texture")
        let process = Process()
        process.executableURL = example
        process.arguments = [dir.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let names = ["Grow", "Impact", "Rolling", "Sequence", "ShieldOn"]
        let sounds = ["Sounds", "Sounds/Impact.wav", "Sounds/ShieldOn.wav"]
        #expect(
            listing(dir.path) == (names.flatMap { ["\($0).ahap", "\($0).wav"] } + sounds).sorted())
        // Core Haptics would load every file, audio resources included.
        let lint = try CLI.run(["lint", "--strict", dir.path])
        #expect(lint.status == 0, "\(lint.stderr)")
        for name in names {
            let audio = try readBack(dir.path + "/\(name).wav")
            #expect(audio.channels == 2 && rms(audio.samples[...]) > 0.01, "\(name).wav is silent")
        }
    }

    /// Runs an example binary built beside the CLI with `arguments`; returns its standard output.
    private func runExample(_ name: String, _ arguments: [String]) throws -> String {
        let example = CLI.binary.deletingLastPathComponent().appendingPathComponent(name)
        let r = try ExternalTool.run(example.path, arguments)
        #expect(r.status == 0, "\(r.err)")
        return r.out
    }

    /// `swift run haptic-ricochet` renders its session deterministically, with the texture,
    /// every collision it reports standing out of it, and the shield's sound.
    @Test func hapticRicochetRendersItsSessionWithTheExpectedEnvelope() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let log = try runExample("haptic-ricochet", [dir.path + "/a"])
        _ = try runExample("haptic-ricochet", [dir.path + "/b"])
        #expect(
            listing(dir.path + "/a") == [
                "Sounds", "Sounds/Shield.wav", "session.html", "session.wav",
            ])
        let wav = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/a/session.wav"))
        #expect(
            wav == (try Data(contentsOf: URL(fileURLWithPath: dir.path + "/b/session.wav"))),
            "the same session twice")
        let html = try String(contentsOfFile: dir.path + "/a/session.html", encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("data:audio/wav;base64,"))

        let audio = try readBack(dir.path + "/a/session.wav")
        let left = channel(audio, 0)
        func window(_ from: Double, _ to: Double) -> ArraySlice<Float> {
            left[Int(from * 48_000)..<Int(to * 48_000)]
        }
        func peak(_ from: Double, _ to: Double) -> Float { window(from, to).map { abs($0) }.max()! }
        #expect(audio.frames == Int(8.3 * 48_000), "8 s of play and 0.3 s of ring-down")
        #expect(rms(window(0.1, 0.5)) > 0.001, "the texture rolls from the start")
        #expect(rms(window(3.0, 3.6)) > 10 * rms(window(2.4, 2.9)), "the shield's sound")
        #expect(rms(window(8.2, 8.3)) < 1e-4, "quiet after the texture stops")
        let collisions = log.split(separator: "\n").compactMap { line -> Double? in
            guard line.hasPrefix("collision at ") else { return nil }
            return Double(line.dropFirst("collision at ".count).prefix { $0 != " " })
        }
        #expect(collisions.count >= 8, "\(log)")
        for t in collisions where !(2.95...3.7).contains(t) {  // not under the shield's sound
            #expect(
                peak(t, t + 0.05) > 1.3 * peak(t - 0.1, t - 0.005),
                "the collision at \(t) s stands out")
        }
    }
}
