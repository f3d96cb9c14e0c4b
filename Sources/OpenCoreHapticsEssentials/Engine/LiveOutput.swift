import AudioDevice
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A live engine's audio output: the device's thread pulls the engine's render (its clock is
/// the engine's clock), and a housekeeping thread ticks the control side every few
/// milliseconds (finished runs, longer loops, freed schedules).
final class LiveOutput: @unchecked Sendable {
    // @unchecked: `stream` is touched by the thread that owns the engine only (init, close).
    private var stream: AudioOutputStream?
    private let housekeeping = Housekeeping()
    /// Seconds from a rendered frame to the device's output, as the host API reports it.
    let outputLatency: Double

    /// Opens `device` (its name or index; nil: the default output) and starts playing.
    /// - Throws: ``CHHapticError/Code/engineStartTimeout`` with the device's error.
    init(core: EngineCore, device: String?, sampleRate: Double) throws {
        do throws(AudioDeviceError) {
            let system = try AudioSystem()
            let chosen =
                if let device { try system.outputDevice(matching: device) } else {
                    try system.defaultOutputDevice()
                }
            let stream = try AudioOutputStream(
                device: chosen, channels: core.channels, sampleRate: sampleRate,
                source: EngineSource(core.render), lowLatency: true)
            try stream.start()
            outputLatency = stream.outputLatency
            self.stream = consume stream
        } catch {
            throw CHHapticError(.engineStartTimeout, message: error.description)
        }
        Thread.detach { [housekeeping] in
            housekeeping.thread.store(
                UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing)
            while housekeeping.running.load(ordering: .relaxed) {
                core.tick()
                usleep(5_000)
            }
            housekeeping.stopped.store(true, ordering: .releasing)
        }
    }

    /// Stops the device at once and the housekeeping after its last tick. Idempotent.
    func close() {
        housekeeping.running.store(false, ordering: .relaxed)
        stream?.abort()
        stream = nil
        // A handler the housekeeping thread calls may stop the engine: that thread ends by
        // itself after the handler returns.
        let current = UInt(bitPattern: Int(bitPattern: pthread_self()))
        guard housekeeping.thread.load(ordering: .acquiring) != current else { return }
        while !housekeeping.stopped.load(ordering: .acquiring) { usleep(1_000) }
    }
}

/// The housekeeping thread's flags.
private final class Housekeeping: Sendable {
    let running = Atomic<Bool>(true)
    let stopped = Atomic<Bool>(false)
    /// The housekeeping thread's `pthread_self()`.
    let thread = Atomic<UInt>(0)
}

/// The engine's render as the device's source: it never ends.
private final class EngineSource: AudioRenderSource, @unchecked Sendable {
    let render: RenderSide
    init(_ render: RenderSide) { self.render = render }
    func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        render.render(into: output)
    }
}

/// A detached POSIX thread.
enum Thread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                body.run()
                return nil
            }, box)
        precondition(created == 0, "pthread_create failed")
        pthread_detach(thread)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
