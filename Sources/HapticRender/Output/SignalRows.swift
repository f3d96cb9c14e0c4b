/// One chunk of every ``RenderSignal`` signal, a row each in the enum's order: the audio
/// voices write the audio rows, the actuator stage the haptic ones, and the
/// ``ChannelInterleaver`` reads them. A view into ``RenderMemory``.
struct SignalRows {
    let base: UnsafeMutablePointer<Float>

    init(memory: RenderMemory) {
        base = memory.allocate(
            RenderSignal.allCases.count * PatternRenderer.chunkFrames, repeating: 0)
    }

    /// The chunk of `signal`.
    @inline(__always)
    subscript(_ signal: RenderSignal) -> UnsafeMutablePointer<Float> {
        base + signal.row &* PatternRenderer.chunkFrames
    }
}

extension RenderSignal {
    /// The signal's row in ``SignalRows`` (its position in `allCases`, as a literal: the render
    /// loop must not touch `allCases`, an array).
    var row: Int {
        switch self {
        case .audioLeft: 0
        case .audioRight: 1
        case .hapticDrive: 2
        case .acceleration: 3
        case .excursion: 4
        }
    }
}
