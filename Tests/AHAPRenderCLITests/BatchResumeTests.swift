import Foundation
import HapticTestSupport
import Testing

/// `--skip-existing` and `--from-list`: resumable batches, sliced across machines.
@Suite struct BatchResumeTests {
    @Test func skipExistingKeepsWhatIsThereAndRendersTheRest() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for name in ["a", "b", "c"] { try dir.write("in/\(name).ahap", renderFixture) }
        let first = try CLI.run([
            "render", dir.path + "/in", "--output-dir", dir.path + "/out", "--quiet",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        // An interrupted batch: b is missing; a holds bytes a render would never write.
        let reference = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/b.wav"))
        try FileManager.default.removeItem(atPath: dir.path + "/out/b.wav")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: dir.path + "/out/a.wav"))

        let resumed = try CLI.run([
            "render", dir.path + "/in", "--output-dir", dir.path + "/out", "--skip-existing",
        ])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(
            resumed.stderr.contains("rendered 1 of 3 files")
                && resumed.stderr.contains("2 skipped (already there)"),
            "\(resumed.stderr)")
        #expect(resumed.stderr.contains("skipped \(dir.path)/out/a.wav"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/a.wav")) == Data("kept".utf8)
        )
        // rendered again, identically
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/b.wav")) == reference)
        #expect(listing(dir.path + "/out") == ["a.wav", "b.wav", "c.wav"])

        let contradiction = try CLI.run(["render", dir.path + "/in", "--skip-existing", "--force"])
        #expect(
            contradiction.status == 64
                && contradiction.stderr.contains("either --force or --skip-existing"))
    }

    @Test func fromListReadsPathsCommentsAndStandardInput() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for name in ["a", "b", "c", "d"] { try dir.write("cat/\(name).ahap", renderFixture) }
        // Relative to the current directory (the test runs the CLI in `dir`), CRLF, spaces.
        let list = try dir.write(
            "slice.txt", "# slice 1 of 2\n\ncat/a.ahap\r\n  cat/c.ahap  \n   # indented comment\n")
        let r = try CLI.runRaw(
            ["render", "--from-list", list, "--output-dir", "out"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        // Listed files mirror their path under --output-dir (OutputNaming.mirroredPath).
        #expect(listing(dir.path + "/out") == ["cat", "cat/a.wav", "cat/c.wav"])

        let fromStdin = try CLI.runRaw(
            ["render", "--from-list", "-", "--output-dir", "out2", "--quiet"],
            stdin: Data("cat/b.ahap\ncat/d.ahap\n".utf8), in: dir.path)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(listing(dir.path + "/out2") == ["cat", "cat/b.wav", "cat/d.wav"])
    }

    @Test func aListEntryThatNamesNothingIsAUsageErrorWithItsLine() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a.ahap", renderFixture)
        let list = try dir.write("list.txt", "a.ahap\n# fine so far\nmissing.ahap\n")
        let r = try CLI.runRaw(["render", "--from-list", list], in: dir.path)
        #expect(r.status == 64)
        #expect(
            r.stderr.contains("\(list):3: error: No such file or directory: missing.ahap"),
            "\(r.stderr)")
        #expect(listing(dir.path) == ["a.ahap", "list.txt"])  // nothing rendered

        let stdin = try CLI.runRaw(
            ["render", "--from-list", "-"], stdin: Data("\n\nnope.ahap\n".utf8), in: dir.path)
        #expect(
            stdin.status == 64
                && stdin.stderr.contains("<stdin>:3: error: No such file or directory: nope.ahap"),
            "\(stdin.stderr)")

        let none = try CLI.runRaw(["render"], in: dir.path)
        #expect(none.status == 64 && none.stderr.contains("--from-list"), "\(none.stderr)")
    }

    @Test func aListIsReadFromAPipeAndAnUnusableListIsNamedWithWhy() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a.ahap", renderFixture)
        // A process substitution is a pipe (/dev/fd/63): `find … | sort` without a file.
        let piped = try ExternalTool.run(
            "/bin/bash",
            [
                "-c", #"cd "$0" && exec "$1" render --from-list <(printf 'a.ahap\n') -o a.wav"#,
                dir.path, CLI.binary.path,
            ])
        #expect(piped.status == 0, "\(piped.err)")
        #expect(listing(dir.path) == ["a.ahap", "a.wav"])

        try dir.write("nul.txt", "a.ahap\u{0}b.ahap\n")
        let cases: [(list: String, message: String)] = [
            (".", ".: error: cannot read the input list: the file cannot be read (Is a directory)"),
            ("nul.txt", "nul.txt:1: error: the line holds a NUL byte"),
        ]
        for c in cases {
            let r = try CLI.runRaw(["render", "--from-list", c.list, "--force"], in: dir.path)
            #expect(r.status == 64 && r.stderr.contains(c.message), "\(c.list): \(r.stderr)")
        }
        #expect(listing(dir.path) == ["a.ahap", "a.wav", "nul.txt"])
    }

    /// `--skip-existing` counts the same outputs as done in render and generate: a file or a
    /// symbolic link (even dangling) is; a folder in the output's place is an error in both.
    @Test func skipExistingJudgesAnOutputAlikeInRenderAndGenerate() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try Hostile.floatWAV(at: dir.path + "/s.wav")
        let outputs = [("render", "p.ahap", "p.wav"), ("generate", "s.wav", "s.ahap")]
        for (command, input, output) in outputs {
            let target = dir.path + "/" + output
            #expect(symlink("/nonexistent/target", target) == 0)
            let dangling = try CLI.runRaw([command, input, "--skip-existing"], in: dir.path)
            #expect(
                dangling.status == 0 && dangling.stderr.contains("skipped \(output)"),
                "\(command): \(dangling.stderr)")
            #expect(unlink(target) == 0 && mkdir(target, 0o755) == 0)
            let folder = try CLI.runRaw([command, input, "--skip-existing"], in: dir.path)
            #expect(
                folder.status == 1 && folder.stderr.contains("is a directory"),
                "\(command): \(folder.stderr)")
            #expect(rmdir(target) == 0)
        }
        #expect(listing(dir.path) == ["p.ahap", "s.wav"])
    }
}
