import Foundation
import HapticPattern
import HapticTestSupport
import SoundFile
import Testing

/// `ahap-render generate` end to end on audio written here (no external tools): strict
/// validity, the actuator's transient budget, determinism, LFE, and every kind of bad input.
@Suite struct GenerateCommandTests {
    /// Writes `frames` of `channels`-channel audio from `sample(frame, channel)`.
    @discardableResult
    func writeWAV(
        _ path: String, rate: Int = 48_000, channels: Int = 1, frames: Int,
        _ sample: (Int, Int) -> Double
    ) throws -> String {
        var w = try SoundFileWriter(
            path: path, format: .wav, sampleFormat: .pcm16, sampleRate: rate, channels: channels)
        var data = [Float](repeating: 0, count: frames * channels)
        for f in 0..<frames {
            for c in 0..<channels { data[f * channels + c] = Float(sample(f, c)) }
        }
        try w.write(data)
        try w.finish()
        return path
    }

    /// Decaying 60 Hz + noise bursts every `period` s over a quiet 220 Hz tone.
    func hits(period: Double, rate: Int = 48_000) -> (Int, Int) -> Double {
        var seed: UInt64 = 1
        return { f, _ in
            let t = Double(f) / Double(rate)
            let since = t.truncatingRemainder(dividingBy: period)
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(Int64(bitPattern: seed) >> 11) / Double(1 << 52)
            return 0.05 * sin(2 * .pi * 220 * t) + 0.7 * exp(-since * 30)
                * (0.5 * sin(2 * .pi * 60 * t) + 0.3 * noise)
        }
    }

    func decodeStrict(_ path: String) throws -> PatternDecodeResult {
        AHAPDecoder(options: .init(mode: .strict)).decode(
            Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func hitsBecomeTransientsInAStrictlyValidFileNamingSourceAndPreset() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try writeWAV(dir.path + "/hits.wav", frames: 48_000 * 6, hits(period: 0.5))
        let r = try CLI.run(["generate", input, "--preset", "sfx"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote \(dir.path)/hits.ahap"))
        let result = try decodeStrict(dir.path + "/hits.ahap")
        #expect(
            result.accepted && result.diagnostics.filter { $0.severity != .note }.isEmpty,
            "\(result.diagnostics)")
        let pattern = try #require(result.pattern)
        let times = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        #expect(times.count == 12, "\(times)")
        for (k, t) in times.enumerated() {
            #expect(abs(t - Double(k) * 0.5) <= 0.03, "hit \(k) at \(t)")
        }
        let meta = Dictionary(uniqueKeysWithValues: pattern.metadata.map { ($0.key, $0.value) })
        #expect(meta["Source"] == .string("hits.wav") && meta["Preset"] == .string("sfx"))
        let lint = try CLI.run(["lint", "--strict", dir.path + "/hits.ahap"])
        #expect(lint.status == 0 && lint.stderr.contains("0 errors, 0 warnings"), "\(lint.stderr)")
    }

    @Test func outputIsByteIdenticalForTheSameInputAndOptions() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try writeWAV(
            dir.path + "/in.wav", rate: 44_100, channels: 2, frames: 44_100 * 5,
            hits(period: 0.37, rate: 44_100))
        for name in ["a", "b"] {
            let r = try CLI.run([
                "generate", input, "-o", dir.path + "/\(name).ahap", "--preset", "music", "--quiet",
            ])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/a.ahap"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/b.ahap"))
        #expect(!a.isEmpty && a == b)
    }

    @Test func denseClicksStayWithinTheTransientBudget() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // 50 clicks per second, alternating loud and soft, for 3 s.
        let input = try writeWAV(dir.path + "/dense.wav", frames: 48_000 * 3) { f, _ in
            let within = f % 960
            return within < 48 ? (f / 960 % 2 == 0 ? 0.9 : 0.3) * sin(Double(within) * 0.7) : 0
        }
        for preset in ["sfx", "music", "film", "texture"] {
            let out = dir.path + "/dense-\(preset).ahap"
            let r = try CLI.run(["generate", input, "-o", out, "--preset", preset, "--quiet"])
            #expect(r.status == 0, "\(preset): \(r.stderr)")
            let pattern = try #require(try decodeStrict(out).pattern)
            // Whole milliseconds, the file's resolution: 0.16 and 1.16 are a second apart.
            let times = pattern.events.filter { $0.type == .hapticTransient }.map {
                Int(($0.time * 1_000).rounded())
            }.sorted()
            for (a, b) in zip(times, times.dropFirst()) {
                // No closer than one click of the actuator lasts (TransientBudget.clickSeconds).
                #expect(b - a >= 8, "\(preset): \(a) → \(b) ms")
            }
            var lo = 0
            for hi in times.indices {
                while times[hi] - times[lo] >= 1_000 { lo += 1 }
                #expect(
                    hi - lo + 1 <= 125,
                    "\(preset): \(hi - lo + 1) transients in a second from \(times[lo]) ms")
            }
        }
    }

    @Test func longSustainedSoundSplitsIntoEventsOfAtMostThirtySecondsWithSmallCurves() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // 75 s of a slowly swelling 50 Hz + 400 Hz tone at 8 kHz.
        let input = try writeWAV(dir.path + "/drone.wav", rate: 8_000, frames: 8_000 * 75) { f, _ in
            let t = Double(f) / 8_000
            return (0.3 + 0.2 * sin(2 * .pi * t / 7))
                * (sin(2 * .pi * 50 * t) + 0.3 * sin(2 * .pi * 400 * t))
        }
        let out = dir.path + "/drone.ahap"
        let r = try CLI.run(["generate", input, "-o", out, "--preset", "texture", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let result = try decodeStrict(out)
        #expect(
            result.accepted && result.diagnostics.filter { $0.severity != .note }.isEmpty,
            "\(result.diagnostics)")
        let pattern = try #require(result.pattern)
        let continuous = pattern.events.filter { $0.type == .hapticContinuous }
        #expect(continuous.count >= 3)
        #expect(continuous.allSatisfy { ($0.duration ?? 0) <= 30 && ($0.duration ?? 0) > 0 })
        let covered = continuous.reduce(0) { $0 + ($1.duration ?? 0) }
        #expect(covered > 70, "continuous haptics cover \(covered) s of 75")
        #expect(
            !pattern.curves.isEmpty
                && pattern.curves.allSatisfy { $0.points.count <= 16 && $0.points.first?.time == 0 }
        )
    }

    @Test func theLFEChannelOfA51FileIsFelt() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // Only the LFE (channel 4 of L R C LFE Ls Rs) carries sound: a 40 Hz rumble.
        let input = try writeWAV(dir.path + "/lfe.wav", channels: 6, frames: 48_000 * 10) { f, c in
            c == 3 ? 0.5 * sin(2 * .pi * 40 * Double(f) / 48_000) : 0
        }
        let out = dir.path + "/lfe.ahap"
        let r = try CLI.run(["generate", input, "-o", out, "--preset", "film", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let pattern = try #require(try decodeStrict(out).pattern)
        #expect(pattern.events.contains { $0.type == .hapticContinuous && ($0.duration ?? 0) > 9 })
    }

    @Test func badInputsFailNamingTheFileWithoutOutput() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let text = try dir.write("notes.wav", "this is not audio\n")
        let empty = try dir.write("empty.wav", "")
        let noFrames = try writeWAV(dir.path + "/noframes.wav", frames: 0) { _, _ in 0 }
        let silent = try writeWAV(dir.path + "/silent.wav", frames: 48_000 * 2) { _, _ in 0 }
        let garbage = dir.path + "/garbage.wav"
        try Hostile.floatWAV(
            at: garbage, bad: Dictionary(uniqueKeysWithValues: (0..<48_000).map { ($0, Float.nan) })
        )
        let whole = try writeWAV(dir.path + "/whole.wav", frames: 48_000 * 2, hits(period: 0.5))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        bytes.removeLast(bytes.count / 2)
        let truncated = dir.path + "/truncated.wav"
        try bytes.write(to: URL(fileURLWithPath: truncated))
        // `whole`'s header claiming another rate (its fmt chunk's sample and byte rates).
        func claiming(_ rate: UInt32) throws -> String {
            var header = try Data(contentsOf: URL(fileURLWithPath: whole))
            let fmt = try #require(header.firstRange(of: Data("fmt ".utf8))).lowerBound
            for (offset, value) in [(fmt + 12, rate), (fmt + 16, rate &* 2)] {
                withUnsafeBytes(of: value.littleEndian) {
                    header.replaceSubrange(offset..<(offset + 4), with: $0)
                }
            }
            let path = dir.path + "/rate\(rate).wav"
            try header.write(to: URL(fileURLWithPath: path))
            return path
        }
        let cases: [(String, [String], String)] = [
            (text, [], "not readable audio"),
            (empty, [], "not readable audio"),
            (noFrames, [], "contains no audio"),
            (silent, [], "is silent"),
            (garbage, [], "nothing audible remains: 48000 samples are NaN, infinite or beyond"),
            (truncated, [], "truncated"),
            (try claiming(4_000), [], "unsupported sample rate 4000 Hz"),
            (try claiming(2_147_483_647), [], "unsupported sample rate 2147483647 Hz"),
            (whole, ["--max-input-duration", "1"], "more than the limit of 1 s"),
            (whole, ["--max-duration", "1"], "more than the limit of 1 s"),  // deprecated spelling
        ]
        for (input, extra, message) in cases {
            let out = dir.path + "/out.ahap"
            let r = try CLI.run(["generate", input, "-o", out] + extra)
            #expect(r.status == 1, "\(input): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(input) && r.stderr.contains(message), "\(input): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(input) left \(out)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
                $0.hasSuffix(".ahap") || $0.hasPrefix(".")
            }
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
        // One bad input does not stop the good one; the exit status still says something failed.
        let mixed = try CLI.run([
            "generate", silent, whole, "--output-dir", dir.path + "/out", "--quiet",
        ])
        // Files named by their absolute paths mirror below the folder they share (OutputNaming).
        #expect(
            mixed.status == 1
                && FileManager.default.fileExists(atPath: dir.path + "/out/whole.ahap"))
        // Usage errors: a missing file, a folder without audio, -o with two inputs.
        #expect(try CLI.run(["generate", dir.path + "/missing.wav"]).status == 64)
        try FileManager.default.createDirectory(
            atPath: dir.path + "/no-audio", withIntermediateDirectories: true)
        let none = try CLI.run(["generate", dir.path + "/no-audio"])
        #expect(
            none.status == 64 && none.stderr.contains("no-audio: error: no audio files found"),
            "\(none.stderr)")
        #expect(try CLI.run(["generate", whole, silent, "-o", dir.path + "/x.ahap"]).status == 64)
    }

    @Test func anExistingOutputIsKeptUnlessForced() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try writeWAV(dir.path + "/in.wav", frames: 48_000 * 2, hits(period: 0.5))
        let out = try dir.write("in.ahap", "keep me")
        let kept = try CLI.run(["generate", input])
        #expect(kept.status == 1 && kept.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
        #expect(try CLI.run(["generate", input, "--force", "--quiet"]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("HapticTransient"))
    }
}

/// `generate` over catalogues: folders searched, mirrored outputs, lists, resuming, threads.
@Suite struct GenerateBatchTests {
    func clip(_ dir: TempFolder, _ relative: String, period: Double) throws -> String {
        let path = dir.path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try GenerateCommandTests().writeWAV(
            path, rate: 16_000, frames: 16_000 * 2,
            GenerateCommandTests().hits(period: period, rate: 16_000))
    }

    @Test func foldersMirrorIntoTheOutputFolderAndTheSameNamesNeverCollide() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try clip(dir, "in/a/x.wav", period: 0.5)
        try clip(dir, "in/b/x.wav", period: 0.3)
        try dir.write("in/b/readme.txt", "not audio")
        let r = try CLI.run([
            "generate", dir.path + "/in", "--output-dir", dir.path + "/out", "--jobs", "2",
            "--progress-interval", "0.01",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["a/x", "b/x"] {
            #expect(
                FileManager.default.fileExists(atPath: dir.path + "/out/\(name).ahap"), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/b/readme.ahap"))
        #expect(r.stderr.contains("generated for 2 of 2 files"), "\(r.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/a/x.ahap"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/out/b/x.ahap"))
        #expect(a != b)
        // One thread writes the same bytes as two.
        let one = try CLI.run([
            "generate", dir.path + "/in", "--output-dir", dir.path + "/one", "--jobs", "1",
            "--quiet",
        ])
        #expect(one.status == 0 && one.stderr.isEmpty, "\(one.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/one/a/x.ahap")) == a)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/one/b/x.ahap")) == b)
    }

    @Test func aListResumesWithSkipExistingAndLeavesDoneFilesAlone() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let first = try clip(dir, "one.wav", period: 0.5)
        let second = try clip(dir, "two.wav", period: 0.4)
        let list = try dir.write("list.txt", "# the slice\n\(first)\n\n")
        // Listed by absolute path: mirrored whole under --output-dir (OutputNaming).
        let out = dir.path + "/out" + dir.path
        let r1 = try CLI.run(["generate", "--from-list", list, "--output-dir", dir.path + "/out"])
        #expect(r1.status == 0 && r1.stderr.contains("wrote \(out)/one.ahap"), "\(r1.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: out + "/one.ahap"))
        try "\(first)\n\(second)\n".write(toFile: list, atomically: true, encoding: .utf8)
        let r2 = try CLI.run([
            "generate", "--from-list", list, "--output-dir", dir.path + "/out", "--skip-existing",
        ])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(
            r2.stderr.contains("skipped \(out)/one.ahap (already there)")
                && r2.stderr.contains("1 skipped"), "\(r2.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/two.ahap"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/one.ahap")) == before)
        // Without --skip-existing or --force an existing output is a failure, and -o takes one input.
        #expect(
            try CLI.run([
                "generate", "--from-list", list, "--output-dir", dir.path + "/out", "--quiet",
            ]).status == 1)
        #expect(
            try CLI.run(["generate", "--from-list", list, "-o", dir.path + "/x.ahap"]).status == 64)
        #expect(try CLI.run(["generate", first, "--force", "--skip-existing"]).status == 64)
        let missing = try dir.write("bad.txt", "\(dir.path)/nowhere.wav\n")
        let bad = try CLI.run(["generate", "--from-list", missing])
        #expect(
            bad.status == 64 && bad.stderr.contains("bad.txt:1: error: No such file or directory"),
            "\(bad.stderr)")
    }

    @Test func knobsReplaceThePresetsValuesAndBadOnesAreRefused() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try clip(dir, "in.wav", period: 0.25)
        let dense = try CLI.run(["generate", input, "-o", dir.path + "/dense.ahap", "--quiet"])
        let sparse = try CLI.run([
            "generate", input, "-o", dir.path + "/sparse.ahap", "--density", "2", "--quiet",
        ])
        #expect(dense.status == 0 && sparse.status == 0, "\(dense.stderr) \(sparse.stderr)")
        func transients(_ name: String) throws -> Int {
            try String(contentsOfFile: dir.path + "/\(name).ahap", encoding: .utf8).components(
                separatedBy: "HapticTransient"
            ).count - 1
        }
        let (many, few) = (try transients("dense"), try transients("sparse"))
        #expect(many >= 6 && few <= 4, "\(many) / \(few)")
        for bad in [
            ["--sensitivity", "2"], ["--density", "0"], ["--release", "-1"],
            ["--sharpness", "0.9-0.2"], ["--ducking", "1.5"],
        ] {
            #expect(
                try CLI.run(["generate", input, "-o", dir.path + "/bad.ahap"] + bad).status == 64,
                "\(bad)")
        }
        let help = try CLI.run(["generate", "--help"])
        for preset in ["sfx", "music", "film", "texture", "auto"] {
            #expect(help.stdout.contains("  \(preset) "), "\(preset)")
        }
        #expect(
            help.stdout.contains("  sfx      0.5          125      0.04     0.6-0.9    0\n"),
            "\(help.stdout)")
    }
}

/// `plot --mix-with`: the generated pattern drawn over the audio it came from.
@Suite struct PlotMixWithTests {
    @Test func theSourceJoinsTheAudioLane() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let source = dir.path + "/source.wav"
        var w = try SoundFileWriter(
            path: source, format: .wav, sampleFormat: .pcm16, sampleRate: 48_000, channels: 1)
        var samples = [Float](repeating: 0, count: 96_000)
        for f in samples.indices {
            let x = Double(f)
            let loud = f % 24_000 < 2_400
            samples[f] = Float(loud ? 0.8 * sin(x * 0.02) : 0.02 * sin(x * 0.05))
        }
        try w.write(samples)
        try w.finish()
        let ahap = dir.path + "/source.ahap"
        #expect(try CLI.run(["generate", source, "-o", ahap, "--quiet"]).status == 0)
        let plain = try CLI.run(["plot", ahap, "-o", dir.path + "/plain.svg"])
        let mixed = try CLI.run(["plot", ahap, "--mix-with", source, "-o", dir.path + "/mixed.svg"])
        #expect(plain.status == 0 && mixed.status == 0, "\(plain.stderr) \(mixed.stderr)")
        let a = try String(contentsOfFile: dir.path + "/plain.svg", encoding: .utf8)
        let b = try String(contentsOfFile: dir.path + "/mixed.svg", encoding: .utf8)
        // The pattern has no audio events: only the soundtrack can fill the audio lane.
        #expect(a != b && b.count > a.count)
        let page = try CLI.run([
            "plot", ahap, "--mix-with", source, "-o", dir.path + "/page.html", "--sample-rate",
            "16000",
        ])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(
            try CLI.run([
                "plot", ahap, "--mix-with", dir.path + "/missing.wav", "-o", dir.path + "/x.svg",
            ]).status == 64)
    }
}
