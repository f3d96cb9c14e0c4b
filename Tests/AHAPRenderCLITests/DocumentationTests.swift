import Foundation
import HapticTestSupport
import Testing

/// What the README and `--help` show is true: the examples do what they say, help texts keep
/// each example on its line, and the pages they point at exist. (Scripts/doc_examples.py runs
/// every command line of README.md and docs/*.md; CI runs it on the release build.)
@Suite struct DocumentationTests {
    static let commands = [
        "render", "play", "plot", "lint", "inspect", "bench", "actuator", "generate", "hls",
        "palette",
    ]

    /// The README's `--param` example changes what you hear: the render with it differs
    /// from the render without, where the README says (the first beat's second click).
    @Test func readmeParamExampleIsAudible() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let line = try #require(
            readme.split(separator: "\n").first {
                $0.hasPrefix("ahap-render render Examples/Patterns/Heartbeat.ahap --param ")
            }, "the README renders Heartbeat with --param")
        let words = line.split(separator: " ").map(String.init)
        let parameter = words[words.firstIndex(of: "--param")! + 1]
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = repositoryRoot + "/Examples/Patterns/Heartbeat.ahap"
        func acceleration(_ extra: [String], _ name: String) throws -> [Float] {
            let out = dir.path + "/\(name).wav"
            let r = try CLI.run(["render", input, "--layout", "haptic", "-o", out] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try readBack(out).samples
        }
        let plain = try acceleration([], "plain")
        let soft = try acceleration(["--param", parameter], "soft")
        #expect(plain.count == soft.count)
        // 0.16 s … 0.4 s: the second click and the swell's release, under the parameter.
        let window = 7_680..<19_200
        let ratio = rms(soft[window]) / rms(plain[window])
        #expect(ratio < 0.6, "the --param example barely changes the output (rms ratio \(ratio))")
    }

    /// Help examples are short enough not to wrap at 80 columns (ArgumentParser re-wraps
    /// longer lines, splitting a command in the middle); a long one continues with `\`.
    @Test func helpExamplesStayOnTheirLines() throws {
        for command in Self.commands {
            let help = try CLI.runRaw([command, "--help"], environment: ["COLUMNS": "80"])
            let lines = String(decoding: help.stdout, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("Example") }) else {
                Issue.record("\(command) --help has no examples")
                continue
            }
            var index = start + 1
            while index < lines.count, !lines[index].isEmpty {
                let line = lines[index]
                // ArgumentParser starts a wrapped piece at the margin, unindented.
                #expect(line.hasPrefix("  "), "\(command) --help: a wrapped example line: \(line)")
                #expect(line.count <= 80)
                if line.hasSuffix("\\") {
                    #expect(lines[index + 1].hasPrefix("      "), "\(command): \(line)")
                }
                index += 1
            }
        }
    }

    /// Help texts point at pages that exist (no "see the README" for what is elsewhere).
    @Test func helpPointsAtPagesThatExist() throws {
        for command in Self.commands {
            let help = try CLI.run([command, "--help"]).stdout
            #expect(!help.contains("README"), "\(command) --help sends the reader to the README")
            var rest = help[...]
            while let range = rest.range(of: "docs/") {
                let name = rest[range.lowerBound...].prefix { !" )\n,;".contains($0) }
                    .trimmingCharacters(in: CharacterSet(charactersIn: "."))
                #expect(
                    FileManager.default.fileExists(atPath: repositoryRoot + "/" + name),
                    "\(command) --help points at \(name), which does not exist")
                rest = rest[range.upperBound...]
            }
        }
        let profiles = try CLI.run(["render", "--help"]).stdout
        #expect(profiles.contains("docs/actuator-profiles.md"))
    }
}
