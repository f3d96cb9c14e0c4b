/// The outcome of resolving one `EventWaveformPath`.
public enum ResourceResolution: Hashable, Sendable {
    /// Found: the canonical absolute path (symlinks resolved) of a regular file.
    case resolved(String)
    /// Not found; `tried` lists every candidate path, in order.
    case notFound(tried: [String])
    /// Refused for safety (absolute path, `..` or a symlink leading outside the allowed
    /// roots); `reason` explains it to the user.
    case refused(reason: String)

    /// The resolved path, if any.
    public var path: String? {
        if case .resolved(let p) = self { return p }
        return nil
    }
}
