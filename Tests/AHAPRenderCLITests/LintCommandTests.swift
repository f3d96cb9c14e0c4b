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
    @Test func exitCodes() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let good = try dir.write("good.ahap", goodAHAP)
        let comma = try dir.write("comma.ahap", trailingCommaAHAP)
        #expect(try CLI.run(["lint", good]).status == 0)
        #expect(try CLI.run(["lint", comma]).status == 0)  // lenient accepts, with a warning
        #expect(try CLI.run(["lint", "--strict", comma]).status == 1)
        #expect(try CLI.run(["lint", "--strict", good, comma]).status == 1)
        #expect(try CLI.run(["lint"]).status == 64)
        #expect(try CLI.run(["lint", "--format", "yaml", good]).status == 64)
        #expect(try CLI.run(["lint", dir.path + "/missing.ahap"]).status == 64)
        let broken = try dir.write("broken.ahap", "{\"Pattern\": [")
        #expect(try CLI.run(["lint", broken]).status == 1)
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
        let out = try CLI.run(["lint", "--format", "json", dir.path])
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

    @Test(needsCorpus) func lintsTheWholeCorpusLeniently() throws {
        let out = try CLI.run(["lint", Corpus.root.path])
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stderr.contains("\(Corpus.patternFiles().count) files"))
    }
}
