import AudioAnalysis
import HapticGenerate
import HapticPattern
import HapticTestSupport
import SoundFile
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A long file's analysis in stretches on several threads writes the same bytes as on one.
@Suite struct ThreadedGenerateTests {
    /// 62 s of stereo at 22.05 kHz (two stretches): hits of every size every 0.43 s over a
    /// slow swell and a hum, seeded.
    static func writeLongMix(_ path: String) throws {
        let rate = 22_050
        var noise = TestNoise(seed: 62)
        let n = 62 * rate
        var x = [Float](repeating: 0, count: 2 * n)
        for i in 0..<n {
            let t = Double(i) / Double(rate)
            let since = t.truncatingRemainder(dividingBy: 0.43)
            let size = 0.2 + 0.7 * abs(sin(t * 0.9))
            let hit = since < 0.08 ? size * exp(-since / 0.015) * noise.next() : 0
            let bed = 0.05 * (1 + sin(t * 0.2)) * sin(2 * .pi * 110 * t)
            x[2 * i] = Float(hit + bed)
            x[2 * i + 1] = Float(0.7 * hit - bed)
        }
        var w = try SoundFileWriter(
            path: path, format: .wav, sampleFormat: .pcm16, sampleRate: rate, channels: 2)
        try w.write(x)
        try w.finish()
    }

    @Test func anyNumberOfThreadsGivesTheSameBytes() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("long.wav")
        try Self.writeLongMix(path)
        #expect(try AnalysisPlan(sampleRate: 22_050, channels: 2, frames: 62 * 22_050).count == 2)
        for preset in [GenerationPreset.sfx, .film] {
            let one = try HapticGeneration.generate(path: path, preset: preset)
            #expect(one.transientCount > 10, "\(preset): \(one.transientCount) transients")
            for threads in [2, 3] {
                let many = try HapticGeneration.generate(
                    path: path, preset: preset, threads: threads)
                #expect(
                    HapticGeneration.encode(many) == HapticGeneration.encode(one),
                    "\(preset), \(threads) threads")
            }
        }
    }

    /// Codecs that cannot seek to the very frame (GSM 6.10 refuses even frame 0, IMA ADPCM
    /// decodes in blocks) are read in one pass: two threads give the bytes of one, never an
    /// error. The files are made by sox (CI installs it).
    @Test(.enabled(if: ExternalTool.which("sox") != nil, "needs sox"))
    func codecsThatDoNotSeekExactlyAreReadInOnePass() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("long.wav")
        try Self.writeLongMix(path)
        for (name, encoding) in [("gsm", "gsm-full-rate"), ("ima", "ima-adpcm")] {
            let coded = folder.file("\(name).wav")
            let sox = try ExternalTool.run(
                ExternalTool.which("sox")!, [path, "-c", "1", "-e", encoding, coded])
            #expect(sox.status == 0, "\(sox.err)")
            let one = try HapticGeneration.generate(path: coded, preset: .sfx)
            let two = try HapticGeneration.generate(path: coded, preset: .sfx, threads: 2)
            #expect(one.transientCount > 10, "\(name): \(one.transientCount) transients")
            #expect(HapticGeneration.encode(two) == HapticGeneration.encode(one), "\(name)")
        }
    }
}
