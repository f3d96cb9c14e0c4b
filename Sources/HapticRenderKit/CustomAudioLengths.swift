import HapticPattern
import SoundFile

extension ResourceResolution {
    /// The resolved file path, if the resource resolved.
    public var resolvedPath: String? {
        if case let .resolved(path) = self { return path }
        return nil
    }
}

/// Reads the length in seconds of every resolved AudioCustom file from its header (no audio
/// is decoded), keyed by `EventWaveformPath` as written — what the scheduler needs. Files that
/// did not resolve or cannot be opened are left out (their events are skipped and reported).
public func customAudioLengths(_ resources: [String: ResourceResolution]) -> [String: Double] {
    var lengths: [String: Double] = [:]
    for (name, resolution) in resources {
        guard let path = resolution.resolvedPath, let info = try? SoundFile.info(path: path) else { continue }
        lengths[name] = info.duration
    }
    return lengths
}
