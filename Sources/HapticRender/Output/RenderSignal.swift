/// A signal the renderer can write to an output channel.
///
/// Scales (documented for every file we write):
/// - ``audioLeft`` / ``audioRight``: the pattern's audio events, full scale 1.0 (the tone peaks at
///   0.5 at `AudioVolume` 1; custom audio plays at unity gain);
/// - ``hapticDrive``: the driver's output voltage ÷ the actuator's voltage clamp (±1 = the rail);
/// - ``acceleration``: body acceleration ÷ the actuator profile's full scale in g;
/// - ``excursion``: moving-mass displacement ÷ the end-stop distance (±1 = touching the stop).
public enum RenderSignal: String, CaseIterable, Sendable, Hashable {
    case audioLeft
    case audioRight
    case hapticDrive
    case acceleration
    case excursion
}

extension RenderSignal {
    /// Whether the actuator produces this signal (drive, acceleration, excursion) rather than
    /// the audio synthesizer.
    package var isHaptic: Bool { self != .audioLeft && self != .audioRight }
}
