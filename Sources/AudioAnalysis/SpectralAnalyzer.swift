#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streaming analysis of a mono signal into ``FrameFeatures``: a Hann-windowed STFT
/// (a 20–50 ms window, 10 ms hop) over ``RealFFT``, band powers on a ``BandLayout``, and
/// median-filter harmonic/percussive separation (Fitzgerald 2010) on those bands.
///
/// Memory is bounded whatever the input length: one window of samples, a ring of
/// `2 · hpssHalfSpan + 1` frames of band powers, and the features (a few floats per frame).
/// Feed samples with ``process(_:)`` in blocks of any size, then call ``finish()``.
/// Cost O(frames · (N log N + bands · span)); allocation only while the features grow.
public final class SpectralAnalyzer {
    public let sampleRate: Double
    /// Samples between frames (10 ms).
    public let hop: Int
    public let fftSize: Int
    public let bands: BandLayout
    /// Frames either side of the harmonic (time) median: 8 → a 170 ms median.
    public let hpssHalfSpan = 8
    /// Bands either side of the percussive (frequency) median.
    public let percussiveHalfSpan = 2
    /// Flux compares frame t with the maximum of the `fluxLag` frames before it and of the
    /// neighbouring bands (SuperFlux, Böck & Widmer 2013): a 46 ms window spreads an attack
    /// over several 10 ms hops, and the maximum filter keeps the random ups and downs of
    /// noise and vibrato from looking like attacks.
    public let fluxLag = 3

    public var hopSeconds: Double { Double(hop) / sampleRate }
    public var windowSeconds: Double { Double(fftSize) / sampleRate }

    private let fft: RealFFT
    private let window: [Float]
    private let powerScale: Float
    private var pending: [Float]
    private var readPosition = 0
    private var spectrum: [Float]
    private var frame: [Float]
    private var ring: [Float]
    private var ringFrames = 0
    private var previousDB: [[Float]]
    private var sortScratch: [Float]
    public private(set) var features = FrameFeatures()
    /// Samples per fine-envelope block (a quarter hop).
    public let fineHop: Int
    private var fineSum: Float = 0
    private var fineCount = 0
    private var finished = false
    private var lastBands: [Float]

    public init(sampleRate: Double) {
        self.sampleRate = sampleRate
        hop = max(4, Int((sampleRate / 100).rounded()))
        fineHop = hop / 4
        // The largest power of two within 50 ms: 2048 at 44.1/48 kHz (43–46 ms).
        var n = 16
        while Double(2 * n) <= 0.05 * sampleRate { n *= 2 }
        fftSize = n
        fft = RealFFT(size: n)
        bands = BandLayout(fftSize: n, sampleRate: sampleRate)
        window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        let windowEnergy = window.reduce(0) { $0 + $1 * $1 }
        // Parseval: Σ over positive bins of |X|² · 2 / (N · Σw²) is the frame's mean square.
        powerScale = 2 / (Float(n) * windowEnergy)
        // Half a window of leading zeros centres frame t on sample t · hop.
        pending = [Float](repeating: 0, count: n / 2)
        spectrum = [Float](repeating: 0, count: n / 2 + 1)
        frame = [Float](repeating: 0, count: n)
        let b = bands.count
        ring = [Float](repeating: 0, count: (2 * hpssHalfSpan + 1) * b)
        // The time median looks hpssHalfSpan frames into the past: before the start, silence.
        ringFrames = hpssHalfSpan
        previousDB = Array(repeating: [Float](repeating: -120, count: b), count: fluxLag)
        sortScratch = [Float](repeating: 0, count: 2 * hpssHalfSpan + 1)
        lastBands = [Float](repeating: 0, count: b)
    }

    /// Analyses `samples` (mono) and every whole frame they complete.
    public func process(_ samples: UnsafeBufferPointer<Float>) {
        for x in samples {
            fineSum += x * x
            fineCount += 1
            if fineCount == fineHop {
                features.fineEnergy.append(fineSum / Float(fineHop))
                fineSum = 0
                fineCount = 0
            }
        }
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

    /// Pads the end with half a window of silence, flushes the HPSS delay and returns the
    /// features (one frame per started hop).
    public func finish() -> FrameFeatures {
        guard !finished else { return features }
        finished = true
        let real = features.fineEnergy.count
        // The last frame wholly inside the signal: what the harmonic median sees after the end.
        let last = lastBands
        let tail = [Float](repeating: 0, count: fftSize / 2 + hop)
        tail.withUnsafeBufferPointer { process($0) }
        features.fineEnergy.removeLast(features.fineEnergy.count - real)
        // The time median needs frames after the end: repeat the last whole frame, so the
        // end of the file does not look like the harmonic part stopping (a false onset).
        for _ in 0..<hpssHalfSpan { pushBands(last) }
        return features
    }

    private func analyseFrame(at start: Int) {
        pending.withUnsafeBufferPointer { samples in
            for i in 0..<fftSize { frame[i] = samples[start + i] * window[i] }
        }
        frame.withUnsafeBufferPointer { input in
            spectrum.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: input, into: $0) }
        }
        var bandPowers = [Float](repeating: 0, count: bands.count)
        for b in 0..<bands.count {
            var s: Float = 0
            for k in bands.firstBin[b]..<bands.firstBin[b + 1] { s += spectrum[k] }
            bandPowers[b] = s * powerScale
        }
        lastBands = bandPowers
        pushBands(bandPowers)
    }

    /// Adds one frame of band powers to the ring and, once the ring spans the median,
    /// separates the frame in its middle.
    private func pushBands(_ powers: [Float]) {
        let b = bands.count
        let span = 2 * hpssHalfSpan + 1
        let slot = ringFrames % span
        for i in 0..<b { ring[slot * b + i] = powers[i] }
        ringFrames += 1
        guard ringFrames >= span else { return }
        let centreSlot = (ringFrames - 1 - hpssHalfSpan) % span
        separate(centreSlot: centreSlot)
    }

    private func separate(centreSlot: Int) {
        let b = bands.count
        let span = 2 * hpssHalfSpan + 1
        let groups = BandLayout.Group.allCases.count
        var perc = [Float](repeating: 0, count: groups)
        var harm = [Float](repeating: 0, count: groups)
        var riseWeighted = [Float](repeating: 0, count: groups)
        var rumble: Float = 0
        var rumblePerc: Float = 0
        var rumbleRise: Float = 0
        var centroidNumerator: Double = 0
        var total: Double = 0
        var dbNow = [Float](repeating: 0, count: b)
        for band in 0..<b {
            let x = ring[centreSlot * b + band]
            for f in 0..<span { sortScratch[f] = ring[f * b + band] }
            let h = median(count: span)
            let lo = max(0, band - percussiveHalfSpan)
            let hi = min(b - 1, band + percussiveHalfSpan)
            for (j, other) in (lo...hi).enumerated() {
                sortScratch[j] = ring[centreSlot * b + other]
            }
            let p = median(count: hi - lo + 1)
            let p2 = p * p
            let h2 = h * h
            let mask = p2 + h2 > 0 ? p2 / (p2 + h2) : 0.5
            let pb = x * mask
            let hb = x - pb
            let g = bands.group[band].rawValue
            perc[g] += pb
            harm[g] += hb
            if bands.isRumble[band] { rumble += hb }
            let db = 10 * log10(pb + 1e-12)
            dbNow[band] = db
            var reference: Float = -120
            for past in previousDB {
                for other in max(0, band - 1)...min(b - 1, band + 1) {
                    reference = max(reference, past[other])
                }
            }
            let rise = min(40, max(0, db - reference)) * pb
            riseWeighted[g] += rise
            if bands.isRumble[band] {
                rumblePerc += pb
                rumbleRise += rise
            }
            centroidNumerator += Double(x) * log2(bands.centreHz[band])
            total += Double(x)
        }
        previousDB.removeFirst()
        previousDB.append(dbNow)
        for g in 0..<groups {
            features.flux[g].append(perc[g] > 0 ? riseWeighted[g] / perc[g] : 0)
            features.percussive[g].append(perc[g])
            features.harmonic[g].append(harm[g])
        }
        features.rumble.append(rumble)
        features.rumbleFlux.append(rumblePerc > 0 ? rumbleRise / rumblePerc : 0)
        features.rumblePercussive.append(rumblePerc)
        features.logCentroid.append(
            total > 0 ? Float(centroidNumerator / total) : Float(log2(500.0)))
    }

    /// The median of `sortScratch[0..<count]` (insertion sort: count ≤ 17).
    private func median(count: Int) -> Float {
        for i in 1..<max(count, 1) {
            let v = sortScratch[i]
            var j = i - 1
            while j >= 0 && sortScratch[j] > v {
                sortScratch[j + 1] = sortScratch[j]
                j -= 1
            }
            sortScratch[j + 1] = v
        }
        return sortScratch[count / 2]
    }
}
