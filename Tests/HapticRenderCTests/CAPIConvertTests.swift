import Foundation
import HapticRenderC
import HapticTestSupport
import Testing

@Suite struct CAPIConvertTests {
    /// `hr_convert_file`: the converted text, the report when asked, C strings the caller frees.
    @Test func convertsAFileWithItsReport() throws {
        var output: UnsafeMutablePointer<CChar>?
        var report: UnsafeMutablePointer<CChar>?
        try CAPI.check {
            hr_convert_file(CAPI.example("Heartbeat.ahap"), "haptic", nil, &output, &report, $0)
        }
        defer {
            hr_string_free(output)
            hr_string_free(report)
        }
        let text = String(cString: try #require(output))
        #expect(text.contains("\"signals\""))
        let reportText = String(cString: try #require(report))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(reportText.utf8)) as? [String: Any])
        #expect((json["targets"] as? [Any])?.count == 5)
        // The path by length (no NUL needed): the same text.
        let path = CAPI.example("Heartbeat.ahap")
        var byLength: UnsafeMutablePointer<CChar>?
        try CAPI.check {
            hr_convert_file_n(path, UInt(path.utf8.count), "haptic", nil, &byLength, nil, $0)
        }
        defer { hr_string_free(byLength) }
        #expect(String(cString: try #require(byLength)) == text)
    }

    /// An `.hjif` file goes through the registry as the others do: written, rendered with
    /// `hr_render_file` like its AHAP original, converted back with `hr_convert_bytes`.
    @Test func hjifRendersAndConvertsBack() throws {
        var output: UnsafeMutablePointer<CChar>?
        try CAPI.check {
            hr_convert_file(CAPI.example("Heartbeat.ahap"), "hjif", nil, &output, nil, $0)
        }
        let text = String(cString: try #require(output))
        hr_string_free(output)
        #expect(text.contains("\"perceptions\"") && text.contains("\"VectorialWave\""))
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = dir.path + "/Heartbeat.hjif"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let (samples, _) = try CAPI.render(path)
        let (original, _) = try CAPI.render(CAPI.example("Heartbeat.ahap"))
        #expect(samples.contains { $0 != 0 })
        #expect(abs(samples.count - original.count) < original.count / 20)
        var ahap: UnsafeMutablePointer<CChar>?
        try CAPI.check { error in
            text.withCString {
                hr_convert_bytes(
                    $0, UInt(strlen($0)), "Heartbeat.hjif", "ahap", nil, &ahap, nil, error)
            }
        }
        #expect(String(cString: try #require(ahap)).contains("\"Pattern\""))
        hr_string_free(ahap)
    }

    @Test func bytesWithoutReportAndErrors() throws {
        let clip =
            #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.2, "amplitude": 0}]}}}}"#
        var output: UnsafeMutablePointer<CChar>?
        try CAPI.check { error in
            clip.withCString {
                hr_convert_bytes(
                    $0, UInt(strlen($0)), "clip.haptic", "kotlin", nil, &output, nil, error)
            }
        }
        #expect(String(cString: try #require(output)).contains("object ClipHaptics"))
        hr_string_free(output)

        #expect(throws: CAPI.Failure.self) {
            try CAPI.check {
                hr_convert_file(CAPI.example("Heartbeat.ahap"), "mp3", nil, &output, nil, $0)
            }
        }
        do {
            try CAPI.check { hr_convert_file("/no/such.haptic", "ahap", nil, &output, nil, $0) }
            Issue.record("no error")
        } catch {
            #expect(error.status == 3 && error.file == "/no/such.haptic")
        }
        let broken = #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {}}"#
        do {
            try CAPI.check { error in
                broken.withCString {
                    hr_convert_bytes(
                        $0, UInt(strlen($0)), "b.haptic", "ahap", nil, &output, nil, error)
                }
            }
            Issue.record("no error")
        } catch {
            #expect(
                error.status == 4 && error.message.contains("b.haptic:1:")
                    && error.message.contains("haptic.missing-key"))
        }
    }
}
