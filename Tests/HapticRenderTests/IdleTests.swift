import HapticPattern
import Testing

@testable import HapticRender

/// Idle is free: after the last voice the actuator decays to the rest threshold (2⁻²⁴ of
/// x_max), its state becomes exact zero, and from there the fast engine writes zeros without
/// stepping the model (``PatternRenderer/isQuiescent()``). Checked against the reference
/// engine with the agreement tolerance, and the exact zeros bit for bit.
@Suite struct IdleTests {
    @Test(arguments: EngineAgreementTests.presets)
    func aClickDecaysToExactRestAndStaysThere(_ actuator: ActuatorProfile) throws {
        var p = EventParameters()
        p.hapticIntensity = 1
        p.hapticSharpness = 0.3
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticTransient, time: 0, parameters: p),
            HapticEvent(type: .hapticTransient, time: 3, parameters: p),
        ])
        let configuration = RenderConfiguration(
            channels: EngineComparison.signals, actuator: actuator)
        let (timeline, audio) = EngineComparison.timeline(pattern, sampleRate: 48_000)
        let reference = try EngineComparison.renderReference(timeline, audio, configuration)
        // The fast engine block by block, noting where it first becomes quiescent.
        var renderer = try PatternRenderer(
            timeline: timeline, audio: audio, configuration: configuration)
        var fast: [Float] = []
        var block = [Float](repeating: 0, count: 256 * 4)
        var quiet: Int64?
        while renderer.position < 48_000 * 3 {
            let n = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
            fast += block[0..<(n * 4)]
            if quiet == nil && renderer.isQuiescent() { quiet = renderer.position }
        }
        let rest = try #require(quiet)
        // Within the kind's own bound on its time to rest (an LRA's: 18 time constants, 4·2²⁴,
        // low-Z for 4, Hi-Z after), after the click's pulse and brake.
        let bound = 0.05 + actuator.restFrames(sampleRate: 48_000) / 48_000
        #expect(Double(rest) / 48_000 < bound, "quiescent at \(rest)")
        // Exact zeros from rest to the second click, in both engines.
        let silence = Int(rest) * 4..<(48_000 * 3 * 4)
        #expect(fast[silence].allSatisfy { $0.bitPattern == 0 })
        #expect(reference[silence].allSatisfy { $0.bitPattern == 0 })
        let d = EngineComparison.worstDifference(
            Array(fast.prefix(48_000 * 3 * 4)), Array(reference.prefix(48_000 * 3 * 4)))
        for c in 0..<4 {
            EngineComparison.expectWithinTolerance(d[c], channel: c, "\(actuator.name) idle")
        }
    }
}
