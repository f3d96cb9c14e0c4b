import HapticRender
import Synchronization

/// The render thread's side of an engine: the open-ended renderer all players share (one
/// actuator), and what it publishes for the control side. Touched by one thread at a time:
/// the audio device's thread while the live output runs, the caller of
/// ``CHHapticEngine/advance(by:)`` offline.
final class RenderSide: @unchecked Sendable {
    // @unchecked: `renderer` belongs to the thread that renders (see above); the control
    // side reaches it only through `changes` and reads the atomics.
    var renderer: PatternRenderer
    /// Changes from the control side, applied before each slice.
    let changes: SPSCRing<RenderChange>
    /// How many changes have been applied (the control side frees what they replaced).
    let applied = Atomic<Int>(0)
    /// Frames rendered so far: the engine's clock.
    let position = Atomic<Int64>(0)
    /// The largest output magnitude of the last ``render(into:)`` call, as `Float` bits.
    let peak = Atomic<UInt32>(0)
    let channels: Int

    /// Frames per slice: changes take effect at most this many frames after they are sent,
    /// and the renderer's own chunk, so slicing changes no sample.
    static var sliceFrames: Int { PatternRenderer.chunkFrames }

    init(renderer: consuming PatternRenderer) {
        channels = renderer.channels.count
        self.renderer = renderer
        changes = SPSCRing(capacity: 4_096)
    }

    /// Fills `output` (interleaved frames) slice by slice, applying pending changes before each.
    /// Real-time safe: no allocation, no lock. O(frames × voices + changes).
    func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        guard let base = output.baseAddress else { return 0 }
        let frames = output.count / channels
        var done = 0
        var largest: Float = 0
        while done < frames {
            applyChanges()
            let n = min(Self.sliceFrames, frames &- done)
            let slice = UnsafeMutableBufferPointer(
                start: base + done &* channels, count: n &* channels)
            _ = renderer.render(into: slice)
            for x in slice { largest = max(largest, abs(x)) }
            done &+= n
            position.store(renderer.position, ordering: .releasing)
        }
        peak.store(largest.bitPattern, ordering: .relaxed)
        return frames
    }

    /// Applies every change sent so far. O(changes × layer size).
    func applyChanges() {
        while let change = changes.pop() {
            switch change {
            case .layer(let contents, let cut, let endAt, let endKinds):
                if endAt != .max {
                    renderer.endVoices(ofLayer: contents.layer, at: endAt) {
                        endKinds & $0.bit != 0
                    }
                }
                renderer.replaceLayer(
                    contents.layer, with: contents, changingParameterLanesFrom: cut)
            case .audio(let index, let resource):
                renderer.setAudioResource(index, to: resource)
            }
            applied.add(1, ordering: .releasing)
        }
    }
}
