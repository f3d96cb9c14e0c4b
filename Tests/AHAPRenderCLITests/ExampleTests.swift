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
}
