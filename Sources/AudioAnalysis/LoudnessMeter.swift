#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Integrated loudness (ITU-R BS.1770-4 / EBU R 128, gated), measured while a file streams.
///
/// Each channel is K-weighted (a +4 dB high shelf above ~1.7 kHz, then a 38 Hz high-pass:
/// the standard's two biquads, designed for the file's rate from their analogue prototypes),
/// its mean square summed per 100 ms with the standard's channel weights (``weights(channels:)``:
/// L, R, C 1; Ls, Rs 1.41; LFE 0; one channel counts as dual mono, 2), and every 400 ms
/// block (75 % overlap) is a loudness. The integrated loudness averages the blocks above
/// −70 LUFS and then those within 10 LU of that average.
///
/// The generator expresses every level relative to this loudness, so its thresholds do not
/// depend on the mastering level. O(frames · channels); memory: 8 bytes per 100 ms.
public final class LoudnessMeter {
    public let channels: Int
    private let weights: [Double]
    private let filters: KWeighting
    /// Per channel: the two biquads' states (4 values).
    private var state: [Double]
    /// Frames per 100 ms (the gating blocks' step).
    public let framesPer100ms: Int
    private var framesInPart = 0
    /// Per channel: the sum of squares of the 100 ms in progress (summed sample by sample,
    /// so the blocks the frames come in never change it).
    private var partSums: [Double]
    /// The channel-weighted sums of K-weighted squares of each completed 100 ms: what the
    /// gating reads (``integratedLoudness(parts:framesPer100ms:)``), and what the parts of a
    /// file measured separately join by.
    public private(set) var parts: [Double] = []

    /// - Throws: `AnalysisError.unsupported` for no channels or a rate outside
    ///   ``AnalysisPlan/sampleRates``.
    public init(channels: Int, sampleRate: Int) throws(AnalysisError) {
        try AnalysisPlan.check(sampleRate: sampleRate, channels: channels)
        self.channels = channels
        weights = Self.weights(channels: channels)
        filters = KWeighting(sampleRate: Double(sampleRate))
        state = [Double](repeating: 0, count: 4 * channels)
        partSums = [Double](repeating: 0, count: channels)
        framesPer100ms = (sampleRate + 5) / 10
    }

    /// BS.1770's channel weights for the usual layouts: mono as dual mono; 4 channels L R Ls
    /// Rs; 5 channels L R C Ls Rs; otherwise L R C LFE Ls Rs (WAVE order) and nothing further.
    static func weights(channels: Int) -> [Double] {
        switch channels {
        case 1: return [2]
        case 4: return [1, 1, 1.41, 1.41]
        case 5: return [1, 1, 1, 1.41, 1.41]
        default:
            let layout: [Double] = [1, 1, 1, 0, 1.41, 1.41]
            return (0..<channels).map { $0 < layout.count ? layout[$0] : 0 }
        }
    }

    /// Adds interleaved frames. O(frames · channels).
    public func add(interleaved samples: UnsafeBufferPointer<Float>) {
        let frames = samples.count / channels
        var start = 0
        while start < frames {
            let n = min(frames - start, framesPer100ms - framesInPart)
            // Two weighted channels side by side in one vector (the same arithmetic per
            // channel, so the same sums), then any left alone.
            var c = 0
            while c < channels {
                if weights[c] > 0, c + 1 < channels, weights[c + 1] > 0 {
                    state.withUnsafeMutableBufferPointer { s in
                        partSums.withUnsafeMutableBufferPointer { sums in
                            filters.addSquares(
                                samples, from: start, count: n, channels: c, of: channels,
                                state: s.baseAddress! + 4 * c, sums: sums.baseAddress! + c)
                        }
                    }
                    c += 2
                    continue
                }
                if weights[c] > 0 {
                    filters.addSquares(
                        samples, from: start, count: n, channel: c, of: channels,
                        state: &state[4 * c], sum: &partSums[c])
                }
                c += 1
            }
            framesInPart += n
            start += n
            if framesInPart == framesPer100ms {
                var sum = 0.0
                for c in 0..<channels {
                    sum += weights[c] * partSums[c]
                    partSums[c] = 0
                }
                parts.append(sum)
                framesInPart = 0
            }
        }
    }

    /// The gated integrated loudness in LUFS; `-infinity` for silence (every block below the
    /// absolute gate of −70 LUFS) or less than 400 ms.
    public var integratedLoudness: Double {
        Self.integratedLoudness(parts: parts, framesPer100ms: framesPer100ms)
    }

    /// The gated integrated loudness of consecutive 100 ms `parts` (see ``parts``).
    public static func integratedLoudness(parts: [Double], framesPer100ms: Int) -> Double {
        guard parts.count >= 4 else { return -.infinity }
        let blockFrames = Double(4 * framesPer100ms)
        var blocks: [Double] = []
        blocks.reserveCapacity(parts.count - 3)
        for i in 3..<parts.count {
            blocks.append((parts[i - 3] + parts[i - 2] + parts[i - 1] + parts[i]) / blockFrames)
        }
        func loudness(_ energy: Double) -> Double { -0.691 + 10 * log10(energy) }
        let absolute = blocks.filter { loudness($0) > -70 }
        guard !absolute.isEmpty else { return -.infinity }
        let relative = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { loudness($0) > relative }
        guard !gated.isEmpty else { return -.infinity }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }
}

/// BS.1770's K-weighting: the high shelf then the high-pass, as biquads in transposed direct
/// form II on Double.
struct KWeighting {
    let shelfB: (Double, Double, Double)
    let shelfA: (Double, Double)
    let passB: (Double, Double, Double)
    let passA: (Double, Double)

    /// The standard's filters (specified at 48 kHz) re-derived for `sampleRate` by the
    /// bilinear transform of their analogue prototypes (gain, centre, Q as in BS.1770-4).
    init(sampleRate: Double) {
        var f0 = 1_681.974450955533
        let gain = 3.999843853973347
        var q = 0.7071752369554196
        var k = tan(Double.pi * f0 / sampleRate)
        let vh = pow(10, gain / 20)
        let vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelfB = (
            (vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0
        )
        shelfA = (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
        f0 = 38.13547087602444
        q = 0.5003270373238773
        k = tan(Double.pi * f0 / sampleRate)
        a0 = 1 + k / q + k * k
        passB = (1, -2, 1)
        passA = (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    }

    /// ``addSquares(_:from:count:channel:of:state:sum:)`` for channels `c` and `c + 1` at once,
    /// one per vector lane (lane by lane the same operations, so the same results); their
    /// states are `state[0..<4]` and `state[4..<8]`, their sums `sums[0]` and `sums[1]`.
    @inline(__always)
    func addSquares(
        _ samples: UnsafeBufferPointer<Float>, from: Int, count: Int, channels c: Int,
        of channels: Int, state: UnsafeMutablePointer<Double>, sums: UnsafeMutablePointer<Double>
    ) {
        var s1 = SIMD2(state[0], state[4])
        var s2 = SIMD2(state[1], state[5])
        var t1 = SIMD2(state[2], state[6])
        var t2 = SIMD2(state[3], state[7])
        var sum = SIMD2(sums[0], sums[1])
        let b0 = SIMD2(repeating: shelfB.0)
        let b1 = SIMD2(repeating: shelfB.1)
        let b2 = SIMD2(repeating: shelfB.2)
        let a1 = SIMD2(repeating: shelfA.0)
        let a2 = SIMD2(repeating: shelfA.1)
        let p0 = SIMD2(repeating: passB.0)
        let p1 = SIMD2(repeating: passB.1)
        let p2 = SIMD2(repeating: passB.2)
        let q1 = SIMD2(repeating: passA.0)
        let q2 = SIMD2(repeating: passA.1)
        var i = from * channels + c
        for _ in 0..<count {
            let x = SIMD2(Double(samples[i]), Double(samples[i + 1]))
            i += channels
            let y = b0 * x + s1
            s1 = b1 * x - a1 * y + s2
            s2 = b2 * x - a2 * y
            let z = p0 * y + t1
            t1 = p1 * y - q1 * z + t2
            t2 = p2 * y - q2 * z
            sum += z * z
        }
        (state[0], state[4]) = (s1[0], s1[1])
        (state[1], state[5]) = (s2[0], s2[1])
        (state[2], state[6]) = (t1[0], t1[1])
        (state[3], state[7]) = (t2[0], t2[1])
        (sums[0], sums[1]) = (sum[0], sum[1])
    }

    /// Filters `count` frames of channel `channel` from frame `from` and adds the squared
    /// output to `total`, sample by sample; `state` (4 values) carries over between calls.
    @inline(__always)
    func addSquares(
        _ samples: UnsafeBufferPointer<Float>, from: Int, count: Int, channel: Int,
        of channels: Int, state: UnsafeMutablePointer<Double>, sum total: inout Double
    ) {
        var s1 = state[0]
        var s2 = state[1]
        var t1 = state[2]
        var t2 = state[3]
        var sum = total
        var i = from * channels + channel
        for _ in 0..<count {
            let x = Double(samples[i])
            i += channels
            let y = shelfB.0 * x + s1
            s1 = shelfB.1 * x - shelfA.0 * y + s2
            s2 = shelfB.2 * x - shelfA.1 * y
            let z = passB.0 * y + t1
            t1 = passB.1 * y - passA.0 * z + t2
            t2 = passB.2 * y - passA.1 * z
            sum += z * z
        }
        state[0] = s1
        state[1] = s2
        state[2] = t1
        state[3] = t2
        total = sum
    }
}
