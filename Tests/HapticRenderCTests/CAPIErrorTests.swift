import Foundation
import HapticRenderC
import HapticRenderKit
import HapticTestSupport
import Testing

/// Every failure returns its status and an `hr_error` whose message names the file and the
/// problem; nothing is returned through the out-parameter.
@Suite struct CAPIErrorTests {
    /// Renders `path` and returns the failure (the test fails if the render succeeds).
    func failure(_ path: String, _ options: OpaquePointer? = nil) throws -> CAPI.Failure {
        do {
            _ = try CAPI.render(path, options)
        } catch {
            return error
        }
        Issue.record("rendering \(path) succeeded")
        return CAPI.Failure(nil, status: 0)
    }

    @Test func missingFileIsAnIOErrorNamingIt() throws {
        let f = try failure("/no/such/Tap.ahap")
        #expect(f.status == 3 && f.file == "/no/such/Tap.ahap")
        #expect(f.message.hasPrefix("/no/such/Tap.ahap: error: the file cannot be read\n"))
        // The stream open fails the same way and leaves the out-parameter alone.
        var stream: OpaquePointer?
        var error: OpaquePointer?
        #expect(hr_stream_open_file("/no/such/Tap.ahap", nil, &stream, &error) == 3)
        #expect(stream == nil && error != nil)
        hr_error_free(error)
    }

    @Test func rejectedPatternNamesFileLineAndColumn() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let broken = try dir.write("broken.ahap", "{\"Pattern\": [\n  {\"Event\": }\n]}")
        let f = try failure(broken)
        #expect(f.status == 4 && f.file == broken)
        #expect(f.message.contains("\(broken):2:"), "\(f.message)")

        // Strict mode rejects what lenient mode renders (a trailing comma).
        let comma = try dir.write(
            "comma.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}"#
        )
        let o = hr_options_create()
        defer { hr_options_free(o) }
        #expect(throws: Never.self) { try CAPI.render(comma, o) }
        try CAPI.check { e in hr_options_set_strict(o, 1, e) }
        let strict = try failure(comma, o)
        #expect(
            strict.status == 4 && strict.message.contains("strict")
                && strict.message.contains("json.trailing-comma"))
    }

    @Test func badSettingsAreArgumentErrors() throws {
        let o = hr_options_create()
        defer { hr_options_free(o) }
        func status(_ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) -> (Int32, String) {
            do { try CAPI.check(call) } catch { return (error.status, error.message) }
            return (0, "")
        }
        let layout = status { hr_options_set_layout(o, "stereo", $0) }
        #expect(
            layout.0 == 1
                && layout.1
                    == "error: unknown layout 'stereo': use audition, haptic, drive, audio, split, android"
        )
        #expect(
            status { hr_options_set_channels(o, "acceleration,loudness", $0) }.1.contains(
                "unknown channel 'loudness'"))
        #expect(status { hr_options_set_channels(o, "", $0) }.0 == 1)
        #expect(
            status { hr_options_set_actuator(o, "galaxy", $0) }.1.contains(
                "unknown actuator 'galaxy'"))
        #expect(
            status { hr_options_add_parameter(o, "Loudness", 1, 0, $0) }.1.contains(
                "unknown dynamic parameter 'Loudness'"))
        #expect(status { hr_options_add_parameter(o, "HapticIntensityControl", 1, -1, $0) }.0 == 1)
        #expect(status { hr_options_set_rate(o, 0, $0) }.0 == 1)
        #expect(status { hr_options_set_loops(o, -2, $0) }.0 == 1)
        #expect(status { hr_options_set_start(o, .nan, $0) }.0 == 1)
        #expect(status { hr_options_set_duration(o, -1, $0) }.0 == 1)
        #expect(status { hr_options_set_layout(nil, "split", $0) }.1 == "error: options is NULL")
        #expect(status { hr_options_set_layout(o, nil, $0) }.1 == "error: layout is NULL")
        // A failed setter changes nothing: the default layout still renders 2 channels.
        #expect(try CAPI.render(CAPI.example("Heartbeat.ahap"), o).channels == 2)
        // Without an error pointer the status still comes back.
        #expect(hr_options_set_layout(o, "stereo", nil) == 1)
    }

    @Test func combinationsAreCheckedAtRender() throws {
        let path = CAPI.example("Heartbeat.ahap")
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_sample_rate(o, 1_000, e) }
        let rate = try failure(path, o)
        #expect(
            rate.status == 2 && rate.message.contains("sample rate")
                && rate.message.contains("8000"))

        try CAPI.check { e in hr_options_set_sample_rate(o, 48_000, e) }
        try CAPI.check { e in
            hr_options_set_actuator_json(o, #"{"base": "iphone", "resonanceHz": 30000}"#, e)
        }
        let profile = try failure(path, o)
        #expect(profile.status == 2 && profile.file == "<actuator json>")
        #expect(
            profile.message.contains("<actuator json>:1:")
                && profile.message.contains("resonanceHz"))

        try CAPI.check { e in hr_options_set_actuator(o, "/no/such/lra.json", e) }
        let missing = try failure(path, o)
        #expect(missing.status == 3 && missing.file == "/no/such/lra.json")
    }

    @Test func nullArgumentsAreRefused() {
        var audio: OpaquePointer?
        var error: OpaquePointer?
        #expect(hr_render_file(nil, nil, &audio, &error) == 1)
        #expect(String(cString: hr_error_message(error)!) == "error: path is NULL")
        #expect(String(cString: hr_error_file(error)!) == "")
        #expect(hr_error_status(error) == 1)
        hr_error_free(error)
        #expect(hr_render_file(CAPI.example("Heartbeat.ahap"), nil, nil, nil) == 1)
        #expect(hr_render_bytes(nil, 10, nil, nil, &audio, nil) == 1)
        #expect(audio == nil)
        // Every free function accepts NULL.
        hr_audio_free(nil)
        hr_error_free(nil)
        hr_options_free(nil)
        hr_stream_close(nil)
        hr_string_free(nil)
    }
}

/// `hr_lint_*`: the JSON of `ahap-render lint --format json` for one file.
@Suite struct CAPILintTests {
    func lint(_ path: String, strict: Bool = false) throws -> [String: Any] {
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_strict(o, strict ? 1 : 0, e) }
        var json: UnsafeMutablePointer<CChar>?
        try CAPI.check { e in hr_lint_file(path, o, &json, e) }
        defer { hr_string_free(json) }
        return try #require(
            JSONSerialization.jsonObject(with: Data(String(cString: json!).utf8)) as? [String: Any])
    }

    @Test func diagnosticsAsJSON() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let comma = try dir.write(
            "comma.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}"#
        )
        let lenient = try lint(comma)
        #expect(lenient["file"] as? String == comma && lenient["accepted"] as? Bool == true)
        let diagnostics = try #require(lenient["diagnostics"] as? [[String: Any]])
        let trailing = try #require(
            diagnostics.first { $0["code"] as? String == "json.trailing-comma" })
        #expect(trailing["severity"] as? String == "warning" && trailing["line"] as? Int == 1)
        #expect(
            Set(trailing.keys) == [
                "severity", "code", "coreHapticsCode", "path", "line", "column", "message",
            ])
        #expect(try lint(comma, strict: true)["accepted"] as? Bool == false)

        // An unreadable file is a result, not an error.
        let missing = try lint("/no/such.ahap")
        #expect(missing["accepted"] as? Bool == false)
        #expect(
            (missing["diagnostics"] as? [[String: Any]])?.first?["code"] as? String
                == "file.unreadable")
        #expect(try lint(CAPI.example("Heartbeat.ahap"))["accepted"] as? Bool == true)
    }

    @Test func bytesLintLikeTheFile() throws {
        let text = #"{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#
        var json: UnsafeMutablePointer<CChar>?
        try CAPI.check { e in hr_lint_bytes(text, UInt(text.utf8.count), "neg.ahap", nil, &json, e)
        }
        defer { hr_string_free(json) }
        let result = try #require(
            JSONSerialization.jsonObject(with: Data(String(cString: json!).utf8)) as? [String: Any])
        #expect(result["file"] as? String == "neg.ahap")
        let codes = (result["diagnostics"] as? [[String: Any]] ?? []).compactMap {
            $0["code"] as? String
        }
        #expect(!codes.isEmpty, "a negative time is reported")
    }
}

/// The version call, the header and the pkg-config file agree with the Kit's version.
@Suite struct CAPIVersionTests {
    @Test func versionsAgree() throws {
        let version = String(cString: hr_version())
        #expect(version == HapticRenderKitVersion.current)
        let root = Corpus.packageRoot.appendingPathComponent("Sources/HapticRenderC")
        let header = try String(
            contentsOf: root.appendingPathComponent("include/hapticrender.h"), encoding: .utf8)
        #expect(header.contains("#define HAPTICRENDER_VERSION \"\(version)\""))
        let pc = try String(
            contentsOf: root.appendingPathComponent("pkgconfig/hapticrender.pc"), encoding: .utf8)
        #expect(pc.contains("\nVersion: \(version)\n"))
    }
}
