import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// The seams between the commands and the operating system: outputs named by links to
/// streams, FIFOs where files are expected, signals while a job waits on one, long inputs.
enum HostileSystem {
    /// Runs the CLI in `directory` with standard output going to `stdoutFile` (opened as
    /// `command > file` opens it: created or truncated in place, never replaced, so a device
    /// such as /dev/full stays one). Returns the exit status and standard error.
    static func run(
        _ arguments: [String], in directory: String, stdoutFile: String
    ) throws -> (status: Int32, stderr: String) {
        let fd = open(stdoutFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0, "\(stdoutFile): \(String(cString: strerror(errno)))")
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = String(decoding: readToEnd(err.fileHandleForReading), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, stderr)
    }

    /// Runs the CLI and returns its exit status (128 + the signal when one ended it), its
    /// standard error, and its peak resident memory in bytes (`wait4`'s `ru_maxrss`).
    ///
    /// Measured through a small Python process that forks the CLI: a process started by
    /// `posix_spawn` (a `vfork`, sharing this process's memory until it execs) inherits this
    /// process's peak as its own `ru_maxrss`, and the test process holds every test running at
    /// once. Forked from Python, the CLI's floor is Python's few MB, the same for every run.
    static func measured(_ arguments: [String], in directory: String) throws -> (
        status: Int32, stderr: String, peakBytes: Int
    ) {
        let errPath = directory + "/.stderr-\(UUID().uuidString)"
        let usagePath = directory + "/.usage-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: errPath)
            try? FileManager.default.removeItem(atPath: usagePath)
        }
        let script = """
            import os, sys
            errors, directory, usage, argv = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
            err = os.open(errors, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            pid = os.fork()
            if pid == 0:
                os.chdir(directory)
                os.dup2(err, 2)
                null = os.open("/dev/null", os.O_RDWR)
                os.dup2(null, 0)
                os.dup2(null, 1)
                os.execv(argv[0], argv)
            _, status, rusage = os.wait4(pid, 0)  # retried on EINTR (PEP 475)
            with open(usage, "w") as f:
                f.write(f"{os.waitstatus_to_exitcode(status)} {rusage.ru_maxrss}")
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            ["python3", "-c", script, errPath, directory, usagePath, CLI.binary.path] + arguments
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "python3 (measuring the CLI) failed")
        let fields = ((try? String(contentsOfFile: usagePath, encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { Int($0) }
        try #require(fields.count == 2, "no usage from python3")
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // waitstatus_to_exitcode gives −signal for a signal.
        let status = fields[0] < 0 ? 128 - fields[0] : fields[0]
        return (Int32(status), stderr, fields[1] * 1024)
    }

    /// Runs the CLI, waits `after` seconds (for it to block), sends `signal` and returns its
    /// exit status (128 + the signal when one ended it) and the seconds it took to end after
    /// the signal (killed with SIGKILL after 10 s, reported as such).
    static func signalWhileBlocked(
        _ arguments: [String], in directory: String, after: Double, signal: Int32
    ) throws -> (status: Int32, seconds: Double) {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: after)
        let start = Date()
        kill(p.processIdentifier, signal)
        while p.isRunning, Date().timeIntervalSince(start) < 10 {
            Thread.sleep(forTimeInterval: 0.02)
        }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let status =
            p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
        return (status, seconds)
    }

    /// A FIFO at `path`.
    static func fifo(_ path: String) throws {
        try #require(
            mkfifo(path, 0o644) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
    }

    /// Whether `path` is a symbolic link (not followed).
    static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
    }

    static func data(_ path: String) -> Data {
        FileManager.default.contents(atPath: path) ?? Data()
    }

    /// A WAV of silence, `seconds` long, mono float at `rate` (its folder made).
    static func silence(at path: String, seconds: Double, rate: Int = 8_000) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try floatWAVData(
            [Float](repeating: 0.1, count: Int(seconds * Double(rate))), sampleRate: rate
        )
        .write(to: URL(fileURLWithPath: path))
    }
}

/// An output named by a link to a stream, or by a descriptor, is written through as `-o -`
/// is; a link to a file replaces the file, not the link; other names in /proc are refused.
@Suite struct HostileOutputPathTests {
    /// Every command that writes, to `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` and a link
    /// to `/dev/stdout`, with standard output redirected to a file: the file holds what a
    /// plain output holds (the shell's redirection is written through, with or without
    /// `--force`), and no link is replaced.
    @Test func descriptorNamesAreWrittenThroughInEveryCommand() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try HostileSystem.silence(at: dir.file("s.wav"), seconds: 1)
        try dir.write("m.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        try dir.write("session.txt", "0 move 0.5 0.5\n0 begin\n0.3 end\n")
        #expect(symlink("/dev/stdout", dir.file("link-to-stdout")) == 0)
        let commands: [(name: String, arguments: (String) -> [String])] = [
            ("render", { ["render", "p.ahap", "-o", $0] }),
            ("convert", { ["convert", "p.ahap", "--to", "haptic", "-o", $0] }),
            ("generate", { ["generate", "s.wav", "-o", $0] }),
            ("plot", { ["plot", "p.ahap", "-o", $0 + ".svg"] }),
            ("hls", { ["hls", "m.m3u8", "--haptics", "t.ahap", "-o", $0] }),
            ("actuator", { ["actuator", "pixel", "-o", $0 + ".svg"] }),
            ("palette", { ["palette", "--script", "session.txt", "-o", $0] }),
        ]
        for command in commands {
            // The reference: a plain file.
            let plain = command.arguments("plain-\(command.name)")
            let reference = try Hostile.run(plain, in: dir.path)
            #expect(reference.status == 0, "\(command.name): \(reference.stderr)")
            let expected = HostileSystem.data(dir.file(plain[plain.count - 1]))
            #expect(!expected.isEmpty, "\(command.name)")
            for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "link-to-stdout"] {
                // plot and actuator need a name ending .svg: a link named so.
                var target = name
                if command.name == "plot" || command.name == "actuator" {
                    target = dir.file("svg-link-\(UUID().uuidString)")
                    #expect(symlink(name, target + ".svg") == 0)
                }
                for force in [false, true] {
                    let file = dir.file("captured")
                    let r = try HostileSystem.run(
                        command.arguments(target) + (force ? ["--force"] : []), in: dir.path,
                        stdoutFile: file)
                    #expect(r.status == 0, "\(command.name) -o \(name): \(r.stderr)")
                    #expect(
                        HostileSystem.data(file) == expected,
                        "\(command.name) -o \(name): \(HostileSystem.data(file).count) bytes, not \(expected.count)"
                    )
                }
            }
        }
        #expect(HostileSystem.isLink("/dev/stdout"))
        #expect(HostileSystem.isLink(dir.file("link-to-stdout")))
        #expect(Hostile.hasPartial(dir.path) == false)
    }

    /// A link to a FIFO: the command writes into the pipe for its reader; the link stays.
    @Test func aLinkToAFIFOIsWrittenThrough() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try HostileSystem.fifo(dir.file("pipe"))
        for (extension_, arguments) in [
            ("wav", ["render", "p.ahap", "--force"]),
            ("ahap", ["convert", "p.ahap", "--to", "ahap", "--force"]),
        ] {
            let link = dir.file("out.\(extension_)")
            try? FileManager.default.removeItem(atPath: link)
            #expect(symlink("pipe", link) == 0)
            // The reader keeps what it reads in a file (a pipe back to this process would
            // fill while the test waits for the command).
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/bin/sh")
            reader.arguments = ["-c", "cat pipe > received"]
            reader.currentDirectoryURL = dir.url
            try reader.run()
            let r = try Hostile.run(arguments + ["-o", "out.\(extension_)"], in: dir.path)
            reader.waitUntilExit()
            let received = HostileSystem.data(dir.file("received"))
            #expect(r.status == 0, "\(r.stderr)")
            let plain = try Hostile.run(arguments + ["-o", "plain.\(extension_)"], in: dir.path)
            #expect(plain.status == 0)
            #expect(received == HostileSystem.data(dir.file("plain.\(extension_)")))
            #expect(HostileSystem.isLink(link))
        }
    }

    /// A link to a regular file: the file it points to is replaced (with --force), or
    /// refused as existing (without); the link stays a link, in every command that writes.
    @Test func aLinkToAFileReplacesTheFileNotTheLink() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        for (name, arguments) in [
            ("x.wav", ["render", "p.ahap"]), ("x.haptic", ["convert", "p.ahap", "--to", "haptic"]),
            ("x.svg", ["plot", "p.ahap"]),
        ] {
            try dir.write("real/\(name)", "old")
            #expect(symlink("real/\(name)", dir.file(name)) == 0)
            let refused = try Hostile.run(arguments + ["-o", name], in: dir.path)
            #expect(refused.status == 1 && refused.stderr.contains("already exists"))
            let r = try Hostile.run(arguments + ["-o", name, "--force"], in: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(HostileSystem.isLink(dir.file(name)), "\(name) is no longer a link")
            #expect(HostileSystem.data(dir.file("real/\(name)")).count > 3, "\(name)")
        }
        #expect(!Hostile.hasPartial(dir.path))
    }

    /// Names in /proc that are no descriptor of the process are refused (pointing at
    /// standard output), as is a full device; nothing is written.
    @Test func otherNamesInProcAndAFullDeviceAreRefused() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        for name in ["/proc/1/fd/1", "/proc/self/fd/77"] {
            let r = try Hostile.run(["render", "p.ahap", "-o", name, "--force"], in: dir.path)
            #expect(r.status == 1, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("standard output is /dev/stdout"), "\(name): \(r.stderr)")
        }
        let full = try Hostile.run(["render", "p.ahap", "-o", "/dev/full"], in: dir.path)
        #expect(full.status == 1 && full.stderr.contains("No space left on device"))
        // Standard output on a full device: convert's and hls's `-o -` say so (exit 1).
        let stdout = try HostileSystem.run(
            ["convert", "p.ahap", "--to", "ahap", "-o", "-"], in: dir.path, stdoutFile: "/dev/full")
        #expect(
            stdout.status == 1 && stdout.stderr.contains("No space left on device"),
            "\(stdout.stderr)")
    }
}

/// FIFOs where files are expected, and signals while a job waits on one.
@Suite struct HostileFIFOTests {
    /// A FIFO named like an input in a searched folder is skipped with a note, in every
    /// command that searches folders; the rest of the folder is done (it hung every one).
    @Test func aFIFOFoundInAFolderIsSkippedWithANote() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("one/p.ahap", renderFixture)
        try HostileSystem.fifo(dir.file("one/f.ahap"))
        try HostileSystem.fifo(dir.file("one/f.haptic"))
        try HostileSystem.silence(at: dir.file("sounds/s.wav"), seconds: 0.5)
        try HostileSystem.fifo(dir.file("sounds/f.wav"))
        for arguments in [
            ["render", "one", "--output-dir", "out"], ["lint", "one"],
            ["convert", "one", "--to", "haptic", "--output-dir", "conv"],
            ["bench", "one", "--iterations", "1"], ["generate", "sounds", "--output-dir", "gen"],
        ] {
            let start = Date()
            let r = try Hostile.run(arguments, in: dir.path)
            #expect(Date().timeIntervalSince(start) < 60)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            if arguments[0] != "generate" {
                #expect(
                    r.stderr.contains("one/f.ahap: note: skipped: it is a pipe (FIFO), not a file"),
                    "\(arguments): \(r.stderr)")
            }
        }
        #expect(listing(dir.file("out")) == ["p.wav"])
    }

    /// A FIFO named on the command line is opened without waiting for a writer: with none it
    /// reads as empty (an error naming it), at once, in every command that reads a pattern.
    @Test func aNamedFIFOWithoutAWriterIsEmptyAtOnce() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try HostileSystem.fifo(dir.file("f.ahap"))
        for arguments in [
            ["render", "f.ahap", "-o", "x.wav"], ["lint", "f.ahap"], ["inspect", "f.ahap"],
            ["plot", "f.ahap", "-o", "x.svg"], ["convert", "f.ahap", "--to", "ahap", "-o", "-"],
            ["render", "--from-list", "f.ahap", "--output-dir", "o"],
        ] {
            let start = Date()
            let r = try Hostile.run(arguments, in: dir.path)
            #expect(Date().timeIntervalSince(start) < 30)
            #expect(r.status == 1 || r.status == 64, "\(arguments): \(r.status) \(r.stderr)")
        }
        #expect(try dir.contents() == ["f.ahap"])
    }

    /// Every signal ends the process promptly — by the signal itself — even while a job is
    /// blocked in `open(2)` on a FIFO no one reads, or in `read(2)` on one whose writer
    /// sends nothing; no partial file is left. (A first SIGTERM was ignored there.)
    @Test(arguments: [SIGTERM, SIGHUP])
    func everySignalEndsAJobBlockedOnAFIFO(_ sig: Int32) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try HostileSystem.silence(at: dir.file("s.wav"), seconds: 1)
        try HostileSystem.fifo(dir.file("out.wav"))
        try HostileSystem.fifo(dir.file("out.ahap"))
        try HostileSystem.fifo(dir.file("in.ahap"))
        // A writer that opens the input FIFO and never writes.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec 3>\(dir.file("in.ahap")); sleep 30"]
        try writer.run()
        defer {
            writer.terminate()
            writer.waitUntilExit()
        }
        for arguments in [
            ["render", "p.ahap", "-o", "out.wav", "--force"],
            ["convert", "p.ahap", "--to", "ahap", "-o", "out.ahap", "--force"],
            ["generate", "s.wav", "-o", "out.ahap", "--force"],
            ["render", "in.ahap", "-o", "x.wav"], ["lint", "in.ahap"],
        ] {
            let r = try HostileSystem.signalWhileBlocked(
                arguments, in: dir.path, after: 1.5, signal: sig)
            #expect(r.status == 128 + sig, "\(arguments): \(r.status)")
            #expect(r.seconds < 5, "\(arguments): \(r.seconds) s after the signal")
        }
        #expect(!Hostile.hasPartial(dir.path))
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.wav")))
    }
}

/// `--output-dir`: one file lands by its name, several inputs mirror below the deepest
/// folder they share, a list below the current folder (or `--base`), in render, generate and
/// convert alike; nothing is left behind when an output fails.
@Suite struct HostileOutputFolderTests {
    @Test func oneFileLandsByItsNameWhateverPathNamesIt() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("Examples/Patterns/Heartbeat.ahap", renderFixture)
        for input in [
            "Examples/Patterns/Heartbeat.ahap", dir.file("Examples/Patterns/Heartbeat.ahap"),
        ] {
            let r = try Hostile.run(
                ["render", input, "--output-dir", "out", "--force"], in: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(listing(dir.file("out")) == ["Heartbeat.wav"], "\(input)")
        }
        let convert = try Hostile.run(
            [
                "convert", dir.file("Examples/Patterns/Heartbeat.ahap"), "--to", "haptic",
                "--output-dir", "c",
            ],
            in: dir.path)
        #expect(convert.status == 0)
        #expect(listing(dir.file("c")) == ["Heartbeat.haptic"])
    }

    @Test func severalInputsMirrorBelowTheFolderTheyShare() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for folder in ["in/a", "in/b"] {
            try dir.write("\(folder)/x.ahap", renderFixture)
            try HostileSystem.silence(at: dir.file("\(folder)/x.wav"), seconds: 0.5)
        }
        let cases: [([String], String, [String])] = [
            (["render", "in/a", "in/b"], "r1", ["a/x.wav", "b/x.wav"]),
            (["render", "in/a/x.ahap", "in/b/x.ahap"], "r2", ["a/x.wav", "b/x.wav"]),
            (["render", "in/a", dir.file("in/b/x.ahap")], "r3", ["a/x.wav", "b/x.wav"]),
            (["generate", "in/a/x.wav", "in/b"], "g", ["a/x.ahap", "b/x.ahap"]),
            (["convert", "in/a", "in/b", "--to", "haptic"], "c", ["a/x.haptic", "b/x.haptic"]),
        ]
        for (arguments, out, expected) in cases {
            let r = try Hostile.run(arguments + ["--output-dir", out], in: dir.path)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(
                listing(dir.file(out)).filter { !$0.hasSuffix("a") && !$0.hasSuffix("b") }
                    == expected, "\(arguments)")
        }
    }

    /// Slices of one list agree on every name: a list mirrors below the current folder, or
    /// `--base`; a file outside `--base` is a usage error; a `-` line is a file named `-`.
    @Test func listsMirrorBelowTheCurrentFolderOrTheBase() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for folder in ["in/a", "in/b"] { try dir.write("\(folder)/x.ahap", renderFixture) }
        try dir.write("s1", "in/a/x.ahap\n")
        try dir.write("s2", "in/b/x.ahap\n")
        for (extra, out, expected) in [
            ([String](), "o1", ["in/a/x.wav", "in/b/x.wav"]),
            (["--base", "in"], "o2", ["a/x.wav", "b/x.wav"]),
        ] {
            for slice in ["s1", "s2"] {
                let r = try Hostile.run(
                    ["render", "--from-list", slice, "--output-dir", out] + extra, in: dir.path)
                #expect(r.status == 0, "\(r.stderr)")
            }
            #expect(listing(dir.file(out)).filter { $0.hasSuffix(".wav") } == expected)
        }
        let outside = try Hostile.run(
            ["render", "--from-list", "s1", "--output-dir", "o3", "--base", "in/b"], in: dir.path)
        #expect(outside.status == 64 && outside.stderr.contains("is not below --base in/b"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("o3")))
        // A `-` line is a path, never standard input.
        try dir.write("dash", "-\n")
        let dash = try Hostile.run(
            ["render", "--from-list", "dash", "--output-dir", "o4"], in: dir.path,
            stdin: Data(renderFixture.utf8))
        #expect(dash.status == 64 && dash.stderr.contains("dash:1: error: No such file"))
    }

    /// Folders made for an output are removed when it fails (a bad input, a signal), in
    /// render, generate and convert; a batch keeps the folders of what it wrote.
    @Test func aFailedOutputLeavesNoFolderBehind() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("bad/x.ahap", #"{"Pattern": [}"#)
        try dir.write("bad/y.wav", "not audio")
        try dir.write("mixed/good/g.ahap", renderFixture)
        try dir.write("mixed/bad/b.ahap", #"{"Pattern": [}"#)
        for arguments in [
            ["render", "bad/x.ahap", "--output-dir", "o1/deep/er"],
            ["render", "bad/x.ahap", "-o", "o2/deep/x.wav"],
            ["generate", "bad/y.wav", "--output-dir", "o3/deep"],
            ["convert", "bad/x.ahap", "--to", "ahap", "--output-dir", "o4/deep"],
        ] {
            let r = try Hostile.run(arguments, in: dir.path)
            #expect(r.status == 1, "\(arguments): \(r.stderr)")
        }
        #expect(try dir.contents() == ["bad", "mixed"])
        let batch = try Hostile.run(["render", "mixed", "--output-dir", "o5"], in: dir.path)
        #expect(batch.status == 1)
        #expect(listing(dir.file("o5")) == ["good", "good/g.wav"])
        // Stopped by a signal: the render's folders go with its temporary file.
        try dir.write("long.ahap", Hostile.longPattern(30))
        let r = try Hostile.interrupt(
            ["render", "long.ahap", "--loop", "100", "--jobs", "1", "-o", "o6/deep/long.wav"],
            in: dir.path, with: [SIGTERM]
        ) { Hostile.hasPartial(dir.path) }
        #expect(r.status == 128 + SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: dir.file("o6")))
    }
}

/// The smaller members of issue 44's classes.
@Suite struct HostileSmallTests {
    /// `-o ""` (an unset shell variable) is refused before any work, in every command.
    @Test func anEmptyOutputPathIsAUsageError() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try HostileSystem.silence(at: dir.file("s.wav"), seconds: 0.5)
        try dir.write("m.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        for arguments in [
            ["render", "p.ahap", "-o", ""], ["render", "p.ahap", "--output-dir", ""],
            ["convert", "p.ahap", "--to", "ahap", "-o", ""], ["plot", "p.ahap", "-o", ""],
            ["generate", "s.wav", "-o", ""], ["hls", "m.m3u8", "--haptics", "t.ahap", "-o", ""],
            ["palette", "--script", "p.ahap", "-o", ""],
        ] {
            let r = try Hostile.run(arguments, in: dir.path)
            #expect(
                r.status == 64 && r.stderr.contains("the path is empty"),
                "\(arguments): \(r.stderr)")
        }
    }

    /// `hls` says what it did: added, replaced (a tag without a URI too), kept.
    @Test func hlsSaysWhetherItAddedReplacedOrKeptTheTag() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let tag = #"#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.haptics.url","#
        for (body, said) in [
            ("", "added the haptics tag"),
            (tag + "VALUE=\"x\"\n", "replaced the haptics tag (was \"\(tag)VALUE=\"x\"\""),
            (tag + "URI=\"old.ahap\"\n", "replaced the haptics tag (was URI \"old.ahap\""),
            (tag + "URI=\"t.ahap\"\n", "kept the haptics tag (URI \"t.ahap\", already there)"),
        ] {
            try dir.write("m.m3u8", "#EXTM3U\n" + body + "#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
            let r = try Hostile.run(["hls", "m.m3u8", "--haptics", "t.ahap"], in: dir.path)
            #expect(r.status == 0 && r.stderr.contains(said), "\(body): \(r.stderr)")
        }
    }

    /// `palette --script -` reads standard input; a script with CRLF line ends or a
    /// byte-order mark is read as the plain one.
    @Test func paletteScriptsFromStandardInputWithCRLFOrABOM() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let script = "0 move 0.5 0.5\n0 begin\n0.3 tap\n0.5 end\n"
        try dir.write("plain.txt", script)
        #expect(
            try Hostile.run(["palette", "--script", "plain.txt", "-o", "plain.wav"], in: dir.path)
                .status == 0)
        let expected = HostileSystem.data(dir.file("plain.wav"))
        for (name, text) in [
            ("crlf", script.replacingOccurrences(of: "\n", with: "\r\n")),
            ("bom", "\u{FEFF}" + script), ("cr", script.replacingOccurrences(of: "\n", with: "\r")),
        ] {
            try dir.write("\(name).txt", text)
            let r = try Hostile.run(
                ["palette", "--script", "\(name).txt", "-o", "\(name).wav"], in: dir.path)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(HostileSystem.data(dir.file("\(name).wav")) == expected, "\(name)")
        }
        let piped = try Hostile.run(
            ["palette", "--script", "-", "-o", "stdin.wav"], in: dir.path, stdin: Data(script.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(HostileSystem.data(dir.file("stdin.wav")) == expected)
    }

    /// A control character in a file name is escaped in every message naming it: "wrote",
    /// "No such file or directory", the skipped note.
    @Test func controlCharactersInFileNamesPrintEscaped() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let name = "x\u{1B}[2Jy"
        try dir.write(name + ".ahap", renderFixture)
        let wrote = try Hostile.run(["render", name + ".ahap", "--force"], in: dir.path)
        #expect(wrote.status == 0)
        #expect(
            !wrote.stderr.contains("\u{1B}") && wrote.stderr.contains(#"wrote x\u{1B}[2Jy.wav"#))
        let missing = try Hostile.run(["render", "n\u{7}\nope.ahap"], in: dir.path)
        #expect(missing.status == 64)
        #expect(
            !missing.stderr.contains("\u{7}") && missing.stderr.contains(#"n\u{7}\u{A}ope.ahap"#),
            "\(missing.stderr)")
        let converted = try Hostile.run(
            ["convert", name + ".ahap", "--to", "haptic"], in: dir.path)
        #expect(!converted.stderr.contains("\u{1B}") && converted.stderr.contains(#"\u{1B}"#))
    }
}

/// What a command writes, its own readers accept; or it says why not before writing.
@Suite struct HostileReadBackTests {
    /// A clip ending at 3,599.99 s converts to AHAP within the 3,600 s limit (its form used to
    /// reach 3,600.011 s); an AHAP event ending there whose release runs past the limit
    /// cannot be a `.haptic` clip within it: refused, saying why and how, nothing written.
    @Test func conversionsNearTheDurationLimit() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write(
            "near.haptic",
            #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 3599.99, "amplitude": 0.5}]}}}}"#
        )
        let ahap = try Hostile.run(
            ["convert", "near.haptic", "--to", "ahap", "-o", "near.ahap"], in: dir.path)
        #expect(ahap.status == 0, "\(ahap.stderr)")
        let lint = try Hostile.run(["lint", "near.ahap"], in: dir.path)
        #expect(lint.status == 0, "\(lint.stdout)")
        try dir.write(
            "event.ahap",
            #"{"Pattern": [{"Event": {"Time": 3599.5, "EventType": "HapticContinuous", "EventDuration": 0.49}}]}"#
        )
        let clip = try Hostile.run(
            ["convert", "event.ahap", "--to", "haptic", "-o", "e.haptic"], in: dir.path)
        #expect(clip.status == 1, "\(clip.stderr)")
        #expect(
            clip.stderr.contains("would be refused when read back")
                && clip.stderr.contains("raise --max-duration"), "\(clip.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("e.haptic")))
        let raised = try Hostile.run(
            [
                "convert", "event.ahap", "--to", "haptic", "-o", "e.haptic", "--max-duration",
                "3601",
            ],
            in: dir.path)
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    /// Kotlin objects of one batch share a package: names that would clash are refused up
    /// front, naming the files (`tap-soft`, `tap_soft`, `TapSoft` → `TapSoftHaptics`).
    @Test func kotlinObjectsThatWouldClashAreRefusedUpFront() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for name in ["tap-soft", "tap_soft", "TapSoft"] {
            try dir.write("in/\(name).ahap", renderFixture)
        }
        let r = try Hostile.run(
            ["convert", "in", "--to", "kotlin", "--output-dir", "kt"], in: dir.path)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(
            r.stderr.contains("would both define the Kotlin object TapSoftHaptics"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("kt")))
    }

    /// A clip too short for Android's timings says so.
    @Test func aClipTooShortForAndroidIsNoted() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write(
            "short.haptic",
            #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.9}, {"time": 0.0004, "amplitude": 0.9}]}}}}"#
        )
        let r = try Hostile.run(
            ["convert", "short.haptic", "--to", "android", "-o", "s.json"], in: dir.path)
        #expect(r.status == 0 && r.stderr.contains("dropped-too-short"), "\(r.stderr)")
    }
}

/// Memory that does not grow with the input: an hour-long soundtrack and an HTML page of WAV
/// audio are streamed (peaks measured by `wait4`).
@Suite struct HostileLongInputTests {
    /// 30 minutes of soundtrack: held whole it took 8 bytes a frame at the render rate
    /// (115 MB at 8 kHz, 1.4 GB an hour at 48 kHz); spooled, the process stays near its
    /// footprint without one.
    @Test func aLongSoundtrackIsStreamed() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("p.ahap", renderFixture)
        try HostileSystem.silence(at: dir.file("track.wav"), seconds: 1_800, rate: 8_000)
        let plain = try HostileSystem.measured(
            ["render", "p.ahap", "--sample-rate", "8000", "--duration", "1800", "-o", "plain.wav"],
            in: dir.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        let mixed = try HostileSystem.measured(
            [
                "render", "p.ahap", "--sample-rate", "8000", "--mix-with", "track.wav", "-o",
                "m.wav",
            ],
            in: dir.path)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(
            mixed.peakBytes < plain.peakBytes + 40 << 20,
            "\(mixed.peakBytes >> 20) MB with the soundtrack, \(plain.peakBytes >> 20) MB without")
        let info = try SoundFile.info(
            path: dir.file("m.wav"),
            limits: SoundFileReadLimits(maxFileBytes: 1 << 30, maxDurationSeconds: 7_200))
        #expect(info.frames == 1_800 * 8_000)
    }

    /// `generate -` refuses a stream longer than its limit as it arrives, not at its end: a
    /// WAV whose header declares an hour, after its first block; one streamed without a length
    /// (sizes 0xFFFFFFFF, as `sox … -t wav -` writes), once what has arrived passes the limit.
    /// The writer never closes the pipe, so a copy to the end would never return.
    @Test(arguments: [true, false])
    func standardInputPastTheLimitIsRefusedAsItArrives(declaresItsLength: Bool) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        signal(SIGPIPE, SIG_IGN)  // the writer outlives the reader; EPIPE is expected
        let rate = 8_000
        var header = floatWAVData([], sampleRate: rate)
        let dataBytes = declaresItsLength ? UInt32(3_600 * rate * 4) : UInt32.max
        header.replaceSubrange(
            42..<46, with: withUnsafeBytes(of: dataBytes.littleEndian) { Data($0) })
        header.replaceSubrange(
            4..<8,
            with: withUnsafeBytes(of: (dataBytes == .max ? dataBytes : dataBytes + 38).littleEndian)
            { Data($0) })
        // 4 MiB of samples: 131 s, past the 60 s limit; an hour is declared in the other case.
        let samples = [Float](repeating: 0.1, count: 1 << 20).withUnsafeBytes { Data($0) }
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["generate", "-", "-o", "out.ahap", "--max-input-duration", "60"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let input = Pipe()
        let err = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let writer = input.fileHandleForWriting.fileDescriptor
        let sent = DispatchSemaphore(value: 0)
        let chunks = [header, samples]
        Thread.detachNewThread {
            for chunk in chunks {
                let failed = chunk.withUnsafeBytes { bytes in
                    var done = 0
                    while done < bytes.count {
                        let n = write(writer, bytes.baseAddress! + done, bytes.count - done)
                        if n < 0 && errno == EINTR { continue }
                        if n <= 0 { return true }
                        done += n
                    }
                    return false
                }
                if failed { break }
            }
            sent.signal()
        }
        nonisolated(unsafe) var stderr = Data()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            stderr = readToEnd(err.fileHandleForReading)
            drained.signal()
        }
        let start = Date()
        while p.isRunning, Date().timeIntervalSince(start) < 30 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let ended = !p.isRunning
        if !ended { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        sent.wait()
        try input.fileHandleForWriting.close()
        drained.wait()
        let text = String(decoding: stderr, as: UTF8.self)
        #expect(ended, "generate - still reading a stream past its limit after 30 s")
        #expect(p.terminationStatus == 1, "\(text)")
        #expect(
            text.contains("more than the limit of 60 s (raise --max-input-duration)")
                && text.contains("read no further"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.ahap")))
    }

    /// A page of 12 minutes of WAV audio: the page is written as the audio is read back, so
    /// memory does not hold the audio, its base64 and the page at once (2.5 GB an hour). Both
    /// pages are long enough for the zoom data to be at its cap (2^20 values per signal, 131 s
    /// at 8,000 a second): what the long one adds is audio only.
    @Test func aLongPageOfWAVIsStreamed() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let events = stride(from: 0, to: 720, by: 30).map {
            #"{"Event": {"Time": \#($0), "EventType": "HapticContinuous", "EventDuration": 29}}"#
        }
        try dir.write("long.ahap", #"{"Pattern": ["# + events.joined(separator: ", ") + "]}")
        try dir.write(
            "short.ahap", #"{"Pattern": ["# + events.prefix(6).joined(separator: ", ") + "]}")
        var peaks: [Int] = []
        for name in ["short", "long"] {
            let r = try HostileSystem.measured(
                [
                    "plot", "\(name).ahap", "--page-audio", "wav", "--sample-rate", "8000", "-o",
                    "\(name).html",
                ],
                in: dir.path)
            #expect(r.status == 0, "\(r.stderr)")
            peaks.append(r.peakBytes)
        }
        let page = HostileSystem.data(dir.file("long.html"))
        // 23 MB of stereo 16-bit audio at 8 kHz, a third more in base64.
        #expect(page.count > 30 << 20)
        // Nine minutes more: 17 MB more audio and 23 MB more base64, of which not half the
        // audio's entered memory (3.4 MB more in a release build).
        #expect(peaks[1] < peaks[0] + 8 << 20, "\(peaks.map { $0 >> 20 }) MB")
        #expect(page.starts(with: Data("<!DOCTYPE html>".utf8)))
        #expect(String(decoding: page.suffix(8), as: UTF8.self) == "</html>\n")
    }
}
