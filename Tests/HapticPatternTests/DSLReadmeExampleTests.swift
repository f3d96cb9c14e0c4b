import HapticPattern
import Testing

/// The HapticsDSL README examples, rebuilt with our DSL. Our transients move the cursor by
/// 0 s (HapticsDSL counts 0.1 s), so these are our exact resolved times.
@Suite struct DSLReadmeExampleTests {
    @Test func transientContinuousTransientWithGap() {
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Continuous(duration: 1)
            Transient()
        }
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient),
                row(0.1, 1, .hapticContinuous),
                row(1.2, 0, .hapticTransient),
            ])
        #expect(pattern.events[1].duration == 1)
        #expect(pattern.events[0].duration == nil)
    }

    @Test func hapticsDSLTransientLengthIsOneExplicitPause() {
        // HapticsDSL gives a transient 0.1 s; an explicit pause reproduces its timing.
        let pattern = HapticPattern(gap: 0.1) {
            Transient()
            Pause(0.1)
            Continuous(duration: 1)
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 0.2, 1.3])
    }

    @Test func outOfSequenceEventAtFiveSeconds() {
        let pattern = HapticPattern(gap: 0.1) {
            Continuous(duration: 1)
            Transient().at(5)
            Continuous(duration: 1)
        }
        #expect(
            eventRows(pattern) == [
                row(0, 1, .hapticContinuous),
                row(1.1, 1, .hapticContinuous),
                row(5, 0, .hapticTransient),
            ])
    }

    @Test func outOfSequenceFollowUpViaPinnedNestedPattern() {
        // "declare a new pattern and set it to start at the 5 second mark instead"
        let pattern = HapticPattern(gap: 0.1) {
            Continuous(duration: 1)
            Pattern(gap: 0.1) {
                Transient()
                Continuous(duration: 1)
            }.at(5)
        }
        #expect(
            eventRows(pattern) == [
                row(0, 1, .hapticContinuous),
                row(5, 0, .hapticTransient),
                row(5.1, 1, .hapticContinuous),
            ])
    }

    static func controlFlow(_ condition: Bool, _ anotherCondition: Bool) -> HapticPattern {
        HapticPattern(gap: 0.1) {
            Transient()
            if condition {
                Continuous(duration: 1.5)
            } else {
                Delay(1.5)
            }
            for i in 0...3 {
                Transient()
                Delay(Double(i) * 0.1)
            }
            if anotherCondition {
                Continuous(duration: 2).at(5)
            }
        }
    }

    @Test func controlFlowBothTrue() {
        let pattern = Self.controlFlow(true, true)
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient),
                row(0.1, 1.5, .hapticContinuous),
                row(1.7, 0, .hapticTransient),  // 0.1 + 1.5 + gap
                row(1.8, 0, .hapticTransient),  // + gap + Delay(0)
                row(2.0, 0, .hapticTransient),  // + gap + Delay(0.1)
                row(2.3, 0, .hapticTransient),  // + gap + Delay(0.2)
                row(5, 2, .hapticContinuous),
            ])
    }

    @Test func controlFlowBothFalse() {
        let pattern = Self.controlFlow(false, false)
        #expect(
            eventRows(pattern) == [
                row(0, 0, .hapticTransient),
                row(1.6, 0, .hapticTransient),  // gap + Delay(1.5)
                row(1.7, 0, .hapticTransient),
                row(1.9, 0, .hapticTransient),
                row(2.2, 0, .hapticTransient),
            ])
    }

    /// The example in our own README, verbatim: it must compile and mean what it says.
    @Test func ourReadmeExample() {
        let knock = Pattern(gap: 0.1) {  // sequential events, 0.1 s apart
            Transient(intensity: 1, sharpness: 0.8)
            Continuous(duration: 0.5, intensity: 0.6, sharpness: 0.3).attack(0.1).release(0.2)
            Transient(intensity: 0.5, sharpness: 1).at(5)  // pinned: does not move the cursor
            Repeat(3) { Transient(intensity: 0.4, sharpness: 0.5) }
            Parallel {
                AudioTone(duration: 0.4, volume: 0.5, pitch: -0.2)
                Curve(.hapticIntensity) {
                    Point(0, 1)
                    Point(0.4, 0.2)
                }
            }
        }
        #expect(
            eventRows(knock.hapticPattern) == [
                row(0, 0, .hapticTransient),
                row(0.1, 0.5, .hapticContinuous),
                row(0.7, 0, .hapticTransient),  // 0.1 + 0.5 + gap
                row(0.8, 0, .hapticTransient),
                row(0.9, 0, .hapticTransient),
                row(1.0, 0.4, .audioContinuous),
                row(5, 0, .hapticTransient),
            ])
        #expect(knock.hapticPattern.curves.map(\.time) == [1.0])
        let ahap: [UInt8] = AHAPEncoder().encode(knock.hapticPattern)
        #expect(AHAPDecoder(options: .init(mode: .strict)).decode(ahap).accepted)
    }
}
