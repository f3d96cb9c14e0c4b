import SoundFile

/// Reads the length in seconds of every resolved AudioCustom file from its header (no audio
/// is decoded), keyed by `EventWaveformPath` as written — what the scheduler needs — within
/// `limits`. Files that did not resolve are left out; files that cannot be opened or are over
/// the limits are left out too and listed in `problems` (name, reason), so a caller can say
/// why their events are silent.
public func customAudioLengths(
    _ resources: [String: ResourceResolution], limits: SoundFileReadLimits = .default
)
    -> (lengths: [String: Double], problems: [(name: String, reason: String)])
{
    var lengths: [String: Double] = [:]
    var problems: [(name: String, reason: String)] = []
    for name in resources.keys.sorted() {
        guard let path = resources[name]?.path else { continue }
        do {
            lengths[name] = try SoundFile.info(path: path, limits: limits).duration
        } catch {
            problems.append((name, error.description))
        }
    }
    return (lengths, problems)
}
