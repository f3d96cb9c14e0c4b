import Foundation

// The haptics of Apple's HapticRicochet sample, written against Core Haptics' names only: on
// iOS this file compiles with CoreHaptics, here with OpenCoreHaptics. The patterns are this
// example's own.
#if canImport(CoreHaptics)
    import CoreHaptics
#else
    import OpenCoreHaptics
#endif

/// A rolling ball's haptics: a looping texture whose intensity follows the ball's speed,
/// collisions whose strength follows the impact, and a shield that switches on with its own
/// sound (a registered custom audio resource) and changes how collisions feel.
final class RicochetHaptics {
    let engine: CHHapticEngine
    private let texturePlayer: CHHapticAdvancedPatternPlayer
    private let collisionPlayer: CHHapticPatternPlayer
    private let shieldCollisionPlayer: CHHapticPatternPlayer
    private let shieldPlayer: CHHapticPatternPlayer
    private(set) var shieldIsOn = false

    /// `shieldSound`: the sound the shield makes when it switches on.
    init(engine: CHHapticEngine, shieldSound: URL) throws {
        self.engine = engine
        func parameter(_ id: CHHapticEvent.ParameterID, _ value: Float) -> CHHapticEventParameter {
            CHHapticEventParameter(parameterID: id, value: value)
        }

        // Texture: a low rumble under a train of light, uneven ticks, half a second, looped.
        var texture = [
            CHHapticEvent(
                eventType: .hapticContinuous,
                parameters: [parameter(.hapticIntensity, 0.6), parameter(.hapticSharpness, 0.2)],
                relativeTime: 0, duration: 0.5)
        ]
        for i in 0..<5 {
            texture.append(
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [
                        parameter(.hapticIntensity, 0.5 + 0.1 * Float(i % 3)),
                        parameter(.hapticSharpness, 0.3),
                    ],
                    relativeTime: 0.1 * Double(i)))
        }
        texturePlayer = try engine.makeAdvancedPlayer(
            with: CHHapticPattern(events: texture, parameters: []))
        texturePlayer.loopEnabled = true

        // A collision: a hard hit and a short decaying ring; through the shield, crisper.
        func collision(sharpness: Float) throws -> CHHapticPattern {
            try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticTransient,
                        parameters: [
                            parameter(.hapticIntensity, 1), parameter(.hapticSharpness, sharpness),
                        ],
                        relativeTime: 0),
                    CHHapticEvent(
                        eventType: .hapticContinuous,
                        parameters: [
                            parameter(.hapticIntensity, 0.5),
                            parameter(.hapticSharpness, sharpness / 2),
                            parameter(.sustained, 0), parameter(.decayTime, 0.1),
                        ],
                        relativeTime: 0, duration: 0.12),
                ], parameters: [])
        }
        collisionPlayer = try engine.makePlayer(with: collision(sharpness: 0.5))
        shieldCollisionPlayer = try engine.makePlayer(with: collision(sharpness: 0.95))

        // The shield switching on: a swelling buzz under its sound, then a click.
        let sound = try engine.registerAudioResource(
            shieldSound, options: [CHHapticAudioResourceKeyUseVolumeEnvelope: true])
        let shield = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous,
                    parameters: [
                        parameter(.hapticIntensity, 0.9), parameter(.hapticSharpness, 0.4),
                        parameter(.attackTime, 0.3),
                    ],
                    relativeTime: 0, duration: 0.5),
                CHHapticEvent(
                    audioResourceID: sound, parameters: [parameter(.audioVolume, 0.8)],
                    relativeTime: 0),
                CHHapticEvent(
                    eventType: .hapticTransient,
                    parameters: [parameter(.hapticIntensity, 1), parameter(.hapticSharpness, 0.9)],
                    relativeTime: 0.55),
            ],
            parameterCurves: [
                CHHapticParameterCurve(
                    parameterID: .hapticSharpnessControl,
                    controlPoints: [
                        .init(relativeTime: 0, value: -0.3), .init(relativeTime: 0.5, value: 0.3),
                    ],
                    relativeTime: 0)
            ])
        shieldPlayer = try engine.makePlayer(with: shield)
    }

    /// The texture starts silent; ``rolling(speed:)`` sets its intensity.
    func startTexture() throws {
        try texturePlayer.sendParameters(
            [
                CHHapticDynamicParameter(
                    parameterID: .hapticIntensityControl, value: 0, relativeTime: 0)
            ],
            atTime: CHHapticTimeImmediate)
        try texturePlayer.start(atTime: CHHapticTimeImmediate)
    }

    /// The ball rolls at `speed` (0…1 of its top speed): the texture's intensity follows.
    func rolling(speed: Float) throws {
        let intensity = 0.05 + min(max(speed, 0), 1) * 0.4
        try texturePlayer.sendParameters(
            [
                CHHapticDynamicParameter(
                    parameterID: .hapticIntensityControl, value: intensity,
                    relativeTime: 0)
            ], atTime: CHHapticTimeImmediate)
    }

    /// The ball hits a wall with `impact` (0…1 of the hardest hit): a collision that strong.
    func collision(impact: Float) throws {
        let m = min(max(impact, 0), 1)
        let player = shieldIsOn ? shieldCollisionPlayer : collisionPlayer
        try player.sendParameters(
            [
                CHHapticDynamicParameter(
                    parameterID: .hapticIntensityControl, value: 0.375 + m * 0.625, relativeTime: 0),
                CHHapticDynamicParameter(
                    parameterID: .audioVolumeControl, value: 0.1 + m * 0.9, relativeTime: 0),
            ], atTime: CHHapticTimeImmediate)
        try player.start(atTime: CHHapticTimeImmediate)
    }

    /// Switches the shield on (with its effect) or off.
    func setShield(_ on: Bool) throws {
        guard on != shieldIsOn else { return }
        shieldIsOn = on
        if on { try shieldPlayer.start(atTime: CHHapticTimeImmediate) }
    }

    /// Stops the texture.
    func stop() throws { try texturePlayer.stop(atTime: CHHapticTimeImmediate) }
}
