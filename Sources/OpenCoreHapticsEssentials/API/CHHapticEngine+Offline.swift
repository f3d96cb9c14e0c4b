import FoundationEssentials
import SoundFile

/// Offline rendering: an engine made with ``Simulation/Output/offline`` renders only when
/// asked, so a session — players started, parameters sent, between steps of ``advance(by:)`` —
/// gives the same samples on every run. Not part of Core Haptics.
extension CHHapticEngine {
    /// The longest step of ``advance(by:)``: an hour (1.4 GB of stereo float samples at 48 kHz).
    public static let maxAdvanceSeconds: TimeInterval = 3_600

    /// Renders the next `duration` seconds (rounded to whole frames; none when it is not
    /// positive), into the recording if one is open, and returns them interleaved in the
    /// layout's channel order. The clock advances by as much; players' handlers are called as
    /// it passes their ends.
    /// - Throws: ``CHHapticError/Code/operationNotPermitted`` on a live engine;
    ///   ``CHHapticError/Code/invalidTime`` for NaN or more than ``maxAdvanceSeconds``; a
    ///   recording's write error as ``CHHapticError/Code/unknownError``.
    @discardableResult
    public func advance(by duration: TimeInterval) throws -> [Float] {
        try advance(to: currentTime + (duration > 0 || duration.isNaN ? duration : 0))
    }

    /// ``advance(by:)`` up to engine time `time`.
    /// - Throws: ``CHHapticError/Code/invalidTime`` for a time that is not finite or more than
    ///   ``maxAdvanceSeconds`` ahead (the samples are returned in one array).
    @discardableResult
    public func advance(to time: TimeInterval) throws -> [Float] {
        guard simulation.output == .offline, driver == nil else {
            throw CHHapticError(
                .operationNotPermitted,
                message: driver == nil
                    ? "a live engine follows its audio device's clock"
                    : "this engine records for \(EnvironmentRecording.outputVariable), at its own pace"
            )
        }
        let render = core.render
        let channels = core.channels
        let start = render.position.load(ordering: .acquiring)
        let frames = (time * simulation.sampleRate).rounded() - Double(start)
        guard frames <= Self.maxAdvanceSeconds * simulation.sampleRate else {
            throw CHHapticError(
                .invalidTime,
                message:
                    "advance by at most \(Int(Self.maxAdvanceSeconds)) s at a time (asked: \(time - currentTime) s)"
            )
        }
        guard frames > 0 else { return [] }
        let target = start + Int64(frames)
        var samples = [Float](repeating: 0, count: Int(target - start) * channels)
        var done = 0
        while start + Int64(done) < target {
            core.tick()
            let n = min(RenderSide.sliceFrames, Int(target - start) - done)
            samples.withUnsafeMutableBufferPointer { all in
                _ = render.render(
                    into: UnsafeMutableBufferPointer(
                        rebasing: all[(done * channels)..<((done + n) * channels)]))
            }
            done += n
        }
        core.tick()
        if recording != nil {
            do { try recording!.write(samples) } catch {
                throw CHHapticError(.unknownError, message: error.description)
            }
        }
        return samples
    }

    /// Records everything the engine renders from now on into a WAV file (float32, the layout's
    /// channels) at `url`, complete once
    /// ``endRecording()`` returns; until then it is a temporary file beside it.
    /// - Parameter overwrite: replace an existing file (else it is an error).
    public func beginRecording(to url: URL, overwrite: Bool = false) throws {
        guard recording == nil else {
            throw CHHapticError(.operationNotPermitted, message: "a recording is open")
        }
        guard simulation.output == .offline, driver == nil else {
            throw CHHapticError(
                .operationNotPermitted, message: "only an offline engine records when asked")
        }
        do {
            recording = try SoundFileWriter(
                path: url.path, format: .wav, sampleRate: Int(simulation.sampleRate),
                channels: core.channels, overwrite: overwrite)
        } catch {
            throw CHHapticError(.operationNotPermitted, message: error.description)
        }
    }

    /// Finishes the recording: the file is complete (or, on error, absent).
    public func endRecording() throws {
        guard let writer = recording.take() else { return }
        do { try writer.finish() } catch {
            throw CHHapticError(.unknownError, message: error.description)
        }
    }

    /// Records the next `duration` seconds into `url`: ``beginRecording(to:overwrite:)``,
    /// ``advance(by:)``, ``endRecording()``.
    public func render(to url: URL, duration: TimeInterval, overwrite: Bool = false) throws {
        try beginRecording(to: url, overwrite: overwrite)
        do {
            try advance(by: duration)
        } catch {
            recording.take()?.cancel()
            throw error
        }
        try endRecording()
    }
}
