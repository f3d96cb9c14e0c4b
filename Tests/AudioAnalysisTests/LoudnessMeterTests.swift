import AudioAnalysis
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `LoudnessMeter` against the ITU-R BS.1770 / EBU R 128 expectations of
/// EBU Tech 3341's test signals: a stereo sine near 1 kHz at L dBFS in each channel reads
/// L LUFS (the K-weighting's +0.69 dB there cancels the −0.691 in the definition), ±0.1 LU.
@Suite struct LoudnessMeterTests {
    static let sampleRate = 48_000

    /// Interleaved stereo: each `(dBFS, seconds)` segment a 997 Hz sine of that peak level
    /// in both channels, the phase running on across segments.
    static func stereoSine(_ segments: [(dBFS: Double, seconds: Double)]) -> [Float] {
        var samples: [Float] = []
        var n = 0
        for (level, seconds) in segments {
            let amplitude = pow(10, level / 20)
            for _ in 0..<Int(seconds * Double(sampleRate)) {
                let v = Float(amplitude * sin(2 * Double.pi * 997 * Double(n) / Double(sampleRate)))
                samples.append(v)
                samples.append(v)
                n += 1
            }
        }
        return samples
    }

    static func loudness(_ interleaved: [Float], channels: Int) throws -> Double {
        let meter = try LoudnessMeter(channels: channels, sampleRate: sampleRate)
        interleaved.withUnsafeBufferPointer { meter.add(interleaved: $0) }
        return meter.integratedLoudness
    }

    @Test(arguments: [-23.0, -33.0])
    func aStereoSineReadsItsLevel(dBFS: Double) throws {
        let lufs = try Self.loudness(Self.stereoSine([(dBFS, 20)]), channels: 2)
        #expect(abs(lufs - dBFS) <= 0.1, "\(lufs) LUFS for a sine at \(dBFS) dBFS")
    }

    /// Tech 3341 case 3: −36 dBFS for 10 s, −23 for 60 s, −36 for 10 s reads −23 LUFS: the
    /// relative gate (10 LU below the ungated level) drops the quiet parts.
    @Test func theRelativeGateDropsTheQuietParts() throws {
        let lufs = try Self.loudness(
            Self.stereoSine([(-36, 10), (-23, 60), (-36, 10)]), channels: 2)
        #expect(abs(lufs + 23) <= 0.1, "\(lufs) LUFS")
    }

    /// A mono file counts as dual mono (BS.1770's rule for a centre speaker): the same sine in
    /// one channel reads what it reads in both channels of a stereo file.
    @Test func monoCountsAsDualMono() throws {
        let stereo = Self.stereoSine([(-23, 20)])
        let mono = stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
        let lufs = try Self.loudness(mono, channels: 1)
        #expect(abs(lufs + 23) <= 0.1, "\(lufs) LUFS")
    }

    @Test func silenceIsMinusInfinity() throws {
        let silence = [Float](repeating: 0, count: 2 * Self.sampleRate * 2)
        #expect(try Self.loudness(silence, channels: 2) == -.infinity)
    }

    @Test(arguments: [(0, 48_000), (2, 999), (2, 768_001), (1, Int(Int32.max))])
    func anImpossibleFormatIsRefused(channels: Int, sampleRate: Int) {
        #expect(throws: AnalysisError.self) {
            _ = try LoudnessMeter(channels: channels, sampleRate: sampleRate)
        }
    }
}
