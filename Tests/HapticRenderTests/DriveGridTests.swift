import HapticPattern
import Testing

@testable import HapticRender

/// What a continuous voice keeps from one grid point to the next (its parameter lanes' lines,
/// its envelope's next corner) must never outlive what it was read from.
@Suite struct DriveGridTests {
    /// The first `frames` of a one-second held continuous event (flat parameter lanes: the lines it
    /// keeps never change by themselves), its drive rendered in blocks of `block` frames; `runtime`
    /// is pushed after `pushAfter` frames (a multiple of `block`).
    func drive(
        frames: Int = 30_000, block: Int = 1_000, pushAfter: Int = .max,
        runtime: QueuedParameter? = nil
    ) throws -> [Float] {
        var p = EventParameters()
        p.hapticIntensity = 0.9
        p.hapticSharpness = 0.4
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticContinuous, time: 0, duration: 1, parameters: p)
        ])
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        var renderer = try PatternRenderer(
            timeline: timeline, configuration: RenderConfiguration(channels: [.hapticDrive]))
        var out: [Float] = []
        var buffer = [Float](repeating: 0, count: block)
        while out.count < frames {
            if let runtime, out.count == pushAfter { _ = renderer.parameters.push(runtime) }
            let n = buffer.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
            out += buffer[0..<n]
        }
        return out
    }

    /// A runtime intensity value arriving while a voice holds its lines takes effect at its
    /// sample, off the drive grid, although the voice's lines themselves never change: the
    /// voice forgets them (``DriveGrid/cut(_:at:)``). Kept, they would hold the old
    /// intensity to the end.
    @Test func aRuntimeValueEndsTheLinesAVoiceKeeps() throws {
        let at = 20_037  // not on the 64-sample grid
        let plain = try drive()
        let changed = try drive(
            pushAfter: 20_000,
            runtime: QueuedParameter(id: .hapticIntensityControl, value: 0.2, sample: Int64(at)))
        #expect(plain.count == changed.count)
        #expect(changed.prefix(at).map(\.bitPattern) == plain.prefix(at).map(\.bitPattern))
        #expect(changed[at] != plain[at])
        // Well after the change (the slew limiter and actuator have settled), the drive is lower.
        let late = (at + 4_800)..<(at + 9_600)
        let peakPlain = plain[late].map(abs).max()!
        let peakChanged = changed[late].map(abs).max()!
        #expect(peakChanged < 0.8 * peakPlain, "peak \(peakChanged) vs \(peakPlain)")
    }
}
