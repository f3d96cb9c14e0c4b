import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// Whether tmux is there to drive the live palette in a terminal.
private let tmuxInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// `ahap-render palette`: the live pad driven by keys and the mouse in a real terminal (tmux),
/// playing into ALSA's file plugin; the scripted session against its expected envelope.
@Suite struct PaletteCommandTests {
    /// A tmux server of its own (`-L`), so the test touches no other session.
    struct Tmux {
        let socket = "hr-palette-\(getpid())-\(UInt32.random(in: 0..<UInt32.max))"

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            try ExternalTool.run("/usr/bin/tmux", ["-L", socket] + arguments).out
        }

        /// Starts the server with one session running `command`. With posix_spawn and the
        /// standard streams on /dev/null, not Foundation's Process: the server the client forks
        /// would inherit Process's pipes and its exit watch, and waiting for the client would
        /// wait for the server.
        func start(_ command: String) throws {
            // The pane stays once its command ends, saying how it ended.
            let arguments = [
                "/usr/bin/tmux", "-L", socket, "new-session", "-d", "-s", "palette", "-x", "100",
                "-y", "30",
                command, ";", "set-option", "-w", "-t", "palette", "remain-on-exit", "on",
            ]
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for fd: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(
                    &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            let argv = arguments.map { strdup($0) } + [nil]
            defer { for a in argv { free(a) } }
            // Default signal actions and no blocked signal: the test runner's threads block
            // some, and a server that inherited that would neither reap its panes nor quit.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            var all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid = pid_t()
            try #require(posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ) == 0)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        /// Ends the pane's processes (the palette, if a failed test left it running) and the server.
        func stop() {
            if let pid = Int32(
                ((try? run(["display-message", "-p", "-t", "palette", "#{pane_pid}"])) ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
            {
                kill(-pid, SIGKILL)
            }
            _ = try? run(["kill-server"])
        }

        func screen() -> String { (try? run(["capture-pane", "-t", "palette", "-p"])) ?? "" }

        /// Waits (up to 20 s) until the screen contains `text`; returns whether it did.
        func waitFor(_ text: String) throws -> Bool { try waitFor { $0.contains(text) } }

        /// Waits (up to 20 s) until `test` holds for the screen; returns whether it did.
        func waitFor(_ test: (String) -> Bool) throws -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if test(screen()) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }

    /// Waits (up to 20 s) for `path` to hold a line; returns whether it did.
    func waitForFile(_ path: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
                return true
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test(
        .enabled(
            if: tmuxInstalled
                && FileManager.default.fileExists(atPath: "/usr/share/alsa/alsa.conf"),
            "tmux and ALSA's file plugin are the terminal and the device"))
    func aLiveSessionFollowsKeysAndTheMouseAndPlays() throws {
        let device = try ALSAFileDevice()
        defer { device.home.cleanUp() }
        let tmux = Tmux()
        defer { tmux.stop() }
        // A shell in the pane waits for the palette and writes its exit status to a file: tmux
        // itself can take tens of seconds to notice a pane's process ended on a loaded machine
        // (the process stays a zombie while no other process holds the terminal).
        let status = device.home.file("palette.status")
        let command =
            "HOME='\(device.home.path)' '\(CLI.binary.path)' palette; echo $? > '\(status)'"
        try tmux.start(command)

        #expect(
            try tmux.waitFor("sharpness 0.50   intensity 0.50   continuous on"), "\(tmux.screen())")
        try tmux.run(["send-keys", "-t", "palette", "Up", "Up", "Up", "Right"])
        #expect(try tmux.waitFor("sharpness 0.55   intensity 0.65"), "\(tmux.screen())")
        // A click on the pad: column 12, row 4 is x = 10/40, y = 1 − 1/10.
        try tmux.run(["send-keys", "-t", "palette", "-l", "\u{1B}[<0;12;4M"])
        #expect(try tmux.waitFor("sharpness 0.25   intensity 0.90"), "\(tmux.screen())")
        // The meter shows the actuator's level once the continuous player's drive has reached
        // the device (the meter's bar is full at 1.0).
        #expect(try tmux.waitFor { $0.outputLevel >= 0.1 }, "\(tmux.screen())")
        try tmux.run(["send-keys", "-t", "palette", "Space", "c"])
        #expect(try tmux.waitFor("continuous off"), "\(tmux.screen())")
        try tmux.run(["send-keys", "-t", "palette", "q"])
        #expect(try waitForFile(status), "\(tmux.screen())")
        #expect((try? String(contentsOfFile: status, encoding: .utf8)) == "0\n")

        // The continuous player reached the device: audio + ½·acceleration, never NaN.
        let received = try device.samples()
        #expect(received.allSatisfy { $0.isFinite })
        #expect(
            received.contains { abs($0) > 0.05 },
            "the device received \(received.count) samples, all quiet")
    }

    @Test func aScriptedSessionHasTheExpectedEnvelopeAndRendersTheSameTwice() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let script = try dir.write(
            "session.txt",
            """
            # the continuous player at half intensity, then full, then a tap after it stops
            0.2 move 0.5 0.5
            0.2 begin
            0.7 move 0.5 1.0
            1.2 end
            1.4 tap
            """)
        let first = dir.path + "/a.wav"
        let second = dir.path + "/b.wav"
        for output in [first, second] {
            let r = try CLI.run(["palette", "--script", script, "-o", output, "--layout", "haptic"])
            try #require(r.status == 0, "\(r.stderr)")
        }
        let audio = try readBack(first)
        #expect(audio.channels == 1)
        #expect(audio.frames == Int((1.4 * 48_000).rounded()) + ringDownFrames)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: first))
                == Data(contentsOf: URL(fileURLWithPath: second)))

        func window(_ from: Double, _ to: Double) -> ArraySlice<Float> {
            audio.samples[Int(from * 48_000)..<Int(to * 48_000)]
        }
        let half = rms(window(0.4, 0.7))
        let full = rms(window(0.9, 1.2))
        #expect(window(0, 0.2).allSatisfy { $0 == 0 }, "silent before the player begins")
        #expect(half > 0.02, "the continuous player sounds at half intensity (rms \(half))")
        #expect(full > 1.5 * half, "full intensity is stronger: rms \(full) vs \(half)")
        #expect(rms(window(1.3, 1.4)) < 0.05 * half, "quiet once the player has stopped")
        #expect(window(1.4, 1.45).map { abs($0) }.max()! > 0.2, "the tap's transient")
    }

    @Test func aBadScriptLineIsAnErrorNamingIt() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let script = try dir.write("bad.txt", "0 begin\n0.5 move 2 0.5\n")
        let r = try CLI.run(["palette", "--script", script, "-o", dir.path + "/out.wav"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "bad.txt:2: error: move takes a sharpness and an intensity between 0 and 1"),
            "\(r.stderr)")
        #expect(listing(dir.path) == ["bad.txt"], "no output file")
    }

    /// Times past the render limit (once a trap converting 1e308 to frames, or 34 GB asked
    /// for at once), scripts that cannot be read and outputs that are no WAV are errors naming
    /// the file, and leave nothing.
    @Test func hostileScriptsAndOutputsAreErrorsNamingThem() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("far.txt", "0 begin\n1e308 tap\n")
        try dir.write("late.txt", "90000 tap\n")
        try dir.write("big.txt", String(repeating: "0 tap\n", count: 200_000))
        try dir.write("ok.txt", "0 tap\n")
        let before = FolderSnapshot(dir.path)
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["far.txt"], 1, "far.txt:2: error: `1e308` is past the longest session, 3600.0 s"),
            (["late.txt"], 1, "late.txt:1: error: `90000` is past the longest session"),
            (["big.txt"], 1, "big.txt: error: the file is 1200000 bytes, more than the limit"),
            (["."], 1, ".: error: the file cannot be read (Is a directory)"),
            (["ok.txt", "-o", "x.flac"], 64, "the palette writes WAV; name it .wav"),
            (["ok.txt", "--sample-rate", "400000"], 64, "between 8000 and 384000"),
        ]
        for c in cases {
            let r = try CLI.runRaw(["palette", "--script"] + c.arguments, in: dir.path)
            #expect(r.status == c.status, "\(c.arguments): \(r.stderr)")
            #expect(r.stderr.contains(c.message), "\(c.arguments): \(r.stderr)")
        }
        Hostile.expectIntact(dir.path, since: before, inputs: ["far.txt", "late.txt", "ok.txt"])
        #expect(listing(dir.path) == ["big.txt", "far.txt", "late.txt", "ok.txt"])
    }
}

extension String {
    /// The level the palette's `output` line shows (0 when the screen has none yet).
    fileprivate var outputLevel: Double {
        guard let line = split(separator: "\n").first(where: { $0.hasPrefix("output ") }),
            let last = line.split(separator: " ").last
        else { return 0 }
        return Double(last) ?? 0
    }
}
