#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Log-spaced frequency bands over the bins of one FFT size: the onset strength compares
/// ~40 bands instead of ~1,000 bins (a band's neighbours are a quarter octave away, so a
/// vibrato or a glide stays within its maximum), and the voice and rumble ranges are sums
/// of bands.
public struct BandLayout: Sendable {
    /// The voice range, Hz: where a voice's energy lies.
    public static let voiceHz = 150.0..<2_000.0
    /// The "rumble" range: film's haptics come only from below it, where the LFE, thumps
    /// and explosions live and dialogue does not (a low voice's fundamental stays above ~80 Hz,
    /// and band edges leak a little).
    public static let rumbleUpperHz = 70.0

    /// First bin of each band; band b covers bins `firstBin[b] ..< firstBin[b + 1]`.
    public let firstBin: [Int]
    /// Centre frequency of each band (geometric mean of its edges), Hz.
    public let centreHz: [Double]
    /// Whether each band's centre lies in ``voiceHz``.
    public let isVoice: [Bool]
    /// Whether each band lies below ``rumbleUpperHz``.
    public let isRumble: [Bool]

    public var count: Int { centreHz.count }

    /// Bands from 30 Hz to min(16 kHz, 0.45 · rate), `perOctave` per octave, merged so each
    /// holds at least one bin. O(bins).
    public init(fftSize: Int, sampleRate: Double, perOctave: Double = 4) {
        let binHz = sampleRate / Double(fftSize)
        let top = min(16_000, 0.45 * sampleRate)
        var edges: [Int] = []
        var f = 30.0
        let step = exp2(1 / perOctave)
        while f < top {
            let bin = Int((f / binHz).rounded())
            if edges.last.map({ bin > $0 }) ?? true { edges.append(max(bin, 1)) }
            f *= step
        }
        let last = Int((top / binHz).rounded())
        if edges.last.map({ last > $0 }) ?? true { edges.append(last) }
        let centres = (0..<(edges.count - 1)).map { b in
            (Double(edges[b]) * Double(max(edges[b + 1] - 1, edges[b]))).squareRoot() * binHz
        }
        firstBin = edges
        centreHz = centres
        isVoice = centres.map { Self.voiceHz.contains($0) }
        isRumble = centres.map { $0 < Self.rumbleUpperHz }
    }
}
