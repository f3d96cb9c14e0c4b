import HapticPattern
import Testing

@testable import HapticGenerate

/// `generate`'s one-line summary counts in English: "1 continuous event", "2 curves".
@Suite struct GeneratedPatternSummaryTests {
    @Test func countsAreSingularForOne() {
        func pattern(transients: Int, continuous: Int, curves: Int) -> HapticPattern {
            var p = HapticPattern()
            p.events =
                (0..<transients).map { HapticEvent(type: .hapticTransient, time: Double($0)) }
                + (0..<continuous).map {
                    HapticEvent(type: .hapticContinuous, time: Double($0), duration: 1)
                }
            p.curves = (0..<curves).map { _ in
                ParameterCurve(id: .hapticIntensityControl, time: 0, points: [])
            }
            return p
        }
        func summary(_ p: HapticPattern) -> String {
            GeneratedPattern(
                pattern: p, requestedPreset: .film, preset: .film, presetReason: "",
                settings: GenerationPreset.film.settings, beats: nil,
                dialogueFraction: 0, integratedLoudness: -20, durationSeconds: 3
            ).summary
        }
        #expect(
            summary(pattern(transients: 1, continuous: 1, curves: 1)).hasPrefix(
                "preset film; 1 transient, 1 continuous event, 1 curve; -20.0 LUFS"))
        #expect(
            summary(pattern(transients: 2, continuous: 0, curves: 3)).hasPrefix(
                "preset film; 2 transients, 0 continuous events, 3 curves;"))
    }
}
