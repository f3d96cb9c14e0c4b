// libFuzzer entry point: bytes as an audio file → the package's one door for audio
// (SoundFile.read, as custom audio, soundtracks and plots read it: a regular file, the
// read limits, bad samples read as 0, more than two channels folded to stereo while read) →
// the resampler to the render rate, whole and a block at a time (as a soundtrack is: the
// blocks' sizes come from the input). Built by Scripts/fuzz.sh (target `audio`) over the
// system's libsndfile and libsamplerate.
//
// What counts as a finding: a trap, an ASan report in our code, a sample that is NaN,
// infinite or beyond the reader's magnitude cap, a replaced-sample count that disagrees with
// the samples, a result larger than the limits allow, or a block-by-block conversion that
// differs from the whole one by a single sample.
import SoundFile

#if canImport(Glibc)
    import Glibc
#endif

/// Small limits: the fuzzer's inputs are small, and a header that lies about its length must
/// be refused or cut, never allocated for.
let limits = SoundFileReadLimits(
    maxFrames: 200_000, maxBytes: 4 << 20, maxFileBytes: 1 << 20, maxDurationSeconds: 30)

/// One file reused for every input, in memory (/dev/shm) and unlinked at once: reopened
/// through /proc/self/fd, it leaves nothing behind.
let scratch: (fd: Int32, path: String) = {
    var template = Array("/dev/shm/audio-fuzz-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(fd >= 0, "mkstemp failed")
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return (fd, "/proc/self/fd/\(fd)")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ftruncate(scratch.fd, 0)
    var written = 0
    while written < size {
        let n = pwrite(scratch.fd, data + written, size - written, off_t(written))
        precondition(n > 0, "pwrite to the memfd failed")
        written += n
    }
    let audio: DecodedAudio
    do {
        audio = try SoundFile.read(path: scratch.path, limits: limits, maxChannels: 2)
    } catch {
        if error.description.isEmpty { fatalError("an error without a message") }
        return 0
    }
    check(audio)
    if audio.frames > 0, audio.sampleRate >= 1_000, audio.sampleRate <= 384_000 {
        // What CustomAudioLoader does next: to the render rate.
        if let resampled = try? audio.resampled(to: 8_000, quality: .sincFastest) {
            for s in resampled.samples where !s.isFinite {
                fatalError("the resampler made a non-finite sample from finite input")
            }
            if audio.sampleRate != 8_000 {
                let block = 1 + Int(data[size - 1]) * 7
                let streamed = streamedConversion(audio, block: block)
                if streamed != resampled.samples {
                    fatalError("blocks of \(block) frames convert to other samples than the whole")
                }
            }
        }
    }
    return 0
}

func check(_ audio: DecodedAudio) {
    if audio.channels < 1 || audio.channels > 2 { fatalError("\(audio.channels) channels") }
    if audio.frames > limits.maxFrames { fatalError("\(audio.frames) frames past the limit") }
    if audio.samples.count * 4 > limits.maxBytes { fatalError("decoded past maxBytes") }
    for s in audio.samples where !(abs(s) <= AudioFileReader.maxSampleMagnitude) {
        fatalError("a sample \(s) passed the reader")
    }
    if audio.replacedSamples < 0 { fatalError("negative replaced count") }
}

/// `audio` converted to 8 kHz `block` frames at a time (``Resampler/Stream``).
func streamedConversion(_ audio: DecodedAudio, block: Int) -> [Float]? {
    guard
        var stream = try? Resampler.Stream(
            quality: .sincFastest, channels: audio.channels, from: audio.sampleRate, to: 8_000)
    else { return nil }
    var out: [Float] = []
    var start = 0
    let samples = audio.samples
    while true {
        let end = min(start + block * audio.channels, samples.count)
        let last = end == samples.count
        guard
            let part = try? samples[start..<end].withUnsafeBufferPointer({
                (b) throws(SoundFileError) -> [Float] in try stream.process(b, last: last)
            })
        else { return nil }
        out += part
        if last { return out }
        start = end
    }
}
