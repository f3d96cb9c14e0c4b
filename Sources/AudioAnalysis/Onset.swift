/// One detected onset.
public struct Onset: Sendable, Hashable {
    /// Attack time in seconds (backtracked from the flux peak).
    public var time: Double
    /// The frame of the flux peak.
    public var peakFrame: Int
    /// The band group whose flux fired (the strongest when several did).
    public var group: BandLayout.Group
    /// How far the flux exceeds its adaptive threshold (≥ 1), times any beat bonus: the
    /// order in which the density budget keeps onsets.
    public var salience: Double
    /// Loudness just after the attack, dB relative to the integrated loudness.
    public var levelDB: Double
    /// Where the attack's percussive energy sits: 0 = all sub, 1 = all high.
    public var brightness: Double

    public init(
        time: Double, peakFrame: Int, group: BandLayout.Group, salience: Double, levelDB: Double,
        brightness: Double
    ) {
        self.time = time
        self.peakFrame = peakFrame
        self.group = group
        self.salience = salience
        self.levelDB = levelDB
        self.brightness = brightness
    }
}
