import AudioAnalysis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a hit from a bump of a steady texture (hiss, rain, wind, a hum): where the 10 ms
/// level has varied by less than 4 dB (standard deviation) over the surrounding second, a rise
/// is a transient only if it stands 10 dB above the median level of the 300 ms before it.
///
/// Stationary noise of any colour and level keeps its 10 ms level within ~3.4 dB (brown noise,
/// the most variable) and its peaks within 9 dB of that median; the hits designers mark move
/// the level far more (σ ≥ 4 dB around 95 % of them on the dev set) or rise out of quieter
/// sound. Levels are floored 40 dB below the file's reference; a rise with nothing before it
/// (the file's first 10 ms) is the texture's own start, a hit.
struct SteadyTexture {
    static let deviationDB = 4.0
    static let prominenceDB = 10.0
    /// The window the level's variation is measured over (± seconds) and the stretch before
    /// a rise it must stand out of (seconds).
    static let span = 1.0
    static let lookBack = 0.3

    /// 10 ms levels in dB (floored) and their prefix sums.
    private let db: [Double]
    private let sum: [Double]
    private let squares: [Double]
    private let blockSeconds: Double
    private let floorDB: Double

    /// O(blocks).
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
        self.db = db
        self.sum = sum
        self.squares = squares
    }

    /// Whether a rise at `time` is only a bump of a steady texture. O(lookBack blocks).
    func isBump(at time: Double) -> Bool {
        let n = db.count
        guard n > 0 else { return false }
        let k = min(n - 1, Int(time / blockSeconds))
        let half = Int((Self.span / blockSeconds).rounded())
        let lo = max(0, k - half)
        let hi = min(n, k + half + 1)
        let count = Double(hi - lo)
        let mean = (sum[hi] - sum[lo]) / count
        let deviation = max(0, (squares[hi] - squares[lo]) / count - mean * mean).squareRoot()
        guard deviation < Self.deviationDB else { return false }
        var peak = -Double.infinity
        for b in k..<min(n, k + 3) { peak = max(peak, db[b]) }
        let back = Int((Self.lookBack / blockSeconds).rounded())
        let before = db[max(0, k - back)..<k].sorted()
        guard !before.isEmpty else { return false }
        return peak - before[before.count / 2] < Self.prominenceDB
    }
}
