import Foundation
import HapticTestSupport
import Testing

/// `.hjif` through every command that reads patterns, by the registry entry alone: lint with
/// the path and line:column, convert both ways, render, inspect and plot.
@Suite struct HJIFCommandTests {
    /// A file with one error the lenient reader repairs (an amplitude above 1, line 9).
    static let repairable = """
        {"version": "2023", "profile": "Main", "level": 1, "date": "2025-01-01",
         "description": "cli", "timescale": 1000, "avatars": [], "syncs": [],
         "perceptions": [{"id": 0, "avatar_id": 0, "description": "", "perception_modality": "Vibrotactile",
          "effect_library": [], "channels": [{"id": 0, "description": "", "gain": 1,
          "mixing_coefficient": 1, "body_part_mask": 0, "bands": [
           {"band_type": "VectorialWave", "lower_frequency_limit": 65, "upper_frequency_limit": 300,
            "effects": [{"effect_type": "Basis", "position": 0, "keyframes": [
             {"relative_position": 0, "amplitude_modulation": 0.3, "frequency_modulation": 150},
             {"relative_position": 200, "amplitude_modulation": 1.5, "frequency_modulation": 150},
             {"relative_position": 400, "amplitude_modulation": 0}]}]}]}]}]}
        """

    @Test func lintSaysWhereAndWhat() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let file = try dir.write("ramp.hjif", Self.repairable)
        let strict = try CLI.run(["lint", file])
        #expect(strict.status == 1)
        #expect(
            strict.stdout.contains(
                "ramp.hjif:9:57: error: `perceptions[0].channels[0].bands[0].effects[0].keyframes[1].amplitude_modulation` is 1.5"
            ), "\(strict.stdout)")
        #expect(strict.stdout.contains("[hjif.value-out-of-range]"))
        let lenient = try CLI.run(["lint", "--lenient", file])
        #expect(lenient.status == 0 && lenient.stdout.contains("ramp.hjif:9:57: warning: "))
        // Found by content under another name too.
        let renamed = try dir.write("ramp.json", Self.repairable)
        #expect(
            try CLI.run(["lint", "--lenient", renamed]).stdout.contains("hjif.value-out-of-range"))
    }

    @Test func convertsBothWaysAndRenders() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let hjif = dir.path + "/Heartbeat.hjif"
        let there = try CLI.run([
            "convert", ConvertCommandTests.heartbeat, "--to", "hjif", "-o", hjif, "--report",
        ])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(there.stdout.contains("hjif "), "the report measures the .hjif target")
        let back = try CLI.run(["convert", hjif, "--to", "ahap", "-o", dir.path + "/back.ahap"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try CLI.run(["lint", dir.path + "/back.ahap"]).status == 0)
        let clip = try CLI.run(["convert", hjif, "--to", "haptic", "-o", dir.path + "/h.haptic"])
        #expect(clip.status == 0)
        #expect(try CLI.run(["lint", hjif]).status == 0, "the written file is valid, strictly")
        let render = try CLI.run(["render", hjif, "-o", dir.path + "/h.wav", "--quiet"])
        #expect(render.status == 0 && FileManager.default.fileExists(atPath: dir.path + "/h.wav"))
        #expect(try CLI.run(["inspect", hjif]).stdout.contains("HapticTransient"))
        #expect(try CLI.run(["plot", hjif, "-o", dir.path + "/h.svg"]).status == 0)
        // A folder contributes its .hjif files; the render is named after the input's extension.
        let folder = try CLI.run(["render", dir.path, "--output-dir", dir.path + "/wav", "--quiet"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/wav/Heartbeat.hjif.wav"))
    }
}
