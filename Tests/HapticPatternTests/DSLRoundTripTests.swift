import HapticPattern
import Testing

/// DSL-built patterns survive AHAP encoding and decoding unchanged.
@Suite struct DSLRoundTripTests {
    @Test func encodedDSLPatternsDecodeToTheSameModel() throws {
        let pattern = HapticPattern {
            Transient(intensity: 1, sharpness: 0.4)
            Continuous(duration: 0.5, intensity: 0.6, sharpness: 0.2).attack(0.1).release(0.3)
            AudioTone(duration: 0.3, volume: 0.5, pitch: -0.2, pan: 0.3, brightness: 0.7)
            AudioFile("knock.wav", volume: 0.8, useVolumeEnvelope: false, loop: true)
            Control(.hapticIntensity, 0.5).at(0.2)
            Curve(.hapticSharpness) {
                Point(0, 0.2)
                Point(0.5, 0.8)
            }.at(0.1)
            Repeat(3) {
                Transient()
                Pause(0.05)
            }
        }
        let bytes = AHAPEncoder().encode(pattern)
        let decoded = AHAPDecoder(options: .init(mode: .strict)).decode(bytes)
        #expect(decoded.pattern == pattern)
        #expect(!decoded.diagnostics.contains { $0.severity == .error })
    }
}
