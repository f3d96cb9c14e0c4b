import FoundationEssentials
import HapticRender
import HapticRenderKit

/// How an OpenCoreHaptics engine simulates a device: not part of Core Haptics (use it under
/// `#if !canImport(CoreHaptics)`, or set the environment instead: docs/core-haptics-api.md).
extension CHHapticEngine {
    public struct Simulation: Sendable {
        /// Where the engine plays.
        public enum Output: Sendable, Hashable {
            /// Live, on an audio output (its name or index as `ahap-render play --list-devices`
            /// shows; nil: the default): the device's clock is the engine's clock.
            case device(String?)
            /// Nowhere: the clock advances only by ``CHHapticEngine/advance(by:)`` and
            /// ``CHHapticEngine/render(to:duration:)``, so a session renders the same every time.
            case offline
        }

        /// A simulated actuator: a preset or a profile (docs/actuator-profiles.md).
        public struct Actuator: Sendable {
            let profile: ActuatorProfile

            /// Apple's iPhone Taptic Engine (the default), a coin motor, a Pixel's LRA, a game
            /// controller's rumble motor (an ERM).
            public static let iphone = Actuator(profile: .iphone)
            public static let coin = Actuator(profile: .coin)
            public static let pixel = Actuator(profile: .pixel)
            public static let erm = Actuator(profile: .erm(.erm))

            /// A preset by name, or the JSON profile at a path, as `ahap-render --actuator`
            /// takes them.
            /// - Throws: ``CHHapticError/Code/invalidEngineParameter`` naming what is wrong.
            public init(named nameOrPath: String) throws {
                do throws(ActuatorProfileLoadError) {
                    profile = try ActuatorProfileLoader.resolve(nameOrPath, sampleRate: 48_000)
                } catch {
                    throw CHHapticError(.invalidEngineParameter, message: error.description)
                }
            }

            package init(profile: ActuatorProfile) { self.profile = profile }

            /// The preset's or the profile's name.
            public var name: String { profile.name }
        }

        /// The channels an engine plays or records (the layouts of docs/rendering.md).
        public struct Layout: Sendable, Hashable {
            let layout: OutputLayout

            /// Audio plus half the acceleration, stereo: haptics you can hear (the default).
            public static let audition = Layout(.audition)
            /// The acceleration alone, mono.
            public static let haptic = Layout(.haptic)
            /// Audio left, audio right, the actuator's drive and its acceleration.
            public static let split = Layout(.split)

            /// A layout by the name `ahap-render --layout` takes (`audition`, `haptic`, `drive`,
            /// `audio`, `split`, `android`).
            public init?(named name: String) {
                guard let layout = OutputLayout(rawValue: name) else { return nil }
                self.layout = layout
            }

            package init(_ layout: OutputLayout) { self.layout = layout }

            public var name: String { layout.rawValue }
            /// Samples per frame.
            public var channels: Int { layout.outputChannels.count }
        }

        /// Render rate, Hz: a whole number from 8,000 to 384,000.
        public var sampleRate: Double
        /// The simulated actuator.
        public var actuator: Actuator
        /// The channels played or recorded.
        public var layout: Layout
        public var output: Output
        /// Players that can sound at once (each playing player takes one of the renderer's
        /// layers until its last voice has rung out), within ``layerCounts``.
        public var layers: Int
        /// The layer counts an engine accepts.
        public static let layerCounts = 1...1_024

        public init(
            sampleRate: Double = 48_000, actuator: Actuator = .iphone,
            layout: Layout = .audition, output: Output = .device(nil), layers: Int = 64
        ) {
            self.sampleRate = sampleRate
            self.actuator = actuator
            self.layout = layout
            self.output = output
            self.layers = layers
        }
    }

    /// Seconds from a frame the engine renders to its reaching a live engine's audio output, as
    /// the host API reports it (0 offline or before ``start()``).
    public var outputLatency: TimeInterval { output?.outputLatency ?? 0 }

    /// How far ahead of ``currentTime`` a change sent now is placed: while a thread renders (a
    /// live engine's device, an environment recording's) it may be inside a slice of 256
    /// frames, so an immediate change lands one slice past the render position; offline it
    /// lands on it.
    public var schedulingLeadFrames: Int {
        core.locked { $0.live } ? RenderSide.sliceFrames : 0
    }

    /// The largest output magnitude of the last block the engine rendered (a level meter's
    /// reading: 1 is full scale).
    public var outputPeak: Float { Float(bitPattern: core.render.peak.load(ordering: .relaxed)) }
}
