import FoundationEssentials
import SoundFile
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording the environment asks for: `CHHapticEngine()` in a process started with
/// `OPENCOREHAPTICS_OUTPUT=PATH.wav` records into that file instead of playing on a device, so
/// an app's unchanged Core Haptics code runs on a machine with no audio output (CI).
/// `OPENCOREHAPTICS_DURATION=SECONDS` records that many seconds as fast as the machine renders
/// them. docs/core-haptics-api.md, "Recording an unmodified app".
struct EnvironmentRecording: Sendable {
    static let outputVariable = "OPENCOREHAPTICS_OUTPUT"
    static let durationVariable = "OPENCOREHAPTICS_DURATION"

    /// Where this engine records: the variable's path for the process's first engine,
    /// `NAME-2.wav`, `NAME-3.wav` … for later ones.
    let path: String
    /// Seconds recorded faster than real time, then the engine goes on at the pace of a device,
    /// unrecorded; nil: recorded at the pace of a device until the engine ends.
    let duration: Double?

    /// Engines made so far that recorded into each path, for the numbering of their files.
    private static let engines = Mutex<[String: Int]>([:])

    /// What tests set instead of the process's environment (which threads cannot change
    /// safely while others read it).
    static let override = Mutex<[String: String]?>(nil)

    /// The recording the process's environment (or a test's stand-in) asks for.
    static func requested() throws -> EnvironmentRecording? {
        try requested(by: override.withLock { $0 } ?? ProcessInfo.processInfo.environment)
    }

    /// The recording `environment` asks for, nil when none.
    /// - Throws: ``CHHapticError/Code/invalidEngineParameter`` for a path that is not a `.wav`
    ///   file in an existing folder, or a duration that is not a positive number of seconds
    ///   within ``CHHapticEngine/maxAdvanceSeconds``.
    static func requested(by environment: [String: String]) throws -> EnvironmentRecording? {
        guard let output = environment[outputVariable], !output.isEmpty else {
            if environment[durationVariable] != nil {
                throw invalid("\(durationVariable) is set without \(outputVariable)")
            }
            return nil
        }
        guard output.lowercased().hasSuffix(".wav"), !output.hasSuffix("/") else {
            throw invalid("\(outputVariable)=\(output): name a .wav file")
        }
        let slash = output.lastIndex(of: "/")
        let folder = slash.map { $0 == output.startIndex ? "/" : String(output[..<$0]) } ?? "."
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw invalid("\(outputVariable)=\(output): the folder \(folder) does not exist")
        }
        var duration: Double?
        if let text = environment[durationVariable] {
            guard let seconds = Double(text), seconds > 0,
                seconds <= CHHapticEngine.maxAdvanceSeconds
            else {
                throw invalid(
                    "\(durationVariable)=\(text): give a number of seconds above 0 and at most \(Int(CHHapticEngine.maxAdvanceSeconds))"
                )
            }
            duration = seconds
        }
        let n = engines.withLock { counts in
            counts[output, default: 0] += 1
            return counts[output]!
        }
        let path = n == 1 ? output : String(output.dropLast(4)) + "-\(n)" + String(output.suffix(4))
        return EnvironmentRecording(path: path, duration: duration)
    }

    private static func invalid(_ message: String) -> CHHapticError {
        CHHapticError(.invalidEngineParameter, message: message)
    }
}

/// Renders an engine that records for the environment: from its first player's start (so the
/// recording opens with the first sound, wherever the app starts its engine), slice by slice on
/// a thread of its own that calls the engine's handlers between slices — so what an app does in
/// them lands on the same sample every run —, at the pace of a device or, for a recording's
/// duration, as fast as it renders. The file is complete when the engine is released or the
/// process exits (with a duration: once it is reached), and absent if writing failed.
final class RecordingDriver: @unchecked Sendable {
    // @unchecked: `writer` and the render are touched by the driver thread while it runs, and
    // by `close` only once that thread has stopped (or from inside it).
    private let core: EngineCore
    private let recording: EnvironmentRecording
    private var writer: SoundFileWriter?
    /// Called on the thread that failed to write, after the problem is printed.
    private let failed: () -> Void
    private let running = Atomic<Bool>(true)
    private let started = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    /// The driver thread's `pthread_self()`.
    private let thread = Atomic<UInt>(0)

    /// Opens the file (an existing one is replaced once the recording is complete).
    /// - Throws: ``CHHapticError/Code/invalidEngineParameter`` when it cannot be written.
    init(
        core: EngineCore, recording: EnvironmentRecording,
        failed: @escaping () -> Void
    ) throws {
        self.core = core
        self.recording = recording
        self.failed = failed
        do {
            writer = try SoundFileWriter(
                path: recording.path, format: .wav, sampleRate: Int(core.sampleRate),
                channels: core.channels, overwrite: true)
        } catch {
            throw CHHapticError(
                .invalidEngineParameter,
                message: "\(EnvironmentRecording.outputVariable): \(error.description)")
        }
        Self.closeAtExit(self)
    }

    /// The sample the recording ends at, with a duration.
    private var limit: Int64? { recording.duration.map { Int64(($0 * core.sampleRate).rounded()) } }

    /// Starts the thread (once; at the engine's first player start).
    func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        core.locked { $0.live = true }
        Thread.detach { [self] in
            thread.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing)
            run()
            stopped.store(true, ordering: .releasing)
        }
    }

    private func run() {
        var slice = [Float](repeating: 0, count: RenderSide.sliceFrames * core.channels)
        // Where the device's pace counts from: at once without a duration, past it with one.
        var pace: (origin: Double, from: Int64)? = limit == nil ? (Self.now(), 0) : nil
        while running.load(ordering: .relaxed) {
            let position = core.render.position.load(ordering: .acquiring)
            var frames = RenderSide.sliceFrames
            if let limit, pace == nil {
                guard position < limit else {
                    finish()
                    pace = (Self.now(), position)
                    continue
                }
                frames = Int(min(Int64(frames), limit - position))
            }
            render(frames, into: &slice, recorded: limit == nil || pace == nil)
            if let pace {
                let due =
                    pace.origin + Double(position + Int64(frames) - pace.from) / core.sampleRate
                let wait = due - Self.now()
                if wait > 0 { usleep(UInt32(min(wait, 1) * 1e6)) }
            }
        }
    }

    /// Renders the next `frames` (handlers first, as an offline engine's steps call them) and
    /// writes them if `recorded`.
    private func render(_ frames: Int, into slice: inout [Float], recorded: Bool) {
        core.tick()
        let n = frames * core.channels
        slice.withUnsafeMutableBufferPointer {
            _ = core.render.render(into: UnsafeMutableBufferPointer(rebasing: $0[..<n]))
        }
        guard recorded, writer != nil else { return }
        do {
            try slice.withUnsafeBufferPointer {
                try writer!.write(UnsafeBufferPointer(rebasing: $0[..<n]))
            }
        } catch {
            writer.take()?.cancel()
            report(error)
        }
    }

    /// Ends the recording: the file is complete. With a duration not yet reached, the rest is
    /// rendered first, so that the file always lasts the duration. Idempotent.
    func close() {
        let current = UInt(bitPattern: Int(bitPattern: pthread_self()))
        if started.load(ordering: .acquiring), thread.load(ordering: .acquiring) != current {
            running.store(false, ordering: .relaxed)
            while !stopped.load(ordering: .acquiring) { usleep(1_000) }
        } else {
            running.store(false, ordering: .relaxed)  // a handler of the driver's ends it
        }
        if let limit, writer != nil {
            var slice = [Float](repeating: 0, count: RenderSide.sliceFrames * core.channels)
            while writer != nil {
                let rest = limit - core.render.position.load(ordering: .acquiring)
                guard rest > 0 else { break }
                render(Int(min(rest, Int64(RenderSide.sliceFrames))), into: &slice, recorded: true)
            }
        }
        finish()
    }

    /// Completes the file, if it is still open.
    private func finish() {
        guard let writer = writer.take() else { return }
        do { try writer.finish() } catch { report(error) }
    }

    /// Says on standard error why the recording stopped (the app's code has no error to
    /// catch: it runs unchanged), then tells the engine.
    private func report(_ error: any Error) {
        let message =
            "OpenCoreHaptics: \(EnvironmentRecording.outputVariable): cannot write \(recording.path): \(error); the recording is abandoned\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        failed()
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Recordings that `exit` closes: an app's engine usually lives as long as the process.
    private static let open = Mutex<(installed: Bool, drivers: [Weak])>((false, []))

    private static func closeAtExit(_ driver: RecordingDriver) {
        let install = open.withLock { state in
            state.drivers.append(Weak(driver))
            defer { state.installed = true }
            return !state.installed
        }
        guard install else { return }
        atexit { RecordingDriver.closeAll() }
    }

    /// Closes every recording still open.
    static func closeAll() {
        let drivers = open.withLock { state in
            defer { state.drivers = [] }
            return state.drivers.compactMap(\.driver)
        }
        for driver in drivers { driver.close() }
    }

    private struct Weak: @unchecked Sendable {
        weak var driver: RecordingDriver?
        init(_ driver: RecordingDriver) { self.driver = driver }
    }
}

/// For tests that record Apple's code: `CHHapticEngine()` reads `environment` instead of the
/// process's (nil: the process's again).
@_spi(Testing) public func setRecordingEnvironment(_ environment: [String: String]?) {
    EnvironmentRecording.override.withLock { $0 = environment }
}

/// Ends every environment recording of the process now, as its exit would: each file is
/// complete (with a duration, rendered to its end). For tests that record Apple's code.
@_spi(Testing) public func closeEnvironmentRecordings() { RecordingDriver.closeAll() }
