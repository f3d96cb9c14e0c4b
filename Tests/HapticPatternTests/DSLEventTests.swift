import HapticPattern
import Testing

@Suite struct DSLEventTests {
    @Test func transientParameters() throws {
        let event = try #require(
            HapticPattern { Transient(intensity: 1, sharpness: 0.25) }.events.first)
        #expect(event.type == .hapticTransient)
        #expect(event.time == 0)
        #expect(event.duration == nil)
        #expect(event.parameters.hapticIntensity == 1)
        #expect(event.parameters.hapticSharpness == 0.25)
        #expect(event.parameters.setIDs == [.hapticIntensity, .hapticSharpness])
    }

    @Test func unsetParametersStayNil() throws {
        let event = try #require(HapticPattern { Transient() }.events.first)
        #expect(event.parameters == EventParameters())
    }

    @Test func continuousWithEnvelope() throws {
        let event = try #require(
            HapticPattern {
                Continuous(duration: 1, intensity: 0.6, sharpness: 0.3)
                    .attack(0.2).decay(0.3).release(0.4).sustained(false)
            }.events.first)
        #expect(event.type == .hapticContinuous)
        #expect(event.duration == 1)
        var expected = EventParameters()
        expected.hapticIntensity = 0.6
        expected.hapticSharpness = 0.3
        expected.attackTime = 0.2
        expected.decayTime = 0.3
        expected.releaseTime = 0.4
        expected.sustained = 0
        #expect(event.parameters == expected)
        #expect(!event.parameters.isSustained)
    }

    @Test func sustainedTrueWritesOne() throws {
        let event = try #require(HapticPattern { Continuous(duration: 1).sustained() }.events.first)
        #expect(event.parameters.sustained == 1)
    }

    @Test func audioToneEveryParameter() throws {
        let event = try #require(
            HapticPattern {
                AudioTone(duration: 0.5, volume: 0.8, pitch: -0.2, pan: 0.5, brightness: 0.3)
                    .attack(0.1).decay(0.2).release(0.3).sustained(true)
            }.events.first)
        #expect(event.type == .audioContinuous)
        #expect(event.duration == 0.5)
        #expect(event.parameters.audioVolume == 0.8)
        #expect(event.parameters.audioPitch == -0.2)
        #expect(event.parameters.audioPan == 0.5)
        #expect(event.parameters.audioBrightness == 0.3)
        #expect(event.parameters.attackTime == 0.1)
        #expect(event.parameters.decayTime == 0.2)
        #expect(event.parameters.releaseTime == 0.3)
        #expect(event.parameters.sustained == 1)
        #expect(event.parameters.hapticIntensity == nil)
    }

    @Test func audioFileEveryField() throws {
        let event = try #require(
            HapticPattern {
                AudioFile(
                    "ShieldOn.wav", duration: 0.8, volume: 0.7, pitch: 0.1, pan: -0.4,
                    brightness: 0.9, useVolumeEnvelope: false, loop: true
                )
                .release(0.5)
            }.events.first)
        #expect(event.type == .audioCustom)
        #expect(event.waveformPath == "ShieldOn.wav")
        #expect(event.duration == 0.8)
        #expect(event.waveformUsesVolumeEnvelope == false)
        #expect(event.waveformLoopEnabled == true)
        #expect(event.parameters.audioVolume == 0.7)
        #expect(event.parameters.audioPitch == 0.1)
        #expect(event.parameters.audioPan == -0.4)
        #expect(event.parameters.audioBrightness == 0.9)
        #expect(event.parameters.releaseTime == 0.5)
    }

    @Test func audioFileDefaultsOmitOptionalKeys() throws {
        let event = try #require(HapticPattern { AudioFile("a.wav") }.events.first)
        #expect(event.duration == nil)
        #expect(event.waveformUsesVolumeEnvelope == nil)
        #expect(event.waveformLoopEnabled == nil)
        #expect(event.parameters == EventParameters())
    }

    @Test func audioFileMovesCursorByItsDurationOnly() {
        let pattern = HapticPattern(gap: 0.1) {
            AudioFile("a.wav", duration: 2)
            AudioFile("b.wav")
            Transient()
        }
        #expect(eventTimes(pattern) == [0, 2.1, 2.2])
    }

    @Test(arguments: EventParameterID.allCases)
    func everyEventParameterThroughGenericModifier(id: EventParameterID) throws {
        let value = id.range.lowerBound + 0.25
        let event = try #require(
            HapticPattern { Continuous(duration: 1).parameter(id, value) }.events.first)
        #expect(event.parameters[id] == value)
        #expect(event.parameters.setIDs == [id])
    }

    @Test func valuesAreClampedToTheirRanges() throws {
        let pattern = HapticPattern(gap: 0) {
            Transient(intensity: 2, sharpness: -1)
            AudioTone(duration: 1, volume: 1.5, pitch: -3, pan: 3, brightness: -0.5).attack(4)
            Continuous(duration: -1)
        }
        let transient = pattern.events[0]
        #expect(transient.parameters.hapticIntensity == 1)
        #expect(transient.parameters.hapticSharpness == 0)
        let tone = pattern.events[1]
        #expect(tone.parameters.audioVolume == 1)
        #expect(tone.parameters.audioPitch == -1)
        #expect(tone.parameters.audioPan == 1)
        #expect(tone.parameters.audioBrightness == 0)
        #expect(tone.parameters.attackTime == 1)
        #expect(pattern.events[2].duration == 0)
    }

    @Test func parameterNilUnsets() throws {
        let event = try #require(
            HapticPattern {
                Transient(intensity: 1).parameter(.hapticIntensity, nil)
            }.events.first)
        #expect(event.parameters.hapticIntensity == nil)
    }
}
