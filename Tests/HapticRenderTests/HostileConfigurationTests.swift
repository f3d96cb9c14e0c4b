import HapticPattern
import Testing

@testable import HapticRender

/// The renderer's public entry points given rates and sizes no caller should pass: refused
/// with a ``RenderError``, never a trap or an allocation that cannot succeed. (A rate that is
/// not finite or not positive is a precondition of ``Scheduler``.)
@Suite struct HostileConfigurationTests {
    static let pattern = HapticPattern(
        events: [
            HapticEvent(type: .hapticTransient, time: 0.01),
            HapticEvent(type: .hapticContinuous, time: 0.02, duration: 0.1),
        ])

    @Test(arguments: [1, 100, 1e12, 1e300])
    func unusableSampleRatesAreRefused(rate: Double) {
        let timeline = Scheduler(sampleRate: rate).schedule(Self.pattern).timeline
        #expect(throws: RenderError.self) {
            _ = try PatternRenderer(
                timeline: timeline, configuration: RenderConfiguration(sampleRate: rate))
        }
        #expect(throws: RenderError.self) {
            _ = try ReferenceRenderer(
                timeline: timeline, configuration: RenderConfiguration(sampleRate: rate))
        }
        #expect(throws: RenderError.self) {
            _ = try PatternRenderer(
                layers: 2, configuration: RenderConfiguration(sampleRate: rate))
        }
    }

    @Test(arguments: [Int(UInt16.max) + 1, 1 << 40, .max])
    func tooManyLayersAreRefused(layers: Int) {
        #expect(throws: RenderError.tooManyLayers(layers)) {
            _ = try PatternRenderer(layers: layers, configuration: RenderConfiguration())
        }
    }
}
