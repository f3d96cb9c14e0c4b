/// Plays custom audio (AudioCustom) with varispeed pitch, looping, and a brightness low-pass.
///
/// The read position advances by the pitch ratio each sample and is interpolated with a
/// 4-point cubic Hermite; looping wraps the position. Works on a raw view of the audio resource so the
/// render loop neither retains nor allocates.
@frozen package struct CustomAudioPlayer {
    package var samples: UnsafePointer<Float>
    package var frames: Int
    package var channels: Int
    package var loops: Bool
    /// Read position in frames.
    package var position: Double = 0
    /// Low-pass state per channel.
    package var lowLeft: Float = 0
    package var lowRight: Float = 0

    @inlinable
    package init(samples: UnsafePointer<Float>, frames: Int, channels: Int, loops: Bool) {
        self.samples = samples
        self.frames = frames
        self.channels = channels
        self.loops = loops
    }

    /// Whether a non-looping resource has played to its end.
    @inlinable package var isExhausted: Bool { !loops && position >= Double(frames) }

    @inlinable @inline(__always)
    func frame(_ index: Int, channel: Int) -> Float {
        var i = index
        if loops {
            i %= frames
            if i < 0 { i += frames }
        } else if i < 0 || i >= frames {
            return 0
        }
        return samples[i &* channels &+ channel]
    }

    @inlinable @inline(__always)
    func hermite(_ base: Int, _ t: Float, channel: Int) -> Float {
        let y0 = frame(base - 1, channel: channel)
        let y1 = frame(base, channel: channel)
        let y2 = frame(base + 1, channel: channel)
        let y3 = frame(base + 2, channel: channel)
        let c1 = 0.5 * (y2 - y0)
        let c2 = y0 - 2.5 * y1 + 2 * y2 - 0.5 * y3
        let c3 = 0.5 * (y3 - y0) + 1.5 * (y1 - y2)
        return ((c3 * t + c2) * t + c1) * t + y1
    }

    /// Returns the next stereo frame (mono resources are duplicated) and advances by `rate`.
    /// - Parameter lowPass: one-pole coefficient in (0, 1]; 1 is transparent.
    @inlinable @inline(__always)
    package mutating func next(rate: Float, lowPass: Float) -> (left: Float, right: Float) {
        if isExhausted { return (0, 0) }
        let base = Int(position)
        let t = Float(position - Double(base))
        let l = hermite(base, t, channel: 0)
        let r = channels == 2 ? hermite(base, t, channel: 1) : l
        position += Double(rate)
        if loops, position >= Double(frames) { position -= Double(frames) }
        // Written as a weighted sum so lowPass = 1 passes the input bit-exactly.
        let keep = 1 - lowPass
        lowLeft = l * lowPass + lowLeft * keep
        lowRight = r * lowPass + lowRight * keep
        return (lowLeft, lowRight)
    }
}
