import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// `SoundFileWriter(streamingTo:)`: a file of known length written to a pipe.
@Suite("Streaming to a pipe")
struct StreamWriterTests {
    /// Streams `signal` through a real pipe (a reader thread drains it) and returns the bytes.
    func stream(
        _ signal: [Float], frames: Int, format: SoundFileFormat, sampleFormat: SampleFormat?,
        channels: Int, metadata: [SoundFileMetadataKey: String]
    ) throws -> Data {
        let pipe = Pipe()
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            received = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
            done.signal()
        }
        var writer = try SoundFileWriter(
            streamingTo: pipe.fileHandleForWriting.fileDescriptor, name: "<pipe>", frames: frames,
            format: format, sampleFormat: sampleFormat, sampleRate: 48_000, channels: channels,
            metadata: metadata)
        // Uneven blocks: the stream must not depend on how the audio is cut.
        var start = 0
        for size in [1, 999, 4_096, 1_000_000] where start < signal.count {
            let end = min(signal.count, start + size * channels)
            try writer.write(Array(signal[start..<end]))
            start = end
        }
        try writer.finish()
        try pipe.fileHandleForWriting.close()
        done.wait()
        return received
    }

    @Test(
        "The stream is the file byte for byte",
        arguments: [
            (SoundFileFormat.wav, SampleFormat.float32, 2, 24_000),
            (.wav, .pcm16, 4, 10_001),
            (.wav, .pcm24, 1, 4_001),  // odd data length: WAV's pad byte after the data
            (.aiff, .pcm24, 3, 5_000),
            (.wav, .float32, 2, 0),
        ])
    func streamEqualsFile(
        _ format: SoundFileFormat, _ sampleFormat: SampleFormat, _ channels: Int, _ frames: Int
    ) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let signal = testSignal(frames: frames, channels: channels, sampleRate: 48_000)
        let metadata: [SoundFileMetadataKey: String] = [.title: "t", .software: "s", .comment: "c"]
        let path = folder.file("f.\(format.fileExtension)")
        try writeFile(
            path, signal, format: format, sampleFormat: sampleFormat, channels: channels,
            metadata: metadata)
        let streamed = try stream(
            signal, frames: frames, format: format, sampleFormat: sampleFormat,
            channels: channels, metadata: metadata)
        #expect(streamed == (try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("Formats finished after their audio are refused")
    func unstreamableFormats() throws {
        for format in [SoundFileFormat.flac, .ogg, .opus] {
            #expect(!format.isStreamable)
            #expect(throws: SoundFileError.notStreamable(format: format)) {
                _ = try SoundFileWriter(
                    streamingTo: 1, name: "<stdout>", frames: 10, format: format,
                    sampleRate: 48_000, channels: 2)
            }
        }
    }

    @Test("More or fewer frames than declared is an error, never a lying header")
    func lengthMismatch() throws {
        let pipe = Pipe()
        var writer = try SoundFileWriter(
            streamingTo: pipe.fileHandleForWriting.fileDescriptor, name: "<pipe>",
            frames: 100, format: .wav, sampleRate: 48_000, channels: 1)
        do {
            try writer.write([Float](repeating: 0, count: 101))
            Issue.record("101 frames accepted for a 100-frame header")
        } catch {
            #expect(error == .streamLengthMismatch(path: "<pipe>", declared: 100, written: 101))
        }
        try writer.write([Float](repeating: 0, count: 60))
        do {
            try writer.finish()
            Issue.record("finished after 60 of 100 frames")
        } catch {
            #expect(error == .streamLengthMismatch(path: "<pipe>", declared: 100, written: 60))
        }
    }

    @Test("A closed reader is streamClosed, not a crash")
    func brokenPipe() throws {
        signal(SIGPIPE, SIG_IGN)  // as the CLI does; otherwise the signal ends the process
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        #expect(throws: SoundFileError.streamClosed(path: "<pipe>")) {
            var writer = try SoundFileWriter(
                streamingTo: pipe.fileHandleForWriting.fileDescriptor, name: "<pipe>",
                frames: 48_000, format: .wav, sampleRate: 48_000, channels: 2)
            try writer.write([Float](repeating: 0.5, count: 96_000))
            try writer.finish()
        }
    }
}
