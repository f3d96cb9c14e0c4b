import Foundation
import HapticTestSupport
import SoundFile
import Testing

@testable import HapticRenderKit

/// What the writer of a file split across threads receives: every sample format and container
/// and any block size give the one-thread file, byte for byte.
@Suite struct SegmentedWriteTests {
    /// Renders `input` to `output` with these settings through ``RenderJob``; returns the
    /// file's bytes.
    func render(
        _ input: String, to output: String, threads: Int, format: SoundFileFormat = .wav,
        sampleFormat: SampleFormat
    ) throws -> Data {
        var options = RenderOptions()
        options.threads = threads
        options.format = format
        options.sampleFormat = sampleFormat
        options.overwrite = true
        _ = try RenderJob(input: input, output: output, options: options).prepare().write()
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test(arguments: [SampleFormat.pcm16, .pcm24, .float32])
    func everySampleFormatGivesTheOneThreadFile(sampleFormat: SampleFormat) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try SegmentedRenderTests.writeBursts(in: dir, seed: 21, bursts: 12)
        var options = RenderOptions()
        options.threads = 3
        let prepared = try RenderJob(input: input, output: dir.path + "/x.wav", options: options)
            .prepare()
        let segments = prepared.segmentPlan()?.segmentCount ?? 0
        #expect(segments >= 3)
        let one = try render(
            input, to: dir.path + "/1.wav", threads: 1, sampleFormat: sampleFormat)
        for threads in [2, 3] {
            let many = try render(
                input, to: dir.path + "/\(threads).wav", threads: threads,
                sampleFormat: sampleFormat)
            #expect(many == one, "\(threads) threads, \(sampleFormat)")
        }
    }

    /// Blocks from a thousand frames (many per segment, boundaries inside blocks) to larger
    /// than any segment.
    @Test(arguments: [2, 3], [997, 4_800, 65_536])
    func anyBlockSizeGivesTheOneThreadSamples(threads: Int, blockFrames: Int) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try SegmentedRenderTests.writeBursts(in: dir, seed: 13, bursts: 10)
        _ = try render(input, to: dir.path + "/out-1.wav", threads: 1, sampleFormat: .float32)
        let one = try SegmentedRenderTests().samples(dir.path + "/out-1.wav")
        var options = RenderOptions()
        options.threads = threads
        var prepared = try RenderJob(input: input, output: dir.path + "/b.wav", options: options)
            .prepare()
        let planned = prepared.segmentPlan()
        let plan = try #require(planned)
        var writer = try SoundFileWriter(
            path: dir.path + "/b.wav", format: .wav, sampleFormat: .float32,
            sampleRate: 48_000, channels: prepared.channelCount)
        var reported: [Int64] = []
        try prepared.writeSegments(
            plan, to: &writer, blockFrames: blockFrames, progress: { reported.append($0) },
            isCancelled: { false })
        try writer.finish()
        #expect(try SegmentedRenderTests().samples(dir.path + "/b.wav") == one)
        #expect(reported == reported.sorted() && reported.last == prepared.frames)
    }

    @Test(arguments: [SoundFileFormat.aiff, .flac])
    func otherContainersGiveTheOneThreadFile(format: SoundFileFormat) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try SegmentedRenderTests.writeBursts(in: dir, seed: 17, bursts: 8)
        let ext = format.fileExtension
        let one = try render(
            input, to: dir.path + "/1." + ext, threads: 1, format: format, sampleFormat: .pcm24)
        let three = try render(
            input, to: dir.path + "/3." + ext, threads: 3, format: format, sampleFormat: .pcm24)
        #expect(three == one)
    }
}
