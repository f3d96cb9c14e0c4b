import Foundation
import HapticTestSupport

/// Runs the built `ahap-render` binary (it sits next to the test bundle in the build
/// folder; `swift test` builds it because this target depends on it).
enum CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL {
            candidates.append(exe.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        for dir in candidates {
            let url = dir.appendingPathComponent("ahap-render")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/ahap-render")
    }()

    static func run(_ arguments: [String]) throws -> Output {
        let r = try ExternalTool.run(binary.path, arguments)
        return Output(status: r.status, stdout: r.out, stderr: r.err)
    }
}

extension CLI {
    /// What a run wrote, standard output as bytes (audio streamed with `-o -`).
    struct RawOutput {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs the binary with extra environment variables, optional standard input, and a
    /// working directory; standard output is returned as bytes.
    static func runRaw(
        _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
        in directory: String? = nil
    ) throws -> RawOutput {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try p.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        // Drain stderr on another thread so neither pipe can fill up and block the child.
        nonisolated(unsafe) var errData = Data()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errData = readToEnd(err.fileHandleForReading)
            drained.signal()
        }
        let o = readToEnd(out.fileHandleForReading)
        drained.wait()
        p.waitUntilExit()
        return RawOutput(
            status: p.terminationStatus, stdout: o, stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}

/// Everything until end of file, retrying reads a signal interrupts (Foundation's
/// `readDataToEndOfFile` traps on `EINTR`).
func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = buffer.withUnsafeMutableBytes {
            read(handle.fileDescriptor, $0.baseAddress, $0.count)
        }
        if n > 0 {
            data.append(contentsOf: buffer[0..<n])
        } else if n < 0, errno == EINTR {
            continue
        } else {
            return data
        }
    }
}
