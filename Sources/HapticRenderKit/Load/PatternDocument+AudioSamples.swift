import HapticPattern
import SoundFile

extension PatternDocument {
    /// Decodes every resolved AudioCustom file and adds a warning for each one some of whose
    /// samples are NaN, infinite or absurdly large (read as 0 by ``AudioFileReader``), naming
    /// the file and the count: what `lint` and `inspect` report, since a render would play
    /// those samples as silence. Files that cannot be decoded are left to the render's own
    /// warning. O(audio); reads each file once.
    public mutating func checkAudioSamples(limits: SoundFileReadLimits = .default) {
        for name in resources.keys.sorted() {
            guard let path = resources[name]?.path,
                let audio = try? SoundFile.read(path: path, limits: limits, maxChannels: 2),
                audio.replacedSamples > 0
            else { continue }
            result.diagnostics.append(
                RenderJob.replacedSamplesWarning(name: name, count: audio.replacedSamples))
        }
    }
}
