/// What Core Haptics does that every module needs to agree on, in one place: the limits it
/// applies, how it reads times, how long events and patterns last
/// (``CoreHapticsFacts/patternDuration(_:customAudioLengths:)``) and which parameter item
/// owns a lane (``CoreHapticsFacts/laneOwners(_:start:order:)``). The envelope-time law is
/// ``EnvelopeTime``. Sources and evidence: docs/ahap-format.md.
public enum CoreHapticsFacts {
    /// `HapticContinuousTimeLimit` on phones: a HapticContinuous event's `EventDuration` is
    /// silently capped at 30 s, in pattern seconds before the playback rate (Apple documents
    /// the 30 s maximum). AudioContinuous has no cap.
    public static let hapticContinuousLimitSeconds = 30.0

    /// The most control points Core Haptics' own exporters put in one `ParameterCurve` (they
    /// split longer curves, repeating the boundary point); what a device does with more is
    /// unknown, so writers stay within it and the decoder warns past it.
    public static let controlPointsPerCurve = 16

    /// `Time` and `EventDuration` (of events, parameters and curves) as Core Haptics reads them:
    /// with `floatValue`, so float32 values (`Time` 0.1 → 0.100000001490116…). Control-point
    /// times stay double. O(1).
    @inlinable public static func parsedTime(_ seconds: Double) -> Double {
        Double(Float(seconds))
    }
}
