import AudioAnalysis
import FoundationEssentials
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a sound file block by block into the analysis: downmix (LFE included), STFT
/// features and BS.1770 loudness in one pass. Memory stays bounded by the analysis features
/// (a few floats per 10 ms), never the decoded audio.
public enum SoundtrackAnalysis {
    /// Frames decoded per block (≈ 1.4 s at 48 kHz).
    static let blockFrames = 1 << 16

    /// Samples that are NaN, infinite or absurd are read as 0 (``AudioFileReader``).
    ///
    /// - Parameters:
    ///   - maxDurationSeconds: longer files are refused before any decoding.
    ///   - progress: called after each block with the seconds analysed and the file's
    ///     declared duration (an estimate for compressed formats).
    ///   - isCancelled: polled after each block; true stops with ``GenerateError/cancelled(path:)``.
    ///   - replacedSamples: called once at the end with how many samples were read as 0.
    public static func analyse(
        path: String, maxDurationSeconds: Double = 4 * 3_600,
        progress: (_ seconds: Double, _ totalSeconds: Double) -> Void = { _, _ in },
        isCancelled: () -> Bool = { false }, replacedSamples: (Int) -> Void = { _ in }
    ) throws(GenerateError) -> AnalysisResult {
        let limits = SoundFileReadLimits(
            maxFrames: .max, maxBytes: .max, maxFileBytes: .max, maxDurationSeconds: .infinity)
        var reader: AudioFileReader
        do { reader = try AudioFileReader(path: path, limits: limits) } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let info = reader.info
        guard info.sampleRate >= 8_000, info.channels >= 1 else {
            throw .unreadable(
                path: path,
                reason: "unsupported sample rate \(info.sampleRate) Hz or \(info.channels) channels"
            )
        }
        if info.duration > maxDurationSeconds {
            throw .tooLong(path: path, seconds: info.duration, limit: maxDurationSeconds)
        }
        if reader.isTruncated { throw .truncated(path: path) }
        let meter: LoudnessMeter
        do {
            meter = try LoudnessMeter(channels: info.channels, sampleRate: Int(info.sampleRate))
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let analyzer = SpectralAnalyzer(sampleRate: info.sampleRate)
        let peaks = PeakTracker(sampleRate: Int(info.sampleRate))
        var interleaved = [Float](repeating: 0, count: blockFrames * info.channels)
        var mono = [Float](repeating: 0, count: blockFrames)
        let maxFrames = Int(min(maxDurationSeconds * info.sampleRate, 9.0e18))
        var total = 0
        while true {
            let n: Int
            do {
                n = try interleaved.withUnsafeMutableBufferPointer {
                    (b) throws(SoundFileError) -> Int in try reader.read(into: b)
                }
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
            if n == 0 { break }
            total += n
            if total > maxFrames {
                throw .tooLong(
                    path: path, seconds: Double(total) / info.sampleRate, limit: maxDurationSeconds)
            }
            interleaved.withUnsafeBufferPointer { all in
                let block = UnsafeBufferPointer(rebasing: all[0..<(n * info.channels)])
                meter.add(interleaved: block)
                mono.withUnsafeMutableBufferPointer {
                    Downmix.mono(block, channels: info.channels, frames: n, into: $0)
                }
            }
            mono.withUnsafeBufferPointer {
                let block = UnsafeBufferPointer(rebasing: $0[0..<n])
                analyzer.process(block)
                peaks.process(block)
            }
            progress(
                Double(total) / info.sampleRate, max(info.duration, Double(total) / info.sampleRate)
            )
            if isCancelled() { throw .cancelled(path: path) }
        }
        guard total > 0 else { throw .empty(path: path) }
        // Compressed formats declare estimates; only exact-length containers can be checked.
        let name = info.formatName.uppercased()
        let exactLength = !(name.contains("MPEG") || name.contains("OGG") || name.contains("OPUS"))
        if exactLength && info.frames > total { throw .truncated(path: path) }
        progress(Double(total) / info.sampleRate, Double(total) / info.sampleRate)
        let features = analyzer.finish()
        replacedSamples(reader.replacedSamples)
        return AnalysisResult(
            features: features, hopSeconds: analyzer.hopSeconds,
            fineBlockSeconds: Double(analyzer.fineHop) / info.sampleRate,
            windowSeconds: analyzer.windowSeconds,
            integratedLoudness: loudness(meter.integratedLoudness, features),
            durationSeconds: Double(total) / info.sampleRate, channelCount: info.channels,
            peaks: peaks.finish())
    }

    /// BS.1770 loudness, or — when BS.1770 hears nothing because all the sound is in the LFE,
    /// which it does not count — the mean power of the analysed (LFE-including) frames
    /// within 40 dB of the loudest, in dB. Silence stays `-infinity`.
    static func loudness(_ measured: Double, _ features: FrameFeatures) -> Double {
        if measured > -70 { return measured }
        let totals = features.power.map(Double.init)
        guard let top = totals.max(), top > 1e-7 else { return -.infinity }
        let loud = totals.filter { $0 > top * 1e-4 }
        return 10 * log10(loud.reduce(0, +) / Double(loud.count))
    }
}
