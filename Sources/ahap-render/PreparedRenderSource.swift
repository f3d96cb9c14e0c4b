import AudioDevice
import HapticRenderKit
import Synchronization

/// A prepared render as the device thread's source: each callback pulls the next frames
/// with ``PreparedRender/read(into:)`` — the renderer's real-time pull API, which neither
/// allocates nor locks — and publishes the position for the status line with one relaxed
/// atomic store.
final class PreparedRenderSource: AudioRenderSource, Sendable {
    // `Sendable`: `prepared` is touched only by the device thread once the stream starts
    // (and by no one before); other threads read `position` only.
    nonisolated(unsafe) private var prepared: PreparedRender
    /// Frames handed to the device so far.
    let position = Atomic<Int64>(0)
    let frames: Int64

    init(_ prepared: consuming PreparedRender) {
        frames = prepared.frames
        self.prepared = prepared
    }

    func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        let n = prepared.read(into: output)
        position.store(prepared.position, ordering: .relaxed)
        return n
    }
}
