import AudioAnalysis
import HapticTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `RealFFT` against the definition: a direct DFT in Double.
@Suite struct RealFFTTests {
    /// |X[k]|² = |Σ x[n]·e^(−2πikn/N)|² for k = 0 … N/2, in Double. O(N²).
    static func directPowerSpectrum(_ x: [Float]) -> [Double] {
        let n = x.count
        return (0...(n / 2)).map { k in
            var re = 0.0
            var im = 0.0
            for (i, v) in x.enumerated() {
                let angle = -2 * Double.pi * Double(k * i % n) / Double(n)
                re += Double(v) * cos(angle)
                im += Double(v) * sin(angle)
            }
            return re * re + im * im
        }
    }

    static func fftPowerSpectrum(_ x: [Float]) -> [Float] {
        let fft = RealFFT(size: x.count)
        var power = [Float](repeating: 0, count: x.count / 2 + 1)
        x.withUnsafeBufferPointer { input in
            power.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: input, into: $0) }
        }
        return power
    }

    @Test(arguments: [16, 64, 256, 2_048])
    func matchesADirectDFTOnNoise(size: Int) {
        var rng = SplitMix64(seed: UInt64(size))
        let x = (0..<size).map { _ in Float.random(in: -1...1, using: &rng) }
        let expected = Self.directPowerSpectrum(x)
        let actual = Self.fftPowerSpectrum(x)
        // Float arithmetic over log2(N) stages: within 1e-5 of the largest bin, every bin.
        let scale = expected.max()!
        let worst = zip(actual, expected).map { abs(Double($0) - $1) / scale }.max()!
        #expect(worst < 1e-5, "size \(size): worst bin error \(worst) of the peak")
    }

    @Test func aSineOnABinIsThatBinAlone() {
        let size = 1_024
        let bin = 37
        let x = (0..<size).map { Float(0.5 * sin(2 * Double.pi * Double(bin * $0) / Double(size))) }
        let power = Self.fftPowerSpectrum(x)
        // |X[bin]| = A·N/2 for a sine of amplitude A on a bin; the others are rounding.
        let expected = 0.5 * Double(size) / 2
        #expect(abs(Double(power[bin]).squareRoot() / expected - 1) < 1e-5)
        let leakage = power.indices.filter { $0 != bin }.map { Double(power[$0]) }.max()!
        #expect(leakage < 1e-8 * Double(power[bin]), "leakage \(leakage)")
    }
}
