import Foundation
import HapticRender
import HapticTestSupport
import SoundFile
import Testing

@Suite struct RenderCommandTests {
    @Test func layoutsHaveTheDocumentedChannelsOrderAndScale() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        func render(_ layout: String, _ extra: [String] = []) throws -> DecodedAudio {
            let out = dir.path + "/\(layout).\(layout == "android" ? "ogg" : "wav")"
            let r = try CLI.run(
                ["render", input, "--layout", layout, "-o", out, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try readBack(out)
        }
        let split = try render("split")
        #expect(split.channels == 4)
        let (l, r, drive, acceleration) = (
            channel(split, 0), channel(split, 1), channel(split, 2), channel(split, 3)
        )
        // Every signal is present: audio from 0.2 s, haptics from 0 s.
        #expect(rms(l[9_600..<33_600]) > 0.05 && rms(r[9_600..<33_600]) > 0.05)
        #expect(rms(l[0..<9_000]) == 0)
        #expect(rms(drive[0..<48_000]) > 0.05 && rms(acceleration[0..<48_000]) > 0.05)
        #expect(drive.allSatisfy { abs($0) <= 1 })  // 1.0 = the voltage clamp

        #expect(try channel(render("haptic"), 0) == acceleration)
        #expect(try channel(render("drive"), 0) == drive)
        let audio = try render("audio")
        #expect(audio.channels == 2 && channel(audio, 0) == l && channel(audio, 1) == r)
        let audition = try render("audition")
        #expect(audition.channels == 2)
        #expect(channel(audition, 0) == zip(l, acceleration).map { $0 + 0.5 * $1 })
        #expect(channel(audition, 1) == zip(r, acceleration).map { $0 + 0.5 * $1 })

        // Android: Ogg Vorbis, audio then one haptic channel, tagged for AOSP's extractor.
        let android = try render("android")
        #expect(android.channels == 3 && android.frames == split.frames)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/android.ogg"))
        #expect(bytes.range(of: Data("ANDROID_HAPTIC=1".utf8)) != nil)
        let haptic = channel(android, 2)
        let dot = zip(haptic, drive).reduce(0.0) { $0 + Double($1.0) * Double($1.1) }
        let correlation = dot / (rms(haptic[...]) * rms(drive[...]) * Double(drive.count))
        #expect(
            correlation > 0.99, "the haptic channel is the drive signal (lossy): r = \(correlation)"
        )
    }

    /// Every format of the writer's table is one `render` writes, named by `-o`'s extension
    /// or by `--type` with any of its names.
    @Test func everyWritableFormatRenders() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        for format in SoundFileFormat.allWritable {
            let byExtension = dir.path + "/x." + format.fileExtension
            let r = try CLI.run(["render", input, "-o", byExtension, "--quiet"])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(try SoundFile.info(path: byExtension).container == format)
            for name in format.names {
                let byType = dir.path + "/t-\(name)"
                let t = try CLI.run([
                    "render", input, "-o", byType, "--type", name.uppercased(), "--quiet",
                ])
                #expect(t.status == 0, "--type \(name): \(t.stderr)")
                #expect(try SoundFile.info(path: byType).container == format, "--type \(name)")
            }
        }
        let help = try CLI.run(["render", "--help"])
        #expect(help.stdout.contains("wav, flac, ogg, aiff, opus or mp3"), "\(help.stdout)")
    }

    @Test func formatsReadBackWithLibsndfile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        for (name, extra, expectedFormat) in [
            ("a.wav", ["--sample-format", "pcm16"], SampleFormat.pcm16),
            ("b.flac", [], SampleFormat.pcm24),
            ("c.wav", [], SampleFormat.float32),
        ] {
            let r = try CLI.run(["render", input, "-o", dir.path + "/" + name, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            let info = try SoundFile.info(path: dir.path + "/" + name)
            #expect(info.sampleFormat == expectedFormat)
            #expect(info.frames == fixtureFrames && info.channels == 2 && info.sampleRate == 48_000)
        }
        let ogg = try CLI.run([
            "render", input, "-o", dir.path + "/d.ogg", "--sample-rate", "44100", "--quiet",
        ])
        #expect(ogg.status == 0, "\(ogg.stderr)")
        let decoded = try readBack(dir.path + "/d.ogg")
        #expect(decoded.sampleRate == 44_100 && decoded.channels == 2)
        #expect(
            decoded.frames == 44_982
                + Int((ActuatorProfile.iphone.ringDownSeconds * 44_100).rounded()))
    }

    @Test func lengthFollowsDurationRateLoopAndStart() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        func frames(_ extra: [String]) throws -> Int {
            let out = dir.path + "/out-\(UUID().uuidString).wav"
            let r = try CLI.run(["render", input, "-o", out, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try SoundFile.info(path: out).frames
        }
        // The haptic event ends at 1 s and its 20 ms release follows; then the ring-down.
        #expect(try frames([]) == fixtureFrames)
        #expect(try frames(["--duration", "2.5"]) == 120_000)
        #expect(try frames(["--duration", "0.25"]) == 12_000)
        // The rate halves event times, not envelope times.
        #expect(try frames(["--rate", "2"]) == 24_000 + 960 + ringDownFrames)
        #expect(try frames(["--loop", "3"]) == 3 * 48_000 + 960 + ringDownFrames)
        // Seeking drops events that started earlier (Core Haptics): only the pattern's
        // remaining 0.5 s is rendered.
        #expect(try frames(["--start", "0.5"]) == 24_000 + ringDownFrames)
    }

    @Test func runtimeParameterChangesTheOutputFromItsTime() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        for (name, extra) in [
            ("plain", [String]()), ("param", ["--param", "HapticIntensityControl=0.3@0.5"]),
        ] {
            let r = try CLI.run(
                ["render", input, "--layout", "haptic", "-o", dir.path + "/\(name).wav", "--quiet"]
                    + extra)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let plain = channel(try readBack(dir.path + "/plain.wav"), 0)
        let param = channel(try readBack(dir.path + "/param.wav"), 0)
        // Identical until the drive period (64 samples) that reaches 0.5 s — continuous
        // haptics evaluate their controls every 64 samples and interpolate — then the
        // intensity control lowers the vibration.
        #expect(Array(plain[0..<(24_000 - 64)]) == Array(param[0..<(24_000 - 64)]))
        let ratio = rms(param[31_200..<45_600]) / rms(plain[31_200..<45_600])
        #expect(ratio < 0.6 && ratio > 0.05, "level ratio \(ratio)")
    }

    @Test func mixWithLaysTheSoundtrackUnderThePattern() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        // A 2 s, 440 Hz mono soundtrack at 44.1 kHz: longer than the pattern.
        let n = 88_200
        var w = try SoundFileWriter(
            path: dir.path + "/track.wav", format: .wav, sampleRate: 44_100, channels: 1)
        try w.write((0..<n).map { Float(0.25 * sin(2 * Double.pi * 440 * Double($0) / 44_100)) })
        try w.finish()
        let r = try CLI.run([
            "render", input, "--layout", "audio", "--mix-with", dir.path + "/track.wav",
            "-o", dir.path + "/mixed.wav", "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let mixed = try readBack(dir.path + "/mixed.wav")
        #expect(mixed.frames == 96_000)  // the soundtrack's length, converted to 48 kHz
        let tail = channel(mixed, 0)[60_000..<90_000].map(Double.init)
        let at440 = SignalAnalysis.goertzel(tail, hz: 440, sampleRate: 48_000)
        let at1k = SignalAnalysis.goertzel(tail, hz: 1_000, sampleRate: 48_000)
        #expect(at440 > 0.2 && at1k < 0.01, "440 Hz: \(at440), 1 kHz: \(at1k)")
        // A layout without audio channels cannot carry a soundtrack.
        let bad = try CLI.run([
            "render", input, "--layout", "haptic", "--mix-with", dir.path + "/track.wav", "-o",
            dir.path + "/x.wav",
        ])
        #expect(bad.status == 64 && bad.stderr.contains("--mix-with needs a layout with audio"))
    }

    @Test func existingOutputsAndInputsAreNeverOverwritten() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let output = dir.path + "/p.wav"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
        let refused = try CLI.run(["render", input])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("p.wav already exists; use --force to replace it"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
        let forced = try CLI.run(["render", input, "--force", "--quiet"])
        #expect(forced.status == 0)
        #expect(try SoundFile.info(path: output).channels == 2)
        // The input itself, even with --force.
        let original = try String(contentsOfFile: input, encoding: .utf8)
        let onto = try CLI.run(["render", input, "-o", input, "--force", "--type", "wav"])
        #expect(onto.status == 64 && onto.stderr.contains("which is the input"), "\(onto.stderr)")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == original)
    }

    @Test func aBadInputFailsAloneAndLeavesNoFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("in/a.ahap", renderFixture)
        try dir.write("in/b.ahap", "{\"Pattern\": [\n  {\"Event\": }\n]}")
        try dir.write("in/c.ahap", renderFixture)
        let r = try CLI.run([
            "render", dir.path + "/in", "--output-dir", dir.path + "/out", "--jobs", "2",
        ])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("b.ahap: error: the AHAP file was rejected (lenient mode, 1 error)"))
        #expect(r.stderr.contains("b.ahap:2:13: error:"))
        #expect(r.stderr.contains("rendered 2 of 3 files"))
        #expect(listing(dir.path + "/out") == ["a.wav", "c.wav"])
    }

    @Test func usageErrorsExit64() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let a = try dir.write("a.ahap", renderFixture)
        let b = try dir.write("b.ahap", renderFixture)
        try FileManager.default.createDirectory(
            atPath: dir.path + "/empty", withIntermediateDirectories: false)
        let cases: [([String], String)] = [
            (["render", a, b, "-o", dir.path + "/x.wav"], "-o names one output"),
            (["render", a, "--layout", "android", "--type", "wav"], "use --type ogg"),
            (["render", a, "--actuator", "iphon"], "unknown actuator 'iphon'"),
            (["render", a, "--param", "HapticIntensity=2"], "--param"),
            (["render", a, "--rate", "0"], "--rate must be a positive number"),
            (["render", a, "--type", "flac", "--sample-format", "float32"], "float32"),
            (
                ["render", dir.path + "/missing.ahap"],
                "\(dir.path)/missing.ahap: error: No such file or directory"
            ),
            (
                ["render", a, "--type", "opus", "-o", dir.path + "/x.wav"],
                "names a .wav file but --type is opus"
            ),
            (["render", dir.path + "/empty"], "no pattern files found"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(listing(dir.path) == ["a.ahap", "b.ahap", "empty"])
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        for (ext, extra) in [("wav", [String]()), ("flac", []), ("ogg", ["--layout", "android"])] {
            var hashes: [Data] = []
            for run in 0..<2 {
                let out = dir.path + "/\(run).\(ext)"
                let r = try CLI.run(["render", input, "-o", out, "--quiet"] + extra)
                #expect(r.status == 0, "\(r.stderr)")
                hashes.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(hashes[0] == hashes[1], "\(ext) output differs between runs")
        }
    }

    @Test func outputDirMirrorsTheInputTreeAndJobsDoNotChangeBytes() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("in/a/x.ahap", renderFixture)
        try dir.write(
            "in/b/x.ahap",
            renderFixture.replacingOccurrences(
                of: "\"EventDuration\": 1,", with: "\"EventDuration\": 0.5,"))
        try dir.write("in/b/notes.json", #"{"name": "not a pattern"}"#)
        for jobs in ["1", "2"] {
            let r = try CLI.run([
                "render", dir.path + "/in", "--output-dir", dir.path + "/out\(jobs)", "--jobs",
                jobs, "--quiet",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(listing(dir.path + "/out\(jobs)") == ["a", "a/x.wav", "b", "b/x.wav"])
        }
        for file in ["a/x.wav", "b/x.wav"] {
            #expect(
                FileManager.default.contentsEqual(
                    atPath: dir.path + "/out1/" + file, andPath: dir.path + "/out2/" + file))
        }
        #expect(
            !FileManager.default.contentsEqual(
                atPath: dir.path + "/out1/a/x.wav", andPath: dir.path + "/out1/b/x.wav"))
    }

    @Test func metadataRecordsToolSourceActuatorLayoutAndScale() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["render", input, "--actuator", "coin", "--layout", "split", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let tags = try SoundFile.metadata(path: dir.path + "/p.wav")
        #expect(tags[.software]?.hasPrefix("ahap-render ") == true)
        #expect(tags[.title] == "p.ahap")
        let comment = try #require(tags[.comment])
        for part in [
            "source=p.ahap", "actuator=coin", "layout=split", "acceleration 1.0 = 2.0 g",
            "audio L, audio R, drive, acceleration",
        ] {
            #expect(comment.contains(part), "\(comment)")
        }
    }

    @Test func actuatorProfileFromJSON() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let profile = try dir.write(
            "soft.json", #"{"base": "iphone", "name": "soft", "resonanceHz": 120}"#)
        let ok = try CLI.run([
            "render", input, "--actuator", profile, "--layout", "haptic", "-o",
            dir.path + "/soft.wav", "--quiet",
        ])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(
            try SoundFile.metadata(path: dir.path + "/soft.wav")[.comment]?.contains(
                "actuator=soft") == true)
        let bad = try dir.write("bad.json", "{\"base\": \"iphone\",\n  \"resonanceHz\": 30000}")
        let r = try CLI.run(["render", input, "--actuator", bad, "-o", dir.path + "/bad.wav"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("bad.json:2:3: error: 'resonanceHz' = 30000.0 is out of range"),
            "\(r.stderr)")
    }

    @Test func interruptLeavesNoPartialFile() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write(
            "long.ahap",
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 30}}]}"#
        )
        let process = Process()
        process.executableURL = CLI.binary
        // 3,000 s of audio: far longer than the test waits.
        process.arguments = ["render", input, "--loop", "100", "-o", dir.path + "/long.wav"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists: rendering has started.
        let deadline = Date().addingTimeInterval(20)
        while !listing(dir.path).contains(where: { $0.hasSuffix(".partial") }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(listing(dir.path).contains { $0.hasSuffix(".partial") })
        process.interrupt()  // SIGINT, as Ctrl-C
        process.waitUntilExit()
        // Ends by the signal itself once its temporary file is gone: a shell reports 130.
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(listing(dir.path) == ["long.ahap"])
    }

    @Test(needsCorpus) func corpusCustomAudioIsHeardThroughTheCLI() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // Apple's Unity sample keeps its WAVs in another folder: --search-root finds them.
        let file = try #require(
            Corpus.patternFiles().first { $0.hasSuffix("Ricochet/HapticPatterns/ShieldOn.ahap") })
        let sounds = Corpus.url(file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../!Copy-To-StreamingAssets!/CoreHaptics/Ricochet")
            .standardized.path
        let without = try CLI.run([
            "render", Corpus.url(file).path, "--layout", "audio", "-o", dir.path + "/a.wav",
        ])
        #expect(
            without.status == 0 && without.stderr.contains("resource.not-found"),
            "\(without.stderr)")
        #expect(rms(channel(try readBack(dir.path + "/a.wav"), 0)[...]) == 0)
        let with = try CLI.run([
            "render", Corpus.url(file).path, "--layout", "audio", "--search-root", sounds,
            "-o", dir.path + "/b.wav", "--quiet",
        ])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(rms(channel(try readBack(dir.path + "/b.wav"), 0)[...]) > 0.01)
    }
}

@Suite struct RenderProgressTests {
    /// 60 s of a continuous event: long enough for several progress updates in a debug build.
    func longInput(_ dir: TempFolder) throws -> String {
        try dir.write(
            "long.ahap",
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 30}}]}"#
        )
    }

    @Test func plainLinesWhenNotATerminal() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let r = try CLI.run([
            "render", try longInput(dir), "--loop", "2", "-o", dir.path + "/l.wav",
            "--progress-interval", "0.05",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        let progress = lines.filter { $0.hasPrefix("[0/1] ") && $0.contains(" s audio") }
        #expect(progress.count >= 2, "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}["))  // no terminal control codes in a log
        #expect(
            lines.last?.hasPrefix("rendered 1 of 1 file: 60.1 s of audio") == true, "\(r.stderr)")
    }

    @Test func statusLineRewrittenOnATerminal() throws {
        let script = "/usr/bin/script"
        try #require(
            FileManager.default.isExecutableFile(atPath: script),
            "util-linux script(1) provides the terminal")
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let command = [
            CLI.binary.path, "render", try longInput(dir), "--loop", "2", "-o", dir.path + "/l.wav",
        ]
        .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qc", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Each update returns to the line start and clears it, then shows files, audio, speed.
        #expect(text.contains("\r\u{1B}[K[0/1] "), "\(text.debugDescription.prefix(400))")
        #expect(text.contains("× realtime"))
        #expect(text.contains("rendered 1 of 1 file"))
    }

    @Test func quietPrintsNothingOnSuccess() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["render", input, "--quiet"])
        #expect(r.status == 0 && r.stderr.isEmpty && r.stdout.isEmpty)
    }
}

@Suite(needsCorpus) struct RenderCorpusCommandTests {
    /// Every AHAP of the shared corpus as one batch: every file renders (lenient), in
    /// parallel. (A folder of links to them: the corpus folder itself also holds the peers'
    /// `.haptic` test clips, some invalid by design and some beside an AHAP of the same name.)
    @Test func everyCorpusFileRendersInOneBatch() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let links = dir.path + "/corpus"
        for file in Corpus.patternFiles() {
            let link = links + "/" + file
            try FileManager.default.createDirectory(
                atPath: (link as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: link, withDestinationPath: Corpus.url(file).path)
        }
        let r = try CLI.run([
            "render", links, "--output-dir", dir.path + "/out", "--sample-rate", "16000",
            "--jobs", "2", "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr.suffix(2_000))")
        let outputs = listing(dir.path + "/out").filter { $0.hasSuffix(".wav") }
        let expected = Corpus.patternFiles().map { ($0 as NSString).deletingPathExtension + ".wav" }
            .sorted()
        #expect(outputs == expected)
        for file in outputs.prefix(10) {
            let info = try SoundFile.info(path: dir.path + "/out/" + file)
            #expect(info.channels == 2 && info.sampleRate == 16_000 && info.frames > 0)
        }
    }

    /// The designer clips (`.haptic`, found by the folder search) render too.
    @Test func designerClipsRender() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let r = try CLI.run([
            "render", Corpus.url("designer").path, "--output-dir", dir.path, "--sample-rate",
            "16000", "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(dir.path).filter { $0.hasSuffix(".wav") }.count == 9)
    }
}
