import AudioAnalysis
import Foundation
import SoundFile

/// A simple peer-like generator to beat (the shape of Meta Haptics Studio's analysis): an
/// envelope follower (instant attack, 100 ms release, 5 ms RMS blocks, normalised to its
/// peak) as a Lofelt clip's amplitude every 20 ms, spectral-flux peaks above 0.3 of the
/// largest, ≥ 100 ms apart, as emphasis (1024-point Hann STFT every 5 ms), sharpness from
/// the centroid (30–600 Hz). The same rule as `shared/tools/designer-score`'s baseline.
enum EnvelopeFollowerBaseline {
    static func clip(for path: String) throws -> DesignerClip {
        let audio = try SoundFile.read(path: path, limits: .unlimited)
        let sr = audio.sampleRate
        var x = [Double](repeating: 0, count: audio.samples.count / audio.channels)
        for f in x.indices {
            var s = 0.0
            for c in 0..<audio.channels { s += Double(audio.samples[f * audio.channels + c]) }
            x[f] = s / Double(audio.channels)
        }
        let top = x.reduce(0) { max($0, abs($1)) }
        if top > 0 { x = x.map { $0 / top } }
        let h = max(1, Int(sr * 0.005))
        var n = x.count / h
        if n < 2 {
            n = 2
            x += [Double](repeating: 0, count: 2 * h)
        }
        let rel = exp(-0.005 / 0.1)
        var v = 0.0
        var env = (0..<n).map { k -> Double in
            var s = 0.0
            for i in (k * h)..<((k + 1) * h) { s += x[i] * x[i] }
            let e = (s / Double(h)).squareRoot()
            v = e > v ? e : v * rel + e * (1 - rel)
            return v
        }
        let peak = env.max() ?? 0
        if peak > 0 { env = env.map { $0 / peak } }
        // STFT as scipy.signal.stft(x, nperseg=1024, noverlap=1024 − h): half a window of zeros
        // each side, frame k centred on sample k·h.
        let size = 1_024
        let fft = RealFFT(size: size)
        let window = (0..<size).map {
            Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)))
        }
        let padded =
            [Double](repeating: 0, count: size / 2) + x
            + [Double](repeating: 0, count: size / 2 + size)
        let frames = 1 + (x.count + h - 1) / h
        // Flux (the summed rise of the magnitudes since the previous frame) and sharpness per
        // frame in one pass over buffer pointers: the debug build runs this every 5 ms of sound.
        var flux: [Double] = []
        var sharp: [Double] = []
        var frame = [Float](repeating: 0, count: size)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var previous = [Double](repeating: 0, count: size / 2 + 1)
        for k in 0..<frames {
            padded.withUnsafeBufferPointer { source in
                window.withUnsafeBufferPointer { w in
                    frame.withUnsafeMutableBufferPointer { f in
                        for i in 0..<size { f[i] = Float(source[k * h + i]) * w[i] }
                        power.withUnsafeMutableBufferPointer {
                            fft.powerSpectrum(of: UnsafeBufferPointer(f), into: $0)
                        }
                    }
                }
            }
            var num = 0.0
            var den = 0.0
            var rise = 0.0
            power.withUnsafeBufferPointer { p in
                previous.withUnsafeMutableBufferPointer { before in
                    for b in 0..<p.count {
                        let a = Double(p[b]).squareRoot()
                        num += Double(b) * sr / Double(size) * a
                        den += a
                        rise += max(0, a - before[b])
                        before[b] = a
                    }
                }
            }
            if k > 0 { flux.append(rise) }
            sharp.append(min(1, max(0, (num / (den + 1e-12) - 30) / (600 - 30))))
        }
        let fluxTop = flux.max() ?? 0
        if fluxTop > 0 { flux = flux.map { $0 / fluxTop } }
        var emphasis: [(Double, Double, Double)] = []
        var last = -1.0
        if flux.count > 2 {
            for i in 1..<(flux.count - 1) {
                let ti = Double(min(i + 1, frames - 1) * h) / sr
                if flux[i] > 0.3, flux[i] >= flux[i - 1], flux[i] >= flux[i + 1], ti - last >= 0.1 {
                    emphasis.append(
                        (ti, env[min(n - 1, Int(ti / 0.005))], sharp[min(i, sharp.count - 1)]))
                    last = ti
                }
            }
        }
        var amplitude = stride(from: 0, to: n, by: 4).map {
            DesignerClip.Breakpoint(time: Double($0) * 0.005, amplitude: env[$0] * env[$0])
        }
        let frequency = stride(from: 0, to: n, by: 4).map {
            (Double($0) * 0.005, sharp[min($0, sharp.count - 1)])
        }
        for (t, a, s) in emphasis {
            let k = amplitude.indices.min {
                abs(amplitude[$0].time - t) < abs(amplitude[$1].time - t)
            }!
            amplitude[k].emphasis = (max(a * a, amplitude[k].amplitude), s)
        }
        return DesignerClip(amplitude: amplitude, frequency: frequency)
    }
}
