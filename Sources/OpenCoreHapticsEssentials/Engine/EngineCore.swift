import FoundationEssentials
import HapticPattern
import HapticRender
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An engine's shared state: the render side (the renderer every player plays on, one
/// simulated actuator) and the control side — players, their runs, layers and audio
/// resources — under one lock. The public ``CHHapticEngine`` and its players are thin shells
/// over it.
final class EngineCore: @unchecked Sendable {
    // @unchecked: mutable state lives in `state` (a Mutex) and `render` (see RenderSide).
    let render: RenderSide
    /// The control side; touched only inside ``locked(_:)``.
    private var state: CallerState
    private let lock = PosixLock()
    let sampleRate: Double
    /// Output channels per frame (the layout's).
    let channels: Int

    init(settings: CHHapticEngine.Simulation) throws {
        guard RenderOptions.isRenderable(sampleRate: settings.sampleRate) else {
            throw CHHapticError(
                .invalidEngineParameter,
                message:
                    "the sample rate must be a whole number of Hz between 8000 and 384000, not \(settings.sampleRate)"
            )
        }
        guard CHHapticEngine.Simulation.layerCounts.contains(settings.layers) else {
            throw CHHapticError(
                .invalidEngineParameter,
                message: "the engine plays 1 to 1024 players at once, not \(settings.layers)")
        }
        let configuration = RenderConfiguration(
            sampleRate: settings.sampleRate, channels: settings.layout.layout.outputChannels,
            actuator: settings.actuator.profile)
        let renderer: PatternRenderer
        do {
            renderer = try PatternRenderer(
                layers: settings.layers, reserve: RenderReserve(), configuration: configuration)
        } catch {
            throw CHHapticError(.invalidEngineParameter, message: error.description)
        }
        render = RenderSide(renderer: renderer)
        sampleRate = settings.sampleRate
        channels = configuration.channels.count
        let used = configuration.channels.flatMap(\.sources)
        state = CallerState(
            render: render, sampleRate: settings.sampleRate, live: settings.output != .offline,
            layers: settings.layers,
            hearsHaptics: used.contains { $0.isHaptic }, hearsAudio: used.contains { !$0.isHaptic })
    }

    /// Runs `body` under the lock, then the callbacks it returned, outside it.
    func locked<T>(_ body: (inout CallerState) throws -> T) rethrows -> T {
        lock.lock()
        let result: T
        do {
            result = try body(&state)
        } catch {
            let callbacks = state.takeCallbacks()
            lock.unlock()
            for callback in callbacks { callback() }
            throw error
        }
        let callbacks = state.takeCallbacks()
        lock.unlock()
        for callback in callbacks { callback() }
        return result
    }

    /// Frees what the render thread no longer reads, extends loops, finishes runs and calls
    /// their handlers: the engine's housekeeping, between render slices offline and every few
    /// milliseconds live.
    func tick() { locked { $0.tick() } }
}
