import FoundationEssentials
import HapticRender
import SoundFile

/// An existing soundtrack laid under the pattern (`--mix-with`), so sync can be judged by ear.
///
/// It is decoded a block at a time, folded to stereo while read (more channels as
/// ``DecodedAudio/foldedToStereo(_:channels:into:)`` folds them; mono plays on both sides),
/// converted to the render rate with the custom-audio loader's resampler (its state carried
/// from block to block: the samples a whole-file conversion gives), and spooled to a file no
/// one can see (``UnnamedFile``: 8 bytes a frame, 1.4 GB for an hour at 48 kHz, removed
/// whatever happens). Each render block reads its frames back from there, so memory holds a
/// block, however long the soundtrack; it may be as long as the render may be
/// (``RenderOptions/soundtrackLimits``).
final class Soundtrack: Sendable {
    /// Frames at the render rate.
    let frames: Int
    /// Samples of the file that were NaN, infinite or absurd and were read as 0.
    let replacedSamples: Int
    /// Interleaved stereo `Float` frames at the render rate.
    private let spool: UnnamedFile

    /// Frames decoded per block.
    static let blockFrames = 1 << 14

    /// O(frames); memory O(block).
    /// - Throws: the reader's errors (`openFailed`, `tooLarge` past `limits`' duration,
    ///   `readFailed`), the resampler's, or `fileSystem` when the spool cannot be written.
    init(path: String, sampleRate: Double, limits: SoundFileReadLimits) throws(SoundFileError) {
        var reader = try AudioFileReader(path: path, limits: limits)
        let channels = reader.info.channels
        let folded = min(channels, 2)
        let maxFrames = limits.maxDurationSeconds * reader.info.sampleRate
        var resampler =
            reader.info.sampleRate == sampleRate
            ? nil
            : try Resampler.Stream(
                quality: CustomAudioLoader(sampleRate: sampleRate).quality, channels: folded,
                from: reader.info.sampleRate, to: sampleRate)
        var writer = try UnnamedFileWriter(in: FileManager.default.temporaryDirectory.path)
        var block = [Float](repeating: 0, count: Self.blockFrames * channels)
        var read = 0
        var spooled = 0
        while true {
            let n = try block.withUnsafeMutableBufferPointer {
                (b) throws(SoundFileError) -> Int in try reader.read(into: b)
            }
            read += n
            if Double(read) > maxFrames {
                throw .tooLarge(
                    path: path,
                    detail: "it lasts more than \(limits.maxDurationSeconds) s (maxDurationSeconds)"
                )
            }
            var samples = Array(block[0..<(n * channels)])
            if channels > 2 {
                var out: [Float] = []
                samples.withUnsafeBufferPointer {
                    DecodedAudio.foldedToStereo($0, channels: channels, into: &out)
                }
                samples = out
            }
            if resampler != nil {
                samples = try samples.withUnsafeBufferPointer {
                    (input) throws(SoundFileError) -> [Float] in
                    try resampler!.process(input, last: n == 0)
                }
            }
            if folded == 1 { samples = samples.flatMap { [$0, $0] } }
            try samples.withUnsafeBufferPointer { (b) throws(SoundFileError) in
                try writer.append(UnsafeRawBufferPointer(b))
            }
            spooled += samples.count / 2
            if n == 0 { break }
        }
        frames = spooled
        replacedSamples = reader.replacedSamples
        spool = try writer.finish()
    }

    /// Adds frames `[start, start + frames)` to the audio L/R of `signals` (the renderer's four
    /// interleaved signals), reading them into `scratch` (room for `2 × frames` floats). No
    /// allocation; O(frames). Past the soundtrack's end it adds nothing; a read that fails
    /// (an I/O error on the spool) adds silence.
    func add(
        to signals: UnsafeMutablePointer<Float>, from start: Int64, frames: Int,
        scratch: UnsafeMutablePointer<Float>
    ) {
        let end = min(Int64(self.frames), start + Int64(frames))
        guard start < end else { return }
        let frameBytes = 2 * MemoryLayout<Float>.size
        let got = spool.read(
            from: Int(start) * frameBytes,
            into: UnsafeMutableRawBufferPointer(
                start: scratch, count: Int(end - start) * frameBytes))
        for f in 0..<(got / frameBytes) {
            signals[4 * f] += scratch[2 * f]
            signals[4 * f + 1] += scratch[2 * f + 1]
        }
    }
}
