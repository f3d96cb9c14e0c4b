#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streaming analysis of a mono signal into ``FrameFeatures``: a Hann-windowed STFT
/// (a 20–50 ms window, 10 ms hop) over ``RealFFT``, band powers on a ``BandLayout``, and
/// per frame the powers, colour, voice-range flatness and onset strength the generator
/// reads, plus a 2.5 ms energy envelope.
///
/// Memory is bounded whatever the input length: one window of samples, the log band powers
/// of the last two frames, and the features (a few floats per frame). Feed samples with
/// ``process(_:)`` in blocks of any size, then call ``finish()``.
/// Cost O(frames · N log N); allocation only while the features grow.
public final class SpectralAnalyzer {
    public let sampleRate: Double
    /// Samples between frames (10 ms).
    public let hop: Int
    public let fftSize: Int
    public let bands: BandLayout
    /// Onset strength compares a frame with the largest of the `fluxLag` frames before it
    /// and of the neighbouring bands (SuperFlux): a 46 ms window spreads an attack over
    /// several 10 ms hops, and the maximum keeps vibrato and noise from looking like attacks.
    public let fluxLag = 2
    /// Band power at which the onset strength's log compression bends (−60 dB re a
    /// full-scale sine's power): quieter changes count little.
    public static let compressionFloor: Float = 1e-6

    public var hopSeconds: Double { Double(hop) / sampleRate }
    public var windowSeconds: Double { Double(fftSize) / sampleRate }

    private let fft: RealFFT
    private let window: [Float]
    private let powerScale: Float
    private let voiceBins: Range<Int>
    private var pending: [Float]
    private var readPosition = 0
    private var spectrum: [Float]
    private var frame: [Float]
    /// log2 of each band's centre frequency (the centroid's weights).
    private let logCentre: [Double]
    /// log10(1 + P / floor) of the bands of the last `fluxLag` frames (a ring of rows).
    private var logRing: [Float]
    private var ringRow = 0
    private var currentLog: [Float]
    public private(set) var features = FrameFeatures()
    /// Samples per fine-envelope block (a quarter hop).
    public let fineHop: Int
    private var fineSum: Float = 0
    private var fineCount = 0
    private var finished = false

    public init(sampleRate: Double) {
        self.sampleRate = sampleRate
        hop = max(4, Int((sampleRate / 100).rounded()))
        fineHop = hop / 4
        // The largest power of two within 50 ms: 2048 at 44.1/48 kHz (43–46 ms).
        let hann = HannWindow(within: 0.05, sampleRate: sampleRate)
        let n = hann.size
        fftSize = n
        fft = RealFFT(size: n)
        bands = BandLayout(fftSize: n, sampleRate: sampleRate)
        window = hann.weights
        let windowEnergy = window.reduce(0) { $0 + $1 * $1 }
        // Parseval: Σ over positive bins of |X|² · 2 / (N · Σw²) is the frame's mean square.
        powerScale = 2 / (Float(n) * windowEnergy)
        let binHz = sampleRate / Double(n)
        let lo = max(1, Int((100 / binHz).rounded()))
        let hi = min(n / 2, Int((1_500 / binHz).rounded()))
        voiceBins = lo..<max(lo + 1, hi)
        // Half a window of leading zeros centres frame t on sample t · hop.
        pending = [Float](repeating: 0, count: n / 2)
        spectrum = [Float](repeating: 0, count: n / 2 + 1)
        frame = [Float](repeating: 0, count: n)
        logCentre = bands.centreHz.map { log2($0) }
        logRing = [Float](repeating: 0, count: fluxLag * bands.count)
        currentLog = [Float](repeating: 0, count: bands.count)
    }

    /// Analyses `samples` (mono) and every whole frame they complete.
    public func process(_ samples: UnsafeBufferPointer<Float>) {
        var sum = fineSum
        var count = fineCount
        let blockSize = fineHop
        for x in samples {
            sum += x * x
            count += 1
            if count == blockSize {
                features.fineEnergy.append(sum / Float(blockSize))
                sum = 0
                count = 0
            }
        }
        fineSum = sum
        fineCount = count
        pending.append(contentsOf: samples)
        while pending.count - readPosition >= fftSize {
            analyseFrame(at: readPosition)
            readPosition += hop
        }
        if readPosition >= 1 << 16 {
            pending.removeFirst(readPosition)
            readPosition = 0
        }
    }

    /// Pads the end with half a window of silence and returns the features (one frame per
    /// started hop).
    public func finish() -> FrameFeatures {
        guard !finished else { return features }
        finished = true
        let real = features.fineEnergy.count
        let tail = [Float](repeating: 0, count: fftSize / 2 + hop)
        tail.withUnsafeBufferPointer { process($0) }
        features.fineEnergy.removeLast(features.fineEnergy.count - real)
        return features
    }

    private func analyseFrame(at start: Int) {
        let n = fftSize
        pending.withUnsafeBufferPointer { samples in
            frame.withUnsafeMutableBufferPointer { f in
                window.withUnsafeBufferPointer { w in
                    Self.multiply(
                        samples.baseAddress! + start, w.baseAddress!, into: f.baseAddress!, n)
                }
            }
        }
        frame.withUnsafeBufferPointer { input in
            spectrum.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: input, into: $0) }
        }
        let b = bands.count
        var total: Float = 0
        var voice: Float = 0
        var rumble: Float = 0
        var centroidNumerator: Double = 0
        var strength: Float = 0
        let scale = powerScale
        spectrum.withUnsafeBufferPointer { bins in
            currentLog.withUnsafeMutableBufferPointer { current in
                for band in 0..<b {
                    var s: Float = 0
                    for k in bands.firstBin[band]..<bands.firstBin[band + 1] { s += bins[k] }
                    s *= scale
                    total += s
                    if bands.isVoice[band] { voice += s }
                    if bands.isRumble[band] { rumble += s }
                    centroidNumerator += Double(s) * logCentre[band]
                    current[band] = log10(1 + s / Self.compressionFloor)
                }
                logRing.withUnsafeMutableBufferPointer { ring in
                    for band in 0..<b {
                        var reference: Float = 0
                        for row in 0..<fluxLag {
                            for other in max(0, band - 1)...min(b - 1, band + 1) {
                                reference = max(reference, ring[row * b + other])
                            }
                        }
                        strength += max(0, current[band] - reference)
                    }
                    for band in 0..<b { ring[ringRow * b + band] = current[band] }
                }
            }
        }
        ringRow = (ringRow + 1) % fluxLag
        features.power.append(total)
        features.voiceBand.append(voice)
        features.rumble.append(rumble)
        features.logCentroid.append(
            total > 0 ? Float(centroidNumerator / Double(total)) : Float(log2(500.0)))
        features.voiceFlatness.append(flatness())
        features.onsetStrength.append(strength)
    }

    /// `out[i] = a[i] · b[i]` for i < `n`, eight at a time (the same products as one by one).
    @inline(__always)
    static func multiply(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>,
        _ n: Int
    ) {
        var i = 0
        while i + 8 <= n {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self)
            let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(out + i).storeBytes(of: x * y, as: SIMD8<Float>.self)
            i += 8
        }
        while i < n {
            out[i] = a[i] * b[i]
            i += 1
        }
    }

    /// Spectral flatness of the voice-range bins in dB (geometric ÷ arithmetic mean). O(bins).
    private func flatness() -> Float {
        var logSum: Double = 0
        var sum: Double = 0
        spectrum.withUnsafeBufferPointer { bins in
            // The log of a product of eight (within Double's range for powers of 1e-20…1e6).
            var product: Double = 1
            var inProduct = 0
            for k in voiceBins {
                let p = Double(bins[k]) + 1e-20
                product *= p
                sum += p
                inProduct += 1
                if inProduct == 8 {
                    logSum += log(product)
                    product = 1
                    inProduct = 0
                }
            }
            logSum += log(product)
        }
        let n = Double(voiceBins.count)
        return Float(10 * log10(max(1e-10, exp(logSum / n) / (sum / n))))
    }
}
