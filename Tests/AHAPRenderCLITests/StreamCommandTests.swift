import Foundation
import HapticTestSupport
import Testing

/// `render -o -`: the file on standard output, for pipes.
@Suite struct StreamCommandTests {
    @Test(arguments: [
        [],  // float32 stereo WAV
        ["--layout", "split", "--sample-format", "pcm16"],  // 4 ch, integer
        // odd data length: pad byte
        ["--layout", "haptic", "--sample-format", "pcm24", "--duration", "0.100021"],
        ["--type", "aiff", "--layout", "drive"],
        ["--param", "HapticIntensityControl=0.3@0.5", "--loop", "2"],
    ])
    func streamIsTheFileByteForByte(_ options: [String]) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let file = dir.path + "/p." + (options.contains("aiff") ? "aiff" : "wav")
        let rendered = try CLI.run(["render", input, "-o", file, "--quiet"] + options)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let streamed = try CLI.runRaw(["render", input, "-o", "-"] + options)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.stdout == (try Data(contentsOf: URL(fileURLWithPath: file))))
        // Messages go to stderr only; nothing but the stream was written to the folder.
        #expect(streamed.stderr.contains("wrote <stdout>"))
        #expect(listing(dir.path) == ["p.ahap", (file as NSString).lastPathComponent].sorted())
    }

    @Test func aReaderThatQuitsEarlyEndsTheRenderQuietly() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let p = Process()
        p.executableURL = CLI.binary
        // ≈ 1.2 GB: never finishes first
        p.arguments = ["render", input, "-o", "-", "--duration", "3000"]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let head = try out.fileHandleForReading.read(upToCount: 4096) ?? Data()
        try out.fileHandleForReading.close()  // as `| head -c 4096` does
        let stderr = String(decoding: readToEnd(err.fileHandleForReading), as: UTF8.self)
        p.waitUntilExit()
        #expect(head.starts(with: Data("RIFF".utf8)))
        #expect(p.terminationReason == .exit && p.terminationStatus == 141, "\(stderr)")
        #expect(stderr.contains("closed it before the end"), "\(stderr)")
        #expect(!stderr.contains("Fatal error") && !stderr.contains("Backtrace"), "\(stderr)")
    }

    @Test func streamingUsageErrors() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let a = try dir.write("a.ahap", renderFixture)
        let b = try dir.write("b.ahap", renderFixture)
        for (arguments, message) in [
            (["render", a, "-o", "-", "--type", "flac"], "flac cannot be streamed"),
            (["render", a, "-o", "-", "--layout", "android"], "cannot be streamed"),
            (["render", a, b, "-o", "-"], "-o - streams one input"),
            (["render", a, "-o", "-", "--skip-existing"], "--skip-existing needs output files"),
        ] {
            let r = try CLI.runRaw(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
