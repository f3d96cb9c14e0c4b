import Foundation
import HapticTestSupport
import Testing

let goodAHAP = """
    {
      "Version": 1.0,
      "Pattern": [
        {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 1.5, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.25}, {"ParameterID": "ReleaseTime", "ParameterValue": 0.25}]}},
        {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 0.75}]}},
        {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 1, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 1.25, "ParameterValue": 0.5}]}}
      ]
    }
    """

let trailingCommaAHAP = """
    {
      "Pattern": [
        {"Event": {"Time": 0, "EventType": "HapticTransient"}},
      ]
    }
    """

@Suite struct LintCommandTests {
    /// The exit status is the device's verdict by default (docs/lint.md's table): a file an
    /// iPhone cannot load fails even though the renderer plays it.
    @Test func exitStatusIsWhatCoreHapticsWouldDo() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let good = try dir.write("good.ahap", goodAHAP)
        let comma = try dir.write("comma.ahap", trailingCommaAHAP)
        #expect(try CLI.run(["lint", good]).status == 0)
        let device = try CLI.run(["lint", comma])
        #expect(device.status == 1)
        #expect(device.stdout.contains("comma.ahap:3:") && device.stdout.contains(": error: "))
        #expect(
            device.stderr.contains("as Core Haptics loads them")
                && device.stderr.contains("1 rejected"))
        #expect(try CLI.run(["lint", "--strict", comma]).status == 1)  // the default, spelled out
        #expect(try CLI.run(["lint", good, comma]).status == 1)
        let renderer = try CLI.run(["lint", "--lenient", comma])
        #expect(renderer.status == 0)  // the renderer accepts it, with a warning
        #expect(renderer.stdout.contains(": warning: ") && renderer.stderr.contains("1 warning"))
        let broken = try dir.write("broken.ahap", "{\"Pattern\": [")
        #expect(try CLI.run(["lint", "--lenient", broken]).status == 1)
    }

    @Test func warningsAsErrorsFailsFilesWithWarnings() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // Core Haptics loads it (and clamps the value): a warning, not an error.
        let clamped = try dir.write(
            "clamped.ahap",
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}]}"#
        )
        #expect(try CLI.run(["lint", clamped]).status == 0)
        let strict = try CLI.run(["lint", "--warnings-as-errors", clamped])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("1 failed for warnings"), "\(strict.stderr)")
        // --quiet still prints the warnings that fail the file.
        let quiet = try CLI.run(["lint", "--warnings-as-errors", "--quiet", clamped])
        #expect(
            quiet.status == 1 && quiet.stdout.contains("[value.clamped]") && quiet.stderr.isEmpty)
    }

    @Test func usageErrorsExit64() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let good = try dir.write("good.ahap", goodAHAP)
        try FileManager.default.createDirectory(
            atPath: dir.path + "/empty", withIntermediateDirectories: false)
        #expect(try CLI.run(["lint"]).status == 64)
        #expect(try CLI.run(["lint", "--format", "yaml", good]).status == 64)
        #expect(try CLI.run(["lint", "--strict", "--lenient", good]).status == 64)
        let missing = try CLI.run(["lint", dir.path + "/missing.ahap"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "\(dir.path)/missing.ahap: error: No such file or directory\n")
        // An empty folder is an error, as for render: nothing was checked.
        let empty = try CLI.run(["lint", dir.path + "/empty"])
        #expect(
            empty.status == 64 && empty.stderr.contains("no pattern files found"), "\(empty.stderr)"
        )
        #expect(try CLI.run(["render", dir.path + "/empty"]).status == 64)
    }

    @Test func textOutputReadsLikeACompiler() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let comma = try dir.write("comma.ahap", trailingCommaAHAP)
        let out = try CLI.run(["lint", "--strict", comma])
        // The comma ends line 3: `    {"Event": …}},` → column of its last character.
        let line3 = trailingCommaAHAP.split(separator: "\n", omittingEmptySubsequences: false)[2]
        #expect(line3.hasSuffix("},"))
        #expect(out.stdout.hasPrefix("\(comma):3:\(line3.count): error: "), "\(out.stdout)")
        #expect(out.stdout.contains("[json.trailing-comma]"))
        #expect(out.stderr.contains("1 rejected"))
    }

    @Test func jsonOutputShape() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let good = try dir.write("good.ahap", goodAHAP)
        let bad = try dir.write(
            "bad.ahap",
            #"{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}, {"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
        )
        let out = try CLI.run(["lint", "--strict", "--format", "json", good, bad])
        #expect(out.status == 1)
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["file"] as? String == good)
        #expect(array[0]["accepted"] as? Bool == true)
        #expect(array[1]["accepted"] as? Bool == false)
        let diagnostics = try #require(array[1]["diagnostics"] as? [[String: Any]])
        let error = try #require(diagnostics.first { $0["severity"] as? String == "error" })
        #expect(
            Set(error.keys) == [
                "severity", "code", "coreHapticsCode", "path", "line", "column", "message",
            ])
        #expect(error["code"] as? String == "event.negative-time")
        #expect(error["coreHapticsCode"] as? Int == -4822)
        #expect(error["path"] as? String == "Pattern[0].Event.Time")
        #expect(error["line"] as? Int == 1)
        #expect(error["column"] as? Int == 33)
    }

    @Test func foldersAreSearchedRecursively() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a/b/one.ahap", goodAHAP)
        try dir.write("a/two.json", goodAHAP)
        try dir.write("a/package.json", #"{"name": "not-ahap"}"#)
        try dir.write("c/three.AHAP", trailingCommaAHAP)
        try dir.write(".hidden/four.ahap", "garbage")
        let out = try CLI.run(["lint", "--lenient", "--format", "json", dir.path])
        #expect(out.status == 0)
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        let files = array.compactMap {
            ($0["file"] as? String)?.replacingOccurrences(of: dir.path + "/", with: "")
        }
        #expect(files == ["a/b/one.ahap", "a/two.json", "c/three.AHAP"])
        // An explicitly named non-AHAP JSON file is linted (and rejected).
        let named = try CLI.run(["lint", dir.path + "/a/package.json"])
        #expect(named.status == 1)
        #expect(named.stdout.contains("file.missing-pattern"))
    }

    /// Hidden folders (an editor's `.ahab`) are skipped but named, never silently lost; named
    /// or with --hidden they are linted.
    @Test func hiddenFoldersAreReportedOrIncluded() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("project/.ahab/one.ahap", goodAHAP)
        try dir.write("project/.ahab/deep/two.ahap", goodAHAP)
        try dir.write(
            "project/.ahab/deep/three.haptic",
            #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.1, "amplitude": 0}]}}}}"#
        )
        try dir.write("project/.git/config.json", #"{"core": {}}"#)
        try dir.write("project/visible.ahap", goodAHAP)
        let skipped = try CLI.run(["lint", dir.path + "/project"])
        #expect(skipped.status == 0)
        #expect(
            skipped.stderr.contains(
                "\(dir.path)/project/.ahab: note: hidden folder skipped, with 3 pattern files (name it, or use --hidden)"
            ), "\(skipped.stderr)")
        #expect(!skipped.stderr.contains(".git"))  // nothing AHAP-named there
        #expect(skipped.stderr.contains("1 file,"))
        let included = try CLI.run(["lint", "--hidden", dir.path + "/project"])
        #expect(included.status == 0 && included.stderr.contains("4 files,"), "\(included.stderr)")
        let named = try CLI.run(["lint", dir.path + "/project/.ahab"])
        #expect(named.status == 0 && named.stderr.contains("3 files,"), "\(named.stderr)")
        // Only a hidden folder: the note says where the files are, then the usage error.
        try dir.write("only/.ahab/x.ahap", goodAHAP)
        let only = try CLI.run(["lint", dir.path + "/only"])
        #expect(
            only.status == 64 && only.stderr.contains("only/.ahab: note: hidden folder skipped"))
    }

    /// Diagnostics on standard output and the summary on standard error are written as they
    /// happen, so `lint > ci.log 2>&1` reads in order: every diagnostic line whole, the
    /// summary last.
    @Test func combinedOutputKeepsItsOrder() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for i in 0..<20 { try dir.write("bad\(i).ahap", trailingCommaAHAP) }
        let log = dir.path + "/ci.log"
        let r = try ExternalTool.run(
            "/bin/sh", ["-c", "'\(CLI.binary.path)' lint '\(dir.path)' > '\(log)' 2>&1"])
        #expect(r.status == 1)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.dropLast().allSatisfy { $0.contains(": error: Trailing comma") })
        #expect(lines.last?.hasPrefix("lint (as Core Haptics loads them): 20 files") == true)
    }

    @Test func standardInputIsDashAndJSONStaysOnStandardOutput() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let r = try CLI.runRaw(["lint", "-"], stdin: Data(trailingCommaAHAP.utf8))
        #expect(r.status == 1)
        #expect(String(decoding: r.stdout, as: UTF8.self).hasPrefix("<stdin>:3:"))
        let json = try CLI.runRaw(
            ["lint", "--format", "json", "-"], stdin: Data(goodAHAP.utf8))
        #expect(json.status == 0)
        let array = try #require(
            try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(array.first?["file"] as? String == "<stdin>")
    }

    /// One file's flood of one code is cut after `--max-per-code` lines (default 10) with a
    /// count of the rest; other codes and files keep theirs.
    @Test func repeatedDiagnosticsAreCappedPerFileAndCode() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let events = (0..<25).map { i in
            #"{"Event": {"Time": \#(i), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}"#
        }
        let flood = try dir.write(
            "flood.ahap", #"{"Version": 1.0, "Pattern": [\#(events.joined(separator: ","))]}"#)
        let other = try dir.write(
            "other.ahap",
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 3}]}}]}"#
        )
        let capped = try CLI.run(["lint", flood, other])
        let lines = capped.stdout.split(separator: "\n")
        #expect(lines.count { $0.hasPrefix(flood + ":") && $0.contains(": warning: ") } == 10)
        #expect(
            lines.contains(
                "\(flood): note: … and 15 more [value.clamped] (--max-per-code 0 prints them all)"))
        #expect(lines.count { $0.hasPrefix(other + ":") } == 1)
        #expect(capped.stderr.contains("26 warnings"))  // the summary counts them all
        let three = try CLI.run(["lint", "--max-per-code", "3", flood])
        #expect(three.stdout.contains("… and 22 more [value.clamped]"))
        let all = try CLI.run(["lint", "--max-per-code", "0", flood])
        #expect(all.stdout.split(separator: "\n").count == 25 && !all.stdout.contains("more ["))
        // render caps its warnings the same way.
        let render = try CLI.run(["render", flood, "-o", dir.path + "/flood.wav"])
        #expect(render.stderr.contains("… and 15 more [value.clamped]"), "\(render.stderr)")
    }

    /// Every AHAP of the corpus is accepted; of its `.haptic` clips, only the peers' invalid
    /// test files are rejected (HapticFormatsTests names them).
    @Test(needsCorpus) func lintsTheWholeCorpusLeniently() throws {
        let out = try CLI.run(["lint", "--lenient", Corpus.root.path])
        #expect(out.status == 1)
        let files = Corpus.patternFiles().count + Corpus.clipFiles().count
        #expect(
            out.stderr.contains("\(files) files, \(files - 9) pass, 9 rejected"),
            "\(out.stderr)")
        let errors = out.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 9 && errors.allSatisfy { $0.contains(".haptic:") })
    }
}
