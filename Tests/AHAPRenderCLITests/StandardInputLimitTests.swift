import Foundation
import HapticTestSupport
import Testing

/// Standard input is read within the limit a file of its kind has: past it a command stops
/// reading and fails with that file's error, so an endless stream (`ahap-render lint - <
/// /dev/zero`) ends at once with a message instead of filling the memory.
@Suite struct StandardInputLimitTests {
    /// Runs the CLI in `directory` with standard input from `/dev/zero`, which never ends.
    static func fromEndlessInput(_ arguments: [String], in directory: String) throws -> (
        status: Int32, text: String
    ) {
        let r = try ExternalTool.run(
            "/bin/sh",
            ["-c", #"cd "$0" && exec "$@" < /dev/zero"#, directory, CLI.binary.path] + arguments)
        return (r.status, r.err + r.out)
    }

    @Test func everyReaderOfStandardInputStopsAtItsLimit() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let pattern = "more than the limit of 67108864 bytes (maxInputBytes)"
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["lint", "-"], 1, pattern),
            (["inspect", "-"], 1, pattern),
            (["render", "-", "-o", "x.wav"], 1, pattern),
            (["plot", "-", "-o", "x.svg"], 1, pattern),
            (
                ["convert", "-", "--to", "haptic", "-o", "x.haptic"], 1,
                "more than the limit of 67108864 bytes"
            ),
            (["hls", "-", "--haptics", "t.ahap"], 1, "too large for a playlist"),
            (["actuator", "-"], 1, "an actuator profile is at most 1 MB"),
            (
                ["render", "--from-list", "-"], 64,
                "<stdin>: error: cannot read the input list: the file is more than"
            ),
        ]
        for c in cases {
            let r = try Self.fromEndlessInput(c.arguments, in: dir.path)
            #expect(r.status == c.status, "\(c.arguments): \(r.text)")
            #expect(r.text.contains(c.message), "\(c.arguments): \(r.text)")
        }
        #expect(listing(dir.path) == [])
    }

    @Test func generateStopsCopyingAStreamThatIsNoSoundFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let r = try Self.fromEndlessInput(["generate", "-", "-o", "x.ahap"], in: dir.path)
        #expect(r.status == 1 && r.text.contains("<stdin>: error: not readable audio"), "\(r.text)")
        #expect(listing(dir.path) == [])
    }

    @Test func generatedMetadataNamesStandardInputNotItsCopy() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try Hostile.floatWAV(at: dir.path + "/s.wav")
        let audio = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/s.wav"))
        let r = try CLI.runRaw(["generate", "-", "-o", "g.ahap"], stdin: audio, in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: dir.path + "/g.ahap", encoding: .utf8)
        #expect(text.contains(#""Source": "<stdin>""#) && !text.contains("/dev/fd"), "\(text)")
    }
}
