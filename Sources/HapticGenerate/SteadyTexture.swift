import AudioAnalysis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a hit from a bump of a steady texture (hiss, rain, wind, a hum, a whoosh), two ways.
///
/// - **Steady level**: where the 10 ms level has varied by less than 4 dB (standard
///   deviation) over the surrounding second, a rise is a transient only if it stands 10 dB
///   above the median level of the 300 ms before it. Stationary noise of any colour and level
///   keeps its 10 ms level within ~3.4 dB (brown noise, the most variable) and its peaks
///   within 9 dB of that median; the hits designers mark move the level far more (σ ≥ 4 dB
///   around 95 % of them on the dev set) or rise out of quieter sound.
/// - **Smooth swell**: where the 10 ms level has kept within 1 dB (standard deviation) of its
///   ±100 ms moving median over the surrounding second, however far that trend moves, a rise
///   is a transient only if it stands 3 dB above the level's ±100 ms moving average. A swell
///   of broadband noise or a tone (a whoosh, a gust, an engine's rev) keeps within 0.1–0.9 dB
///   of its trend and its bumps within ~2.7 dB of the average; a hit rising 6 dB out of such
///   a sound stands 3 dB above it, one out of silence ~20 dB. Sounds that ring and are struck
///   again (bells: 1.9 dB), reverberant gunfire (1.9 dB and more) and pink or brown noise
///   (1.3–3.5 dB) are too rough for this test.
///
/// Levels are floored 40 dB below the file's reference; a rise with nothing before it (the
/// file's first 10 ms) is the texture's own start, a hit.
struct SteadyTexture {
    static let deviationDB = 4.0
    static let prominenceDB = 10.0
    static let swellDeviationDB = 1.0
    static let swellProminenceDB = 3.0
    /// The window the level's variation is measured over (± seconds) and the stretch before
    /// a rise it must stand out of (seconds).
    static let span = 1.0
    static let lookBack = 0.3
    /// Half the window of the moving median and average a swell's trend is read with, seconds.
    static let trend = 0.1

    /// 10 ms levels in dB (floored), their prefix sums, and those of their deviation from
    /// the moving median.
    private let db: [Double]
    private let sum: [Double]
    private let squares: [Double]
    private let residualSum: [Double]
    private let residualSquares: [Double]
    private let blockSeconds: Double
    private let floorDB: Double

    /// O(blocks · trend blocks · log(trend blocks)).
    init(_ analysis: AnalysisResult, reference: Float) {
        let fine = analysis.features.fineEnergy
        let group = 4
        blockSeconds = analysis.fineBlockSeconds * Double(group)
        floorDB = 20 * log10(max(Double(reference), 1e-10)) - 40
        let count = fine.count / group
        var db = [Double](repeating: 0, count: count)
        var sum = [Double](repeating: 0, count: count + 1)
        var squares = sum
        for b in 0..<count {
            var m: Float = 0
            for i in (b * group)..<(b * group + group) { m += fine[i] }
            let level = max(floorDB, 10 * log10(max(Double(m) / Double(group), 1e-20)))
            db[b] = level
            sum[b + 1] = sum[b] + level
            squares[b + 1] = squares[b] + level * level
        }
        let half = Int((Self.trend / blockSeconds).rounded())
        var residualSum = [Double](repeating: 0, count: count + 1)
        var residualSquares = residualSum
        var window: [Double] = []
        window.reserveCapacity(2 * half + 1)
        for b in 0..<count {
            window.removeAll(keepingCapacity: true)
            window.append(contentsOf: db[max(0, b - half)..<min(count, b + half + 1)])
            window.sort()
            let residual = db[b] - window[window.count / 2]
            residualSum[b + 1] = residualSum[b] + residual
            residualSquares[b + 1] = residualSquares[b] + residual * residual
        }
        self.db = db
        self.sum = sum
        self.squares = squares
        self.residualSum = residualSum
        self.residualSquares = residualSquares
    }

    /// Whether a rise at `time` is only a bump of a steady texture. O(lookBack blocks).
    func isBump(at time: Double) -> Bool {
        let n = db.count
        guard n > 1 else { return false }
        let k = min(n - 1, Int(time / blockSeconds))
        guard k > 0 else { return false }
        let half = Int((Self.span / blockSeconds).rounded())
        let lo = max(0, k - half)
        let hi = min(n, k + half + 1)
        var peak = -Double.infinity
        for b in k..<min(n, k + 3) { peak = max(peak, db[b]) }
        if Self.deviation(sum, squares, lo, hi) < Self.deviationDB {
            let back = Int((Self.lookBack / blockSeconds).rounded())
            let before = db[max(0, k - back)..<k].sorted()
            if peak - before[before.count / 2] < Self.prominenceDB { return true }
        }
        if Self.deviation(residualSum, residualSquares, lo, hi) < Self.swellDeviationDB {
            let trend = Int((Self.trend / blockSeconds).rounded())
            let a = max(0, k - trend)
            let b = min(n, k + trend + 1)
            if peak - (sum[b] - sum[a]) / Double(b - a) < Self.swellProminenceDB { return true }
        }
        return false
    }

    /// The standard deviation of the values whose prefix sums and sums of squares are given,
    /// over `lo..<hi`. O(1).
    private static func deviation(_ sum: [Double], _ squares: [Double], _ lo: Int, _ hi: Int)
        -> Double
    {
        let count = Double(hi - lo)
        let mean = (sum[hi] - sum[lo]) / count
        return max(0, (squares[hi] - squares[lo]) / count - mean * mean).squareRoot()
    }
}
