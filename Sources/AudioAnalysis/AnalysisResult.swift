#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole file's analysis: its frame features and its integrated loudness, so every level
/// can be read relative to the programme loudness (mastering-independent).
public struct AnalysisResult: Sendable {
    public var features: FrameFeatures
    /// Seconds between frames.
    public var hopSeconds: Double
    /// Seconds per block of ``FrameFeatures/fineEnergy`` (a quarter hop, in whole samples).
    public var fineBlockSeconds: Double
    /// Gated integrated loudness, LUFS (`-infinity` for silence).
    public var integratedLoudness: Double
    /// The input's duration in seconds.
    public var durationSeconds: Double
    /// The input's channel count (6: a 5.1 mix).
    public var channelCount: Int
    /// The STFT window's length: an attack shows in a frame's flux from the moment it enters
    /// the window, up to half a window after the frame's centre.
    public var windowSeconds: Double
    /// The sound's outline and the rises where a transient may go.
    public var peaks: PeakOutline

    public init(
        features: FrameFeatures, hopSeconds: Double, fineBlockSeconds: Double,
        windowSeconds: Double,
        integratedLoudness: Double, durationSeconds: Double, channelCount: Int = 1,
        peaks: PeakOutline = PeakOutline()
    ) {
        self.peaks = peaks
        self.fineBlockSeconds = fineBlockSeconds
        self.channelCount = channelCount
        self.windowSeconds = windowSeconds
        self.features = features
        self.hopSeconds = hopSeconds
        self.integratedLoudness = integratedLoudness
        self.durationSeconds = durationSeconds
    }

    public var frameCount: Int { features.count }

    /// True when BS.1770 gating finds nothing above −70 LUFS.
    public var isSilent: Bool { !(integratedLoudness > -70) }

    /// `power` in dB relative to the integrated loudness: 0 dB is a frame as loud as the
    /// programme on average (a full-scale sine has power 0.5 and −3 LUFS as dual mono).
    @inlinable public func relativeDB(_ power: Float) -> Double {
        10 * log10(max(Double(power), 1e-20)) - integratedLoudness
    }

    /// The centre time of frame `t`.
    @inlinable public func time(ofFrame t: Int) -> Double { Double(t) * hopSeconds }
}
