#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Log-spaced frequency bands over the bins of one FFT size, grouped into the three onset
/// bands the generator feels differently: sub (< 150 Hz, the thump), mid (150 Hz – 2 kHz,
/// the body) and high (> 2 kHz, the click).
///
/// HPSS and flux run on these ~40 bands instead of ~1,000 bins: the medians then cost 40
/// short sorts per frame, which keeps the analysis far above 100× real time.
public struct BandLayout: Sendable {
    /// The onset band groups.
    public enum Group: Int, CaseIterable, Sendable {
        case sub, mid, high
    }

    /// Group boundaries in Hz.
    public static let subUpperHz = 150.0
    public static let midUpperHz = 2_000.0
    /// The "rumble" range: film's haptics come only from below it, where the LFE, thumps
    /// and explosions live and dialogue does not (a low voice's fundamental stays above ~80 Hz,
    /// and band edges leak a little).
    public static let rumbleUpperHz = 70.0

    /// First bin of each band; band b covers bins `firstBin[b] ..< firstBin[b + 1]`.
    public let firstBin: [Int]
    /// Centre frequency of each band (geometric mean of its edges), Hz.
    public let centreHz: [Double]
    /// The group of each band.
    public let group: [Group]
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
        group = centres.map { $0 < Self.subUpperHz ? .sub : $0 < Self.midUpperHz ? .mid : .high }
        isRumble = centres.map { $0 < Self.rumbleUpperHz }
    }
}
