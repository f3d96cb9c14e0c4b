import Foundation
import HapticTestSupport
import Testing

/// Inputs and checks shared by the hostile-input tests of every command.
enum Hostile {
    /// A float WAV written by hand (the package's writer refuses bad samples): `frames` of a
    /// 440 Hz sine at `rate`, mono, with `bad` samples (index → value) put in.
    static func floatWAV(
        at path: String, seconds: Double = 1, rate: Int = 48_000, bad: [Int: Float] = [:]
    ) throws {
        let frames = Int(seconds * Double(rate))
        var samples = (0..<frames).map {
            Float(sin(2 * Double.pi * 440 * Double($0) / Double(rate)) * 0.5)
        }
        for (i, v) in bad { samples[i] = v }
        try floatWAVData(samples, sampleRate: rate).write(to: URL(fileURLWithPath: path))
    }

    /// An AHAP file with a transient and an AudioCustom event playing `audio`.
    static func patternWithAudio(_ audio: String) -> String {
        #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, "#
            + #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": ""#
            + audio + #""}}]}"#
    }

    /// A continuous event of `seconds` (long renders to interrupt).
    static func longPattern(_ seconds: Double) -> String {
        #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": "#
            + "\(seconds)}}]}"
    }

    /// A one-second continuous event every 4 seconds for `seconds`: quiet gaps a render on
    /// several threads splits the file at.
    static func scenesPattern(_ seconds: Int) -> String {
        let events = stride(from: 0, to: seconds, by: 4).map {
            #"{"Event": {"Time": \#($0), "EventType": "HapticContinuous", "EventDuration": 1}}"#
        }
        return #"{"Pattern": ["# + events.joined(separator: ", ") + "]}"
    }

    /// The result of one run.
    struct Run {
        var status: Int32
        /// The signal that ended the process, or nil when it exited.
        var signal: Int32?
        var stderr: String
        var stdout: Data
    }

    /// Runs the CLI in `directory`.
    static func run(_ arguments: [String], in directory: String, stdin: Data? = nil) throws -> Run {
        let r = try CLI.runRaw(arguments, stdin: stdin, in: directory)
        return Run(status: r.status, signal: nil, stderr: r.stderr, stdout: r.stdout)
    }

    /// Runs the CLI in `directory`, sends `signals` (one after the other, 50 ms apart) once
    /// `ready` holds (polled every 20 ms, up to 20 s), and waits for it to end.
    static func interrupt(
        _ arguments: [String], in directory: String, with signals: [Int32],
        when ready: () -> Bool
    ) throws -> Run {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while !ready(), p.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        for s in signals {
            kill(p.processIdentifier, s)
            Thread.sleep(forTimeInterval: 0.05)
        }
        let stderr = String(decoding: readToEnd(err.fileHandleForReading), as: UTF8.self)
        p.waitUntilExit()
        let bySignal = p.terminationReason == .uncaughtSignal
        return Run(
            status: bySignal ? 128 + p.terminationStatus : p.terminationStatus,
            signal: bySignal ? p.terminationStatus : nil, stderr: stderr, stdout: Data())
    }

    /// Whether `folder` holds a `.partial` file now.
    static func hasPartial(_ folder: String) -> Bool {
        !FolderSnapshot(folder).partialFiles().isEmpty
    }

    /// Checks what every hostile case must leave: no temporary file anywhere below `folder`
    /// and every one of `inputs` (relative paths) exactly as `before`.
    static func expectIntact(
        _ folder: String, since before: FolderSnapshot, inputs: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let after = FolderSnapshot(folder)
        #expect(
            after.partialFiles().isEmpty, "left behind: \(after.partialFiles())",
            sourceLocation: sourceLocation)
        let changed = after.only(inputs).changes(from: before.only(inputs))
        #expect(changed.isEmpty, "inputs changed: \(changed)", sourceLocation: sourceLocation)
    }
}
