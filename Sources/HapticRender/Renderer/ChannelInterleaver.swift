/// Copies the renderer's per-chunk signal rows into the caller's interleaved buffer.
///
/// A separate small value, not a renderer method: calling a non-mutating method of the
/// renderer from its mutating render loop made the optimizer copy the whole renderer struct
/// (1.2 kB) per chunk. The common layout — all five channels in their natural order — gets a
/// frame-major loop with a constant stride; any other selection copies channel by channel.
@usableFromInline struct ChannelInterleaver {
    @usableFromInline let signals: UnsafeMutablePointer<Float>
    @usableFromInline let rowLength: Int
    @usableFromInline let sources: UnsafeMutablePointer<Int>
    @usableFromInline let count: Int
    /// `sources` is 0, 1, 2, 3, 4: every signal, in ``RenderChannel`` order.
    @usableFromInline let allInOrder: Bool

    @usableFromInline
    init(signals: UnsafeMutablePointer<Float>, rowLength: Int, sources: UnsafeMutablePointer<Int>, count: Int) {
        self.signals = signals
        self.rowLength = rowLength
        self.sources = sources
        self.count = count
        var inOrder = count == RenderChannel.allCases.count
        for c in 0..<count where sources[c] != c { inOrder = false }
        allInOrder = inOrder
    }

    /// Writes `frames` interleaved frames to `out`. O(frames × channels).
    @inlinable @_noLocks
    func write(into out: UnsafeMutablePointer<Float>, frames: Int) {
        if allInOrder {
            let a = signals, b = signals + rowLength, c = signals + 2 * rowLength
            let d = signals + 3 * rowLength, e = signals + 4 * rowLength
            var dst = out
            for i in 0..<frames {
                dst[0] = a[i]; dst[1] = b[i]; dst[2] = c[i]; dst[3] = d[i]; dst[4] = e[i]
                dst += 5
            }
            return
        }
        for c in 0..<count {
            let source = signals + sources[c] * rowLength
            var dst = out + c
            for i in 0..<frames {
                dst.pointee = source[i]
                dst += count
            }
        }
    }
}
