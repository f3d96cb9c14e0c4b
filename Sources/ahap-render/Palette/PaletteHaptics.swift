// The haptics of the HapticPalette sample, written against Core Haptics' names only: on iOS
// this file compiles with CoreHaptics, here with OpenCoreHaptics' Foundation-free core (the
// command-line tool links no Foundation; an app imports OpenCoreHaptics).
#if canImport(CoreHaptics)
    import CoreHaptics
#else
    import OpenCoreHapticsEssentials
#endif

/// A 2-D palette: x is sharpness and y intensity of a continuous player that sounds while
/// the palette is engaged, and a tap fires a transient at the current point.
final class PaletteHaptics {
    let engine: CHHapticEngine
    private let continuousPlayer: CHHapticAdvancedPatternPlayer
    /// The point, 0…1 each: x = sharpness, y = intensity.
    private(set) var sharpness: Float = 0.5
    private(set) var intensity: Float = 0.5
    private(set) var isPlaying = false

    /// The continuous event's own sharpness: the dynamic sharpness control adds to it, so
    /// x ∈ 0…1 maps to a control of x − 0.5.
    private static let baseSharpness: Float = 0.5

    init(engine: CHHapticEngine) throws {
        self.engine = engine
        // The longest continuous event Core Haptics plays (30 s), looped: it sounds as long
        // as the palette is engaged.
        let continuous = CHHapticEvent(
            eventType: .hapticContinuous,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: Self.baseSharpness),
            ],
            relativeTime: 0, duration: 30)
        continuousPlayer = try engine.makeAdvancedPlayer(
            with: CHHapticPattern(events: [continuous], parameters: []))
        continuousPlayer.loopEnabled = true
    }

    /// Starts the continuous player at the current point.
    func begin() throws {
        guard !isPlaying else { return }
        try continuousPlayer.sendParameters(controls, atTime: CHHapticTimeImmediate)
        try continuousPlayer.start(atTime: CHHapticTimeImmediate)
        isPlaying = true
    }

    /// Stops the continuous player.
    func end() throws {
        guard isPlaying else { return }
        try continuousPlayer.stop(atTime: CHHapticTimeImmediate)
        isPlaying = false
    }

    /// Moves the point (clamped to 0…1); the continuous player follows at once.
    func move(sharpness: Float, intensity: Float) throws {
        self.sharpness = min(max(sharpness, 0), 1)
        self.intensity = min(max(intensity, 0), 1)
        try continuousPlayer.sendParameters(controls, atTime: CHHapticTimeImmediate)
    }

    /// Fires a transient with the point's sharpness and intensity.
    func tap() throws {
        let transient = CHHapticEvent(
            eventType: .hapticTransient,
            parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
            ],
            relativeTime: 0)
        let player = try engine.makePlayer(
            with: CHHapticPattern(events: [transient], parameters: []))
        try player.start(atTime: CHHapticTimeImmediate)
    }

    /// The dynamic parameters that put the continuous player at the point.
    private var controls: [CHHapticDynamicParameter] {
        [
            CHHapticDynamicParameter(
                parameterID: .hapticIntensityControl, value: intensity, relativeTime: 0),
            CHHapticDynamicParameter(
                parameterID: .hapticSharpnessControl, value: sharpness - Self.baseSharpness,
                relativeTime: 0),
        ]
    }
}
