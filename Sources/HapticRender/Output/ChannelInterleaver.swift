/// Writes the renderer's per-chunk signal rows into the caller's interleaved buffer, each
/// output channel a copy of a signal or a mix of two (``OutputChannel``).
///
/// Each recipe shape has its own loop, so no loop branches per frame: a single copy (`haptic`,
/// `drive`) is a contiguous copy; plain copies of any number of signals (`audio`, `split`,
/// `android`, the renderer's default, any `--channels` list without mixes) go frame-major in
/// groups of four, then two, then one channel, each group one pass with a constant stride; a
/// pair of mixes sharing one added signal and gain (`audition`) shares its product; any other
/// selection is written channel by channel, one copy or mix loop each.
struct ChannelInterleaver {
    /// One output channel, as offsets of signal rows from `signals`.
    struct Recipe {
        var base: Int
        /// The row mixed in at `gain`; -1 for a plain copy of `base`.
        var added: Int
        var gain: Float
    }

    /// Which loop ``write(into:frames:)`` runs.
    enum Shape {
        /// One plain copy.
        case copy
        /// Two or more plain copies.
        case copies
        /// Two mixes with the same added signal and gain (`audition`: L + g·a, R + g·a).
        case mixedPair
        /// Anything else.
        case perChannel
    }

    let signals: UnsafeMutablePointer<Float>
    /// `count` recipes, in ``RenderMemory``.
    let recipes: UnsafeMutablePointer<Recipe>
    let count: Int
    let shape: Shape

    /// The recipes of `channels` over `rows` (prepare time only). O(channels).
    init(rows: SignalRows, channels: [OutputChannel], memory: RenderMemory) {
        func offset(of signal: RenderSignal) -> Int { rows[signal] - rows.base }
        signals = rows.base
        count = channels.count
        recipes = memory.uninitialized(Recipe.self, count: count)
        for (c, channel) in channels.enumerated() {
            let recipe =
                switch channel {
                case .signal(let s): Recipe(base: offset(of: s), added: -1, gain: 0)
                case .mix(let s, let gain, let added):
                    Recipe(base: offset(of: s), added: offset(of: added), gain: gain)
                }
            recipes.advanced(by: c).initialize(to: recipe)
        }
        // Bit patterns, so the pair shares one product only when both would compute the same bits.
        let sharedProduct =
            count == 2 && recipes[0].added >= 0
            && recipes[0].added == recipes[1].added
            && recipes[0].gain.bitPattern == recipes[1].gain.bitPattern
        let plain = channels.allSatisfy { if case .signal = $0 { true } else { false } }
        shape =
            plain && count == 1
            ? .copy : plain && count > 1 ? .copies : sharedProduct ? .mixedPair : .perChannel
    }

    /// The base signal's row of output channel `c`.
    @inline(__always)
    func row(_ c: Int) -> UnsafeMutablePointer<Float> { signals + recipes[c].base }

    /// Writes `frames` interleaved frames to `out`. O(frames × channels).
    func write(into out: UnsafeMutablePointer<Float>, frames: Int) {
        switch shape {
        case .copy:
            let a = row(0)
            for i in 0..<frames { out[i] = a[i] }
        case .copies:
            // Groups of four channels, then a pair, then one: any number of signals.
            var c = 0
            while count - c >= 4 {
                copy4(from: c, into: out, frames: frames)
                c += 4
            }
            if count - c >= 2 {
                copy2(from: c, into: out, frames: frames)
                c += 2
            }
            if c < count { copy1(from: c, into: out, frames: frames) }
        case .mixedPair:
            let left = row(0)
            let right = row(1)
            let added = signals + recipes[0].added
            let gain = recipes[0].gain
            var dst = out
            for i in 0..<frames {
                // One product for both channels: the same bits as `base + gain * added` per channel.
                let scaled = gain * added[i]
                dst[0] = left[i] + scaled
                dst[1] = right[i] + scaled
                dst += 2
            }
        case .perChannel:
            for c in 0..<count {
                let recipe = recipes[c]
                let base = signals + recipe.base
                var dst = out + c
                if recipe.added < 0 {
                    for i in 0..<frames {
                        dst.pointee = base[i]
                        dst += count
                    }
                } else {
                    let added = signals + recipe.added
                    let gain = recipe.gain
                    for i in 0..<frames {
                        dst.pointee = base[i] + gain * added[i]
                        dst += count
                    }
                }
            }
        }
    }

    /// Writes plain channels `c…c+3` frame by frame, at the stride of ``count``.
    @inline(__always)
    private func copy4(from c: Int, into out: UnsafeMutablePointer<Float>, frames: Int) {
        let (a, b, d, e) = (row(c), row(c + 1), row(c + 2), row(c + 3))
        var dst = out + c
        for i in 0..<frames {
            dst[0] = a[i]
            dst[1] = b[i]
            dst[2] = d[i]
            dst[3] = e[i]
            dst += count
        }
    }

    /// Writes plain channels `c` and `c+1` frame by frame, at the stride of ``count``.
    @inline(__always)
    private func copy2(from c: Int, into out: UnsafeMutablePointer<Float>, frames: Int) {
        let (a, b) = (row(c), row(c + 1))
        var dst = out + c
        for i in 0..<frames {
            dst[0] = a[i]
            dst[1] = b[i]
            dst += count
        }
    }

    /// Writes plain channel `c`, at the stride of ``count``.
    @inline(__always)
    private func copy1(from c: Int, into out: UnsafeMutablePointer<Float>, frames: Int) {
        let a = row(c)
        var dst = out + c
        for i in 0..<frames {
            dst.pointee = a[i]
            dst += count
        }
    }
}
