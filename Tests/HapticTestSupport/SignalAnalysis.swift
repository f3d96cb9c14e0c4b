#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small, dependency-free signal-analysis helpers for tests (Double precision, O(n) or O(n·bins);
/// meant for test-sized signals, not for production). The one Goertzel of the test suite: a test
/// that needs the level of one frequency uses ``goertzel(_:hz:sampleRate:hann:)``.
public enum SignalAnalysis {
    /// Magnitude of the DFT of `x` at frequency `hz` (Goertzel), normalised so that a sine of
    /// amplitude A spanning the whole window reads ≈ A. Hann window by default (the
    /// normalisation accounts for the window's coherent gain).
    public static func goertzel(
        _ x: ArraySlice<Double>, hz: Double, sampleRate: Double, hann: Bool = true
    ) -> Double {
        let w = hann ? hannWindow(x.count) : [Double](repeating: 1, count: x.count)
        return goertzel(windowed(x, w), gain: w.reduce(0, +), hz: hz, sampleRate: sampleRate)
    }

    public static func goertzel(_ x: [Double], hz: Double, sampleRate: Double, hann: Bool = true)
        -> Double
    {
        goertzel(x[...], hz: hz, sampleRate: sampleRate, hann: hann)
    }

    /// ``goertzel(_:hz:sampleRate:hann:)`` of Float samples (a rendered or decoded signal).
    public static func goertzel(_ x: [Float], hz: Double, sampleRate: Double, hann: Bool = true)
        -> Double
    {
        goertzel(x.map(Double.init)[...], hz: hz, sampleRate: sampleRate, hann: hann)
    }

    /// Goertzel on an already windowed signal whose window sums to `gain`.
    public static func goertzel(_ xw: [Double], gain: Double, hz: Double, sampleRate: Double)
        -> Double
    {
        let w = 2 * Double.pi * hz / sampleRate
        let coeff = 2 * cos(w)
        var s1 = 0.0
        var s2 = 0.0
        for v in xw {
            let s0 = v + coeff * s1 - s2
            s2 = s1
            s1 = s0
        }
        let re = s1 - s2 * cos(w)
        let im = s2 * sin(w)
        return 2 * (re * re + im * im).squareRoot() / gain
    }

    /// Hann window of length n.
    public static func hannWindow(_ n: Int) -> [Double] {
        (0..<n).map { n > 1 ? 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n - 1)) : 1 }
    }

    static func windowed(_ x: ArraySlice<Double>, _ w: [Double]) -> [Double] {
        zip(x, w).map { $0 * $1 }
    }

    /// Magnitude spectrum (Hann window, Goertzel per bin) at `frequencies`. O(n·bins).
    public static func spectrum(_ x: ArraySlice<Double>, frequencies: [Double], sampleRate: Double)
        -> [Double]
    {
        let w = hannWindow(x.count)
        let xw = windowed(x, w)
        let gain = w.reduce(0, +)
        return frequencies.map { goertzel(xw, gain: gain, hz: $0, sampleRate: sampleRate) }
    }

    /// Power-weighted spectral centroid over `frequencies` (plain DFT bins, Hann window).
    public static func spectralCentroid(
        _ x: ArraySlice<Double>, frequencies: [Double], sampleRate: Double
    ) -> Double {
        let mags = spectrum(x, frequencies: frequencies, sampleRate: sampleRate)
        var num = 0.0
        var den = 0.0
        for (f, m) in zip(frequencies, mags) {
            num += f * m * m
            den += m * m
        }
        return den > 0 ? num / den : 0
    }

    /// Frequency of the largest spectral magnitude over `frequencies`.
    public static func peakFrequency(
        _ x: ArraySlice<Double>, frequencies: [Double], sampleRate: Double
    ) -> Double {
        let mags = spectrum(x, frequencies: frequencies, sampleRate: sampleRate)
        var best = 0
        for i in mags.indices where mags[i] > mags[best] { best = i }
        return frequencies[best]
    }

    /// Evenly spaced frequencies `from…to` with step `step`.
    public static func frequencies(from: Double, to: Double, step: Double) -> [Double] {
        stride(from: from, through: to, by: step).map { $0 }
    }

    /// Peak envelope: max |x| over consecutive windows of `window` samples (one value per window).
    /// With a window of one carrier period this is a robust amplitude envelope.
    public static func peakEnvelope(_ x: ArraySlice<Double>, window: Int) -> [Double] {
        var out: [Double] = []
        var i = x.startIndex
        while i < x.endIndex {
            let j = min(i + window, x.endIndex)
            out.append(x[i..<j].reduce(0) { max($0, abs($1)) })
            i = j
        }
        return out
    }

    /// Largest |x|.
    public static func peak(_ x: ArraySlice<Double>) -> Double { x.reduce(0) { max($0, abs($1)) } }
    public static func peak(_ x: [Double]) -> Double { peak(x[...]) }

    /// RMS level in dB re 1 (−inf for silence).
    public static func rmsDB(_ x: ArraySlice<Double>) -> Double {
        guard !x.isEmpty else { return -.infinity }
        let ms = x.reduce(0) { $0 + $1 * $1 } / Double(x.count)
        return 10 * log10(ms)
    }

    /// `20·log10(a/b)`.
    public static func db(_ a: Double, re b: Double) -> Double { 20 * log10(a / b) }

    /// Least-squares line fit `y ≈ slope·x + intercept`.
    public static func lineFit(x: [Double], y: [Double]) -> (slope: Double, intercept: Double) {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n
        let my = y.reduce(0, +) / n
        var sxy = 0.0
        var sxx = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
        }
        let slope = sxy / sxx
        return (slope, my - slope * mx)
    }

    /// Frequency of the peak of the parabola through three equally spaced samples
    /// (`f` is the middle frequency, `df` the spacing).
    public static func parabolicPeak(
        f: Double, df: Double, left: Double, mid: Double, right: Double
    ) -> Double {
        let d = left - 2 * mid + right
        guard d != 0 else { return f }
        return f + 0.5 * df * (left - right) / d
    }
}
