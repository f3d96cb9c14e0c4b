/// What an ``AudioOutputStream`` plays: called on the audio device's real-time thread.
///
/// ``render(into:)`` must not allocate, take locks, block or do I/O: the device thread has
/// a few milliseconds per buffer, and a missed deadline is an audible glitch.
public protocol AudioRenderSource: AnyObject {
    /// Fills `output` with interleaved frames and returns how many it wrote; fewer than
    /// `output.count / channels` means the end (the stream pads with silence and stops).
    func render(into output: UnsafeMutableBufferPointer<Float>) -> Int
}
