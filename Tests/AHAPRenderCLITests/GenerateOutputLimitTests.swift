import Foundation
import HapticTestSupport
import Testing

/// What `generate` writes, its readers accept (`lint --strict` and every command that reads
/// patterns, with their default limits), or it says before its analysis why it cannot and
/// which option helps (docs/security-and-limits.md).
@Suite struct GenerateOutputLimitTests {
    /// A mono float WAV of `seconds` at 8 kHz whose samples are a hole in a sparse file: as
    /// long as its header says, in no time and no disk (the refusals here read no sample).
    static func longWAV(_ path: String, seconds: Double) throws {
        let frames = Int(seconds * 8_000)
        var header = floatWAVData([], sampleRate: 8_000)
        let dataBytes = UInt32(frames * 4)
        header.replaceSubrange(
            42..<46, with: withUnsafeBytes(of: dataBytes.littleEndian) { Data($0) })
        header.replaceSubrange(
            4..<8, with: withUnsafeBytes(of: (dataBytes + 38).littleEndian) { Data($0) })
        try header.write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(header.count + frames * 4))
        try handle.close()
    }

    /// Audio over an hour, and audio whose pattern's tail (the control's 100 ms hold) would
    /// pass the hour, are refused before the analysis (at once: an hour of audio takes
    /// minutes to analyse in a debug build), naming the limit and both options, with the
    /// length that would do; nothing is written.
    @Test(arguments: [3_700.0, 3_599.97])
    func audioPastTheReadersLimitIsRefusedUpFront(seconds: Double) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try Self.longWAV(dir.file("long.wav"), seconds: seconds)
        let start = Date()
        let r = try CLI.run(["generate", dir.file("long.wav"), "-o", dir.file("long.ahap")])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("long.wav: error: the audio lasts")
                && r.stderr.contains(
                    "past 3600 s, the longest pattern lint, render and convert read")
                && r.stderr.contains("--max-output-duration \(Int((seconds + 0.15).rounded(.up)))")
                && r.stderr.contains("read the file with --max-duration"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("long.ahap")))
    }

    /// The option's own bounds are a usage error before any work.
    @Test func theOutputLimitIsBounded() throws {
        for value in ["0", "-1", "86401", "nan"] {
            let r = try CLI.run(["generate", "x.wav", "--max-output-duration", value])
            #expect(r.status == 64, "\(value): \(r.stderr)")
            #expect(r.stderr.contains("--max-output-duration"), "\(value): \(r.stderr)")
        }
    }
}
