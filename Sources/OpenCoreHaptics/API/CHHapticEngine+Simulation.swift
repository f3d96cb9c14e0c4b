import FoundationEssentials
import HapticRender
import HapticRenderKit

extension CHHapticEngine {
    /// How an OpenCoreHaptics engine simulates a device: not part of Core Haptics (use it
    /// under `#if !canImport(CoreHaptics)`).
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

        /// Render rate, Hz: a whole number within `RenderOptions.sampleRates` (8 kHz … 384 kHz).
        public var sampleRate: Double
        /// The simulated actuator.
        public var actuator: ActuatorProfile
        /// The channels played or recorded (default `audition`: audio + ½·acceleration, stereo).
        public var layout: OutputLayout
        public var output: Output
        /// Players that can sound at once (each playing player takes one of the renderer's
        /// layers until its last voice has rung out), within ``layerCounts``.
        public var layers: Int
        /// The layer counts an engine accepts.
        public static let layerCounts = 1...1_024

        public init(
            sampleRate: Double = 48_000, actuator: ActuatorProfile = .iphone,
            layout: OutputLayout = .audition,
            output: Output = .device(nil), layers: Int = 64
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

    /// How far ahead of ``currentTime`` a change sent now is placed: a live engine's render
    /// thread may be inside a slice of ``RenderSide/sliceFrames`` frames, so an immediate change
    /// lands one slice past the render position; offline it lands on it.
    public var schedulingLeadFrames: Int {
        simulation.output == .offline ? 0 : RenderSide.sliceFrames
    }

    /// The largest output magnitude of the last block the engine rendered (a level meter's
    /// reading: 1 is full scale).
    public var outputPeak: Float { Float(bitPattern: core.render.peak.load(ordering: .relaxed)) }
}
