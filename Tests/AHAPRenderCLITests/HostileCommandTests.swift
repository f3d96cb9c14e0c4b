import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// Every command as an attacker and an unlucky user would run it (issue 30): each case states
/// the exit status and the message, and checks that nothing partial is left and no input
/// changed (``Hostile/expectIntact(_:since:inputs:sourceLocation:)``).
@Suite struct HostileCommandTests {
    @Test func noCommandOverwritesAnInputWhateverNamesIt() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try dir.write("p.svg", renderFixture)  // an AHAP file that happens to end in .svg
        try Hostile.floatWAV(at: dir.path + "/s.wav")
        try dir.write("x.ahap", Hostile.patternWithAudio("s.wav"))
        try dir.write("prof.json", #"{"base": "iphone", "resonanceHz": 160}"#)
        #expect(symlink("s.wav", dir.path + "/link.wav") == 0)
        #expect(symlink("s.wav", dir.path + "/link.ahap") == 0)
        #expect(symlink("prof.json", dir.path + "/prof.svg") == 0)
        #expect(link(dir.path + "/p.ahap", dir.path + "/hard.wav") == 0)
        let inputs = ["p.ahap", "p.svg", "s.wav", "x.ahap", "prof.json"]
        let before = FolderSnapshot(dir.path)
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (
                ["render", "p.ahap", "-o", "p.ahap", "--force", "--type", "wav"], 64,
                "is the input"
            ),
            (
                ["render", "p.ahap", "--mix-with", "s.wav", "-o", "s.wav", "--force"], 64,
                "is the input"
            ),
            (
                ["render", "p.ahap", "--mix-with", "s.wav", "-o", "link.wav", "--force"], 64,
                "is the input"
            ),
            (["render", "p.ahap", "-o", "hard.wav", "--force"], 64, "is the input"),
            // The AudioCustom file is read while preparing: the writer refuses it then.
            (["render", "x.ahap", "-o", "./s.wav", "--force"], 1, "refusing to overwrite it"),
            (["generate", "s.wav", "-o", "./s.wav", "--force"], 64, "is the input"),
            (["generate", "s.wav", "-o", "link.ahap", "--force"], 64, "is the input"),
            (["plot", "p.svg", "-o", "p.svg", "--force"], 64, "is the input"),
            (
                ["plot", "p.ahap", "--mix-with", "s.wav", "-o", "link.wav.svg", "--force"], 0,
                "wrote"
            ),
            (["actuator", "prof.json", "-o", "prof.svg", "--force"], 64, "is the input"),
        ]
        for c in cases {
            let r = try Hostile.run(c.arguments, in: dir.path)
            #expect(r.status == c.status, "\(c.arguments): \(r.stderr)")
            #expect(r.stderr.contains(c.message), "\(c.arguments): \(r.stderr)")
        }
        Hostile.expectIntact(dir.path, since: before, inputs: inputs)
    }

    @Test func raisedLimitsAreRefusedNotTrapped() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try Hostile.floatWAV(at: dir.path + "/s.wav")
        let before = FolderSnapshot(dir.path)
        let cases: [(arguments: [String], message: String)] = [
            (
                ["render", "p.ahap", "--max-duration", "1e308", "--duration", "1e30"],
                "at most 86400"
            ),
            (["render", "p.ahap", "--duration", "1e30"], "longer than the render limit"),
            (["render", "p.ahap", "--jobs", "100000"], "--jobs must be 1 to 256"),
            (
                ["render", "p.ahap", "--max-voices", "9223372036854775807"],
                "--max-voices must be 1 to"
            ),
            (["render", "p.ahap", "--max-polyphony", "0"], "--max-polyphony must be 1 to"),
            (["render", "p.ahap", "--max-audio-memory", "9223372036854775807"], "must be 1 to"),
            (["generate", "s.wav", "--max-input-duration", "1e15"], "at most 86400"),
            (["generate", "s.wav", "--jobs", "0"], "--jobs must be 1 to 256"),
            (
                ["plot", "p.ahap", "-o", "w.svg", "--width", "1000000000"],
                "--width must be 480 to 16384"
            ),
            (
                ["plot", "p.ahap", "-o", "w.svg", "--width", "9223372036854775807"],
                "--width must be"
            ),
            (["bench", "p.ahap", "--iterations", "1000000000"], "--iterations must be 1 to"),
            (["lint", "p.ahap", "--max-events", "99999999999"], "--max-events must be 1 to"),
        ]
        for c in cases {
            let r = try Hostile.run(c.arguments, in: dir.path)
            #expect(r.status == 64, "\(c.arguments): \(r.stderr)")
            #expect(r.stderr.contains(c.message), "\(c.arguments): \(r.stderr)")
        }
        // A rate that makes the pattern endless is a limit error of the file, not a trap.
        let slow = try Hostile.run(["render", "p.ahap", "--rate", "1e-300"], in: dir.path)
        #expect(slow.status == 1 && slow.stderr.contains("[limit.duration]"), "\(slow.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["p.ahap", "s.wav"])
        #expect(listing(dir.path) == ["p.ahap", "s.wav"])
    }

    @Test func hostileActuatorProfilesAreErrorsNamingTheField() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        let fields = [
            ("driveBandMinHz", #""driveBandMinHz": 1e-300, "driveBandMaxHz": 2e-300"#),
            ("qHiZ", #""qHiZ": 1e16"#), ("voltageClamp", #""voltageClamp": 1e-100"#),
            ("fullScaleG", #""fullScaleG": 1e-40"#), ("locationFactor", #""locationFactor": 1e40"#),
        ]
        for (field, json) in fields {
            try dir.write("bad.json", #"{"base": "iphone", "# + json + "}")
            let render = try Hostile.run(
                ["render", "p.ahap", "--actuator", "bad.json", "--jobs", "2", "-o", "o.wav"],
                in: dir.path)
            #expect(render.status == 1 && render.stderr.contains("'\(field)'"), "\(render.stderr)")
            let sheet = try Hostile.run(["actuator", "bad.json"], in: dir.path)
            #expect(sheet.status == 1 && sheet.stderr.contains("'\(field)'"), "\(sheet.stderr)")
        }
        #expect(listing(dir.path) == ["bad.json", "p.ahap"])
    }

    @Test func unusableSamplesAreReadAsZeroWithAWarningInEveryCommand() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try Hostile.floatWAV(at: dir.path + "/nan.wav", bad: [1_000: .nan, 2_000: .infinity])
        try dir.write("x.ahap", Hostile.patternWithAudio("nan.wav"))
        try dir.write("p.ahap", renderFixture)
        let before = FolderSnapshot(dir.path)
        let warning = "2 samples are NaN, infinite or beyond ±1000000 and were read as 0"
        for arguments in [
            ["render", "x.ahap", "-o", "custom.flac"],  // FLAC said "No Error." on NaN
            ["render", "p.ahap", "--mix-with", "nan.wav", "-o", "mixed.flac"],
            ["lint", "x.ahap"], ["inspect", "x.ahap"],
        ] {
            let r = try Hostile.run(arguments, in: dir.path)
            let text = r.stderr + String(decoding: r.stdout, as: UTF8.self)
            #expect(r.status == 0 && text.contains(warning), "\(arguments): \(text)")
        }
        // A sine with one NaN is a sine, not silence.
        let generated = try Hostile.run(["generate", "nan.wav", "-o", "g.ahap"], in: dir.path)
        #expect(
            generated.status == 0 && generated.stderr.contains("were read as 0"),
            "\(generated.stderr)")
        // The MP3 encoder of the page never sees a NaN.
        let page = try Hostile.run(
            ["plot", "x.ahap", "--mix-with", "nan.wav", "-o", "x.html"], in: dir.path)
        #expect(page.status == 0, "\(page.stderr)")
        for file in ["custom.flac", "mixed.flac"] {
            let audio = try SoundFile.read(path: dir.path + "/" + file)
            #expect(audio.samples.allSatisfy { $0.isFinite } && audio.samples.contains { $0 != 0 })
        }
        Hostile.expectIntact(dir.path, since: before, inputs: ["nan.wav", "x.ahap", "p.ahap"])
    }

    @Test func anAIFFPast4GiBIsRefusedBeforeRendering() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        // 4 channels of float at 48 kHz for 6,000 s: 4.6 GB, which AIFF cannot count.
        let r = try Hostile.run(
            [
                "render", "p.ahap", "--layout", "split", "--duration", "6000", "--max-duration",
                "6000",
                "-o", "big.aiff",
            ], in: dir.path)
        #expect(r.status == 1 && r.stderr.contains("aiff holds at most 4 GiB"), "\(r.stderr)")
        #expect(listing(dir.path) == ["p.ahap"])
    }

    @Test func aSoundtrackLongerThanTenMinutesMixesUnderTheRenderLimit() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try Hostile.floatWAV(at: dir.path + "/film.wav", seconds: 660, rate: 8_000)
        let mixed = try Hostile.run(
            ["render", "p.ahap", "--mix-with", "film.wav", "--sample-rate", "8000", "-o", "f.wav"],
            in: dir.path)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(
            try SoundFile.info(path: dir.path + "/f.wav", limits: .unlimited).frames == 660 * 8_000)
        // The render limit bounds it: lowered below the film, the soundtrack is refused.
        let short = try Hostile.run(
            [
                "render", "p.ahap", "--mix-with", "film.wav", "--sample-rate", "8000", "-o",
                "g.wav",
                "--max-duration", "600",
            ], in: dir.path)
        #expect(
            short.status == 1 && short.stderr.contains("maxDurationSeconds 600"), "\(short.stderr)")
    }
}

/// Batches with `--output-dir`: listed inputs mirror their paths, so slices never collide.
@Suite struct HostileBatchTests {
    @Test func sameNamesInDifferentFoldersRenderWithinAndAcrossSlices() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for folder in ["in/a", "in/b", "in/c"] { try dir.write("\(folder)/x.ahap", renderFixture) }
        // One slice with both x.ahap: no false collision.
        try dir.write("slice-0", "in/a/x.ahap\nin/b/x.ahap\n")
        try dir.write("slice-1", "in/c/x.ahap\n")
        let before = FolderSnapshot(dir.path)
        for slice in ["slice-0", "slice-1"] {
            let r = try Hostile.run(
                ["render", "--from-list", slice, "--output-dir", "out", "--skip-existing"],
                in: dir.path)
            #expect(r.status == 0 && !r.stderr.contains("skipped"), "\(r.stderr)")
        }
        #expect(
            listing(dir.path + "/out").filter { $0.hasSuffix(".wav") }
                == ["in/a/x.wav", "in/b/x.wav", "in/c/x.wav"])
        // Rerun: everything is there.
        let again = try Hostile.run(
            ["render", "--from-list", "slice-0", "--output-dir", "out", "--skip-existing"],
            in: dir.path)
        #expect(again.status == 0 && again.stderr.contains("2 skipped"), "\(again.stderr)")
        Hostile.expectIntact(
            dir.path, since: before, inputs: ["in/a/x.ahap", "in/b/x.ahap", "in/c/x.ahap"])
    }

    @Test func inputsThatTrulyShareAnOutputOrAreOneAreReportedByName() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a/x.ahap", renderFixture)
        try dir.write("a/x.json", renderFixture)
        try dir.write("x.wav", "not audio, but named as an input")
        let clash = try Hostile.run(["render", "a", "--output-dir", "out"], in: dir.path)
        #expect(clash.status == 64, "\(clash.stderr)")
        #expect(
            clash.stderr.contains("a/x.ahap and a/x.json would both render to out/x.wav")
                && clash.stderr.contains("rename one of them"), "\(clash.stderr)")
        // An output of the batch that is another of its inputs.
        try dir.write("x.ahap", renderFixture)
        let onto = try Hostile.run(["render", "x.ahap", "x.wav", "--force"], in: dir.path)
        #expect(
            onto.status == 64 && onto.stderr.contains("which is the input x.wav"), "\(onto.stderr)")
        #expect(
            try String(contentsOfFile: dir.path + "/x.wav", encoding: .utf8).hasPrefix("not audio"))
        // One file named twice (another path, a symlink) renders once.
        #expect(symlink("x.ahap", dir.path + "/y.ahap") == 0)
        let twice = try Hostile.run(
            ["render", "x.ahap", "./x.ahap", "y.ahap", "--output-dir", "o2"], in: dir.path)
        #expect(
            twice.status == 0 && twice.stderr.contains("rendered 1 of 1 file"), "\(twice.stderr)")
    }
}

/// Signals: every temporary file is removed and the process ends by the signal (the shell
/// reports 128 + the signal).
@Suite struct HostileSignalTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aRenderEndsByTheSignalAndLeavesNoPartialFile(_ sig: Int32) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("long.ahap", Hostile.longPattern(30))
        let before = FolderSnapshot(dir.path)
        let r = try Hostile.interrupt(
            ["render", "long.ahap", "--loop", "100", "--jobs", "1", "-o", "long.wav"],
            in: dir.path, with: [sig]
        ) { Hostile.hasPartial(dir.path) }
        #expect(r.signal == sig && r.status == 128 + sig, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("1 interrupted"), "\(r.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["long.ahap"])
        #expect(listing(dir.path) == ["long.ahap"])
    }

    @Test func aSecondSignalEndsAParallelRenderAtOnceWithoutLeftovers() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for name in ["a", "b", "c"] { try dir.write("in/\(name).ahap", Hostile.longPattern(30)) }
        let r = try Hostile.interrupt(
            ["render", "in", "--loop", "100", "--jobs", "3", "--output-dir", "out"],
            in: dir.path, with: [SIGTERM, SIGTERM]
        ) { Hostile.hasPartial(dir.path + "/out") }
        #expect(r.signal == SIGTERM, "\(r.status): \(r.stderr)")
        #expect(FolderSnapshot(dir.path).partialFiles().isEmpty)
        #expect(!listing(dir.path + "/out").contains { $0.hasSuffix(".wav") })
    }

    /// A file split across threads at its quiet gaps.
    @Test func aSplitRenderEndsByTheSignalAndLeavesNoPartialFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("scenes.ahap", Hostile.scenesPattern(40))
        let before = FolderSnapshot(dir.path)
        let r = try Hostile.interrupt(
            ["render", "scenes.ahap", "--loop", "90", "--jobs", "2", "-o", "scenes.wav"],
            in: dir.path, with: [SIGTERM]
        ) { Hostile.hasPartial(dir.path) }
        #expect(r.signal == SIGTERM && r.status == 128 + SIGTERM, "\(r.status): \(r.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["scenes.ahap"])
        #expect(listing(dir.path) == ["scenes.ahap"])
    }

    @Test func generateEndsByTheSignalAndLeavesNoPartialFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try Hostile.floatWAV(at: dir.path + "/long.wav", seconds: 900, rate: 8_000)
        let before = FolderSnapshot(dir.path)
        let start = Date()
        let r = try Hostile.interrupt(
            ["generate", "long.wav", "-o", "long.ahap"], in: dir.path, with: [SIGTERM]
        ) { Date().timeIntervalSince(start) > 1 }
        #expect(r.signal == SIGTERM, "\(r.status): \(r.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["long.wav"])
        #expect(listing(dir.path) == ["long.wav"])
    }
}

/// A full disk, for real (a tmpfs): every writer fails with the system's words, leaves no
/// temporary file and keeps the old output.
@Suite(
    .enabled(
        if: TmpfsMount.available, "needs CAP_SYS_ADMIN to mount a small tmpfs (root, as in CI)"))
struct HostileFullDiskTests {
    @Test(arguments: ["wav", "flac", "ogg", "aiff", "opus"], ["1", "2"])
    func renderOntoAFullDisk(_ format: String, _ jobs: String) throws {
        let disk = try #require(try TmpfsMount(options: "size=512k"))
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("long.ahap", Hostile.longPattern(30))
        let out = disk.path + "/long." + format
        FileManager.default.createFile(atPath: out, contents: Data("old output".utf8))
        try disk.fill(leaving: 64 << 10)
        let r = try Hostile.run(
            [
                "render", dir.path + "/long.ahap", "--loop", "4", "--jobs", jobs, "-o", out,
                "--force",
            ],
            in: dir.path)
        #expect(r.status == 1 && r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(FolderSnapshot(disk.path).partialFiles().isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old output")
        // The next job on the disk, once there is room, is not tripped by anything left.
        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        let next = try Hostile.run(
            ["render", dir.path + "/long.ahap", "--duration", "0.5", "-o", out, "--force"],
            in: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
    }

    /// A file split across threads at its quiet gaps.
    @Test func aSplitRenderOntoAFullDisk() throws {
        let disk = try #require(try TmpfsMount(options: "size=512k"))
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("scenes.ahap", Hostile.scenesPattern(40))
        let out = disk.path + "/scenes.wav"
        FileManager.default.createFile(atPath: out, contents: Data("old output".utf8))
        try disk.fill(leaving: 64 << 10)
        let r = try Hostile.run(
            ["render", dir.path + "/scenes.ahap", "--jobs", "2", "-o", out, "--force"],
            in: dir.path)
        #expect(r.status == 1 && r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(FolderSnapshot(disk.path).partialFiles().isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old output")
    }

    @Test func everyOtherWriterOntoAFullDisk() throws {
        let disk = try #require(try TmpfsMount(options: "size=256k"))
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try Hostile.floatWAV(at: dir.path + "/s.wav", seconds: 20, rate: 8_000)
        try dir.write(
            "master.m3u8",
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n" + String(repeating: "v.m3u8\n", count: 4_000)
        )
        try disk.fill(leaving: 0)
        let cases: [[String]] = [
            ["generate", "s.wav", "-o", disk.path + "/s.ahap"],
            ["plot", "p.ahap", "-o", disk.path + "/p.html"],
            ["actuator", "iphone", "-o", disk.path + "/iphone.html"],
            ["hls", "master.m3u8", "--haptics", "s.ahap", "-o", disk.path + "/m.m3u8"],
        ]
        for arguments in cases {
            let r = try Hostile.run(arguments, in: dir.path)
            #expect(
                r.status == 1 && r.stderr.contains("No space left on device"),
                "\(arguments): \(r.stderr)")
        }
        #expect(listing(disk.path) == ["filler"])
    }
}

/// A file-size limit (`ulimit -f`): the write past it fails with the system's words and no
/// temporary file is left, on one thread as on two.
@Suite struct HostileFileSizeLimitTests {
    @Test(arguments: ["1", "2"])
    func aRenderPastTheLimitFailsAndLeavesNoPartialFile(_ jobs: String) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("scenes.ahap", Hostile.scenesPattern(40))
        // 200 blocks (of 512 or 1,024 bytes, by shell): far below the 7.7 MB file.
        let r = try ExternalTool.run(
            "/bin/sh",
            [
                "-c", #"ulimit -f 200 && exec "$0" "$@""#, CLI.binary.path, "render",
                dir.path + "/scenes.ahap", "--jobs", jobs, "-o", dir.path + "/scenes.wav",
            ])
        #expect(r.status == 1 && r.err.contains("File too large"), "\(r.status): \(r.err)")
        #expect(listing(dir.path) == ["scenes.ahap"])
    }

    /// A file whose name is not UTF-8 cannot be named by a Swift program: found in a folder or
    /// named on the command line, it is an error saying so, not "No such file" for a file the
    /// user sees. An empty path says it is empty.
    @Test func namesThatAreNotUTF8OrEmptyAreErrorsSayingSo() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("in/ok.ahap", renderFixture)
        try FileManager.default.createDirectory(
            atPath: dir.path + "/audio", withIntermediateDirectories: true)
        try Hostile.floatWAV(at: dir.path + "/audio/ok.wav")
        for (folder, ext) in [("in", "ahap"), ("audio", "wav")] {
            let name = Array("\(dir.path)/\(folder)/".utf8) + [0xFF] + Array(".\(ext)".utf8) + [0]
            let fd = name.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) {
                    open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
                }
            }
            try #require(fd >= 0)
            close(fd)
        }
        let reason = "the name holds bytes that are not UTF-8"
        for arguments in [
            ["lint", "in"], ["render", "in", "--output-dir", "out"],
            ["generate", "audio", "--output-dir", "out"],
        ] {
            let r = try Hostile.run(arguments, in: dir.path)
            let text = r.stderr + String(decoding: r.stdout, as: UTF8.self)
            #expect(r.status == 1 && text.contains(reason), "\(arguments): \(text)")
        }
        let named = try ExternalTool.run(
            "/bin/sh",
            [
                "-c", #"cd "$0" && exec "$1" lint "$(printf 'in/\377.ahap')""#, dir.path,
                CLI.binary.path,
            ])
        #expect(named.status == 64 && named.err.contains(reason), "\(named.err)")
        let empty = try Hostile.run(["render", ""], in: dir.path)
        #expect(
            empty.status == 64
                && empty.stderr == "\"\": error: No such file or directory: the path is empty\n",
            "\(empty.stderr)")
    }

    /// `-o` names the container: a name for a format render does not write (`.m4a`) is
    /// refused, not filled with WAV, and so is one for another format than `--type`.
    @Test func anOutputNamedForAnotherAudioFormatIsRefused() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        for name in ["p.M4A", "p.caf", "p.wma"] {
            let r = try Hostile.run(
                ["render", "p.ahap", "-o", name, "--type", "wav"], in: dir.path)
            #expect(
                r.status == 64
                    && r.stderr.contains(
                        "which render does not write; name it .wav, .flac, .ogg, .aiff, .opus or .mp3."
                    ), "\(r.stderr)")
        }
        let mp3 = try Hostile.run(
            ["render", "p.ahap", "-o", "p.mp3", "--type", "wav"], in: dir.path)
        #expect(
            mp3.status == 64 && mp3.stderr.contains("names a .mp3 file but --type is wav"),
            "\(mp3.stderr)")
        #expect(listing(dir.path) == ["p.ahap"])
    }
}

/// `hls` rewrites a playlist in place without losing a byte of it or what the file is.
@Suite struct HostileHLSTests {
    let tag = #"#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url",URI="t.ahap""#

    @Test func mixedLineEndingsKeepEveryVariant() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let text =
            "\u{FEFF}#EXTM3U\r\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1\r\nlow.m3u8\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=2\nhigh.m3u8"
        let path = try dir.write("master.m3u8", text)
        let r = try Hostile.run(["hls", "master.m3u8", "--haptics", "t.ahap"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        let expected = text.replacingOccurrences(
            of: "#EXT-X-VERSION:6\n", with: "#EXT-X-VERSION:6\n" + tag + "\r\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected.utf8))
    }

    @Test func aCRLFMediaPlaylistIsRefusedAsMedia() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let media = "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXTINF:6.0,\r\nseg0.ts\r\n"
        try dir.write("v.m3u8", media)
        let before = FolderSnapshot(dir.path)
        let r = try Hostile.run(["hls", "v.m3u8", "--haptics", "t.ahap"], in: dir.path)
        #expect(r.status == 1 && r.stderr.contains("media playlist"), "\(r.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["v.m3u8"])
    }

    @Test func inPlaceKeepsModeOwnerSymlinksAndHardLinks() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let real = try dir.write(
            "real/master.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        #expect(chmod(real, 0o640) == 0)
        let owned = getuid() == 0 && chown(real, 4321, 4321) == 0
        #expect(symlink("real/master.m3u8", dir.path + "/master.m3u8") == 0)
        #expect(link(real, dir.path + "/copy.m3u8") == 0)
        let r = try Hostile.run(["hls", "master.m3u8", "--haptics", "t.ahap"], in: dir.path)
        #expect(r.status == 0, "\(r.stderr)")
        var st = stat()
        #expect(lstat(dir.path + "/master.m3u8", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(real, &st) == 0 && st.st_mode & 0o7777 == 0o640 && st.st_nlink == 2)
        if owned { #expect(st.st_uid == 4321 && st.st_gid == 4321) }
        #expect(try String(contentsOfFile: dir.path + "/copy.m3u8", encoding: .utf8).contains(tag))
        #expect(FolderSnapshot(dir.path).partialFiles().isEmpty)
    }

    @Test func anOverLongLineIsRefusedWithItsSize() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("m.m3u8", "#EXTM3U\n" + String(repeating: "x", count: 200_000) + "\n")
        let before = FolderSnapshot(dir.path)
        let r = try Hostile.run(["hls", "m.m3u8", "--haptics", "t.ahap"], in: dir.path)
        #expect(r.status == 1 && r.stderr.contains("line 2 has 200000 bytes"), "\(r.stderr)")
        Hostile.expectIntact(dir.path, since: before, inputs: ["m.m3u8"])
    }

    @Test func onlyARegularFileIsRewrittenInPlace() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // A FIFO with no writer: reading it would block, writing it would feed whoever reads
        // next. It is refused before either.
        #expect(mkfifo(dir.path + "/pipe.m3u8", 0o644) == 0)
        let r = try Hostile.run(["hls", "pipe.m3u8", "--haptics", "t.ahap"], in: dir.path)
        #expect(r.status == 64 && r.stderr.contains("not a regular file"), "\(r.stderr)")
        #expect(r.stderr.contains("-o FILE"), "\(r.stderr)")
    }

    @Test func aURIThePlaylistCannotHoldIsAUsageError() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("m.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        let before = FolderSnapshot(dir.path)
        let cases: [(uri: String, problem: String)] = [
            ("a\"b.ahap", "it holds a double quote"),
            ("a\tb.ahap", "it holds a control character"),
            ("a\u{1B}[2Jb.ahap", "it holds a control character"),
            (String(repeating: "u", count: 65_536 - 61), "the tag would be 65537 bytes long"),
        ]
        for c in cases {
            let r = try Hostile.run(["hls", "m.m3u8", "--haptics", c.uri], in: dir.path)
            #expect(r.status == 64 && r.stderr.contains(c.problem), "\(r.stderr.prefix(300))")
        }
        Hostile.expectIntact(dir.path, since: before, inputs: ["m.m3u8"])
        // The longest URI that fits (the tag without it is 62 bytes) is written, and the
        // playlist reads again.
        let longest = String(repeating: "u", count: 65_536 - 62)
        let written = try Hostile.run(["hls", "m.m3u8", "--haptics", longest], in: dir.path)
        #expect(written.status == 0, "\(written.stderr.prefix(300))")
        let again = try Hostile.run(["inspect", "m.m3u8"], in: dir.path)
        #expect(again.status == 0, "\(again.stderr.prefix(300))")
    }
}
