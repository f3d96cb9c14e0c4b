import Foundation
import HapticFormats
import HapticPattern
import HapticRenderKit
import HapticTestSupport
import Testing

/// `.haptic` clips go through the Kit's loader like AHAP files: recognized by content, their
/// findings with line:column, their AHAP form rendered.
@Suite struct HapticClipLoadTests {
    static let clip = """
        {"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {},
         "signals": {"continuous": {"envelopes": {
           "amplitude": [{"time": 0, "amplitude": 0.2}, {"time": 0.1, "amplitude": 0.6, "emphasis": {"amplitude": 0.9, "frequency": 0.5}}, {"time": 0.3, "amplitude": 0}],
           "frequency": []}}}}
        """

    @Test func loadsByContentWhateverTheName() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        for name in ["clip.haptic", "clip.json", "clip.txt"] {
            let path = try dir.write(name, Self.clip)
            let document = PatternDocument.load(
                contentsOf: URL(fileURLWithPath: path), options: .init(mode: .strict))
            #expect(document.format == .haptic)
            #expect(document.result.accepted, "\(name): \(document.result.diagnostics)")
            let pattern = try #require(document.result.pattern)
            #expect(pattern.events.map(\.type) == [.hapticContinuous, .hapticTransient])
        }
    }

    @Test func invalidClipFindingsHaveLineAndColumn() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = try dir.write(
            "bad.haptic",
            Self.clip.replacingOccurrences(of: "\"amplitude\": 0.9", with: "\"amplitude\": 0.1"))
        let document = PatternDocument.load(
            contentsOf: URL(fileURLWithPath: path), options: .init(mode: .strict))
        #expect(!document.result.accepted)
        let error = try #require(document.result.errors.first)
        #expect(
            error.code == .hapticEmphasisBelowEnvelope && error.line == 3 && error.column != nil)
        // Lenient: raised to the envelope, a warning; the clip renders.
        let lenient = PatternDocument.load(contentsOf: URL(fileURLWithPath: path))
        #expect(lenient.result.accepted && lenient.result.diagnostics.map(\.severity) == [.warning])
    }

    @Test func rendersLikeItsAHAPForm() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = try dir.write("clip.haptic", Self.clip)
        var options = RenderOptions()
        options.layout = .haptic
        var prepared = try RenderJob(input: path, output: "", options: options).prepare(
            checkingOutput: false)
        var samples = [Float](repeating: 0, count: Int(prepared.frames))
        _ = samples.withUnsafeMutableBufferPointer { prepared.read(into: $0) }
        #expect(samples.contains { abs($0) > 0.01 })
        var notes: [ConversionNote] = []
        let form = PatternOutline(clip: try HapticClip(bytes: Array(Self.clip.utf8))).ahapPattern(
            notes: &notes)
        #expect(prepared.pattern == form)
    }

    @Test func foldersContributeClips() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a/One.haptic", Self.clip)
        try dir.write("a/Two.ahap", "{}")
        #expect(
            try InputDiscovery.discoverFiles([dir.path + "/a"]).map(\.relativePath) == [
                "One.haptic", "Two.ahap",
            ])
    }
}
