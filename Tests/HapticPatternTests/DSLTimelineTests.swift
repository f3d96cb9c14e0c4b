import HapticPattern
import Testing

@Suite struct DSLTimelineTests {
    static let pattern = Pattern(gap: 0.1) {
        Transient(intensity: 1, sharpness: 0.5)
        Curve(.hapticSharpness) {
            Point(0, 0.2)
            Point(0.5, 0.8)
        }
        Continuous(duration: 1, intensity: 0.6, sharpness: 0.3).attack(0.2).release(0.4)
        Pause(0.25)
        Control(.hapticIntensity, 0.5)
        Transient()
        Transient().at(5)
    }

    @Test func resolvedTimelineRows() {
        #expect(
            Self.pattern.resolvedTimeline == [
                TimelineRow(start: 0, duration: 0, kind: .event(.hapticTransient)),
                TimelineRow(start: 0.1, duration: 1, kind: .event(.hapticContinuous)),
                TimelineRow(start: 0.1, duration: 0.5, kind: .curve(.hapticSharpnessControl)),
                TimelineRow(start: 1.45, duration: 0, kind: .event(.hapticTransient)),
                TimelineRow(start: 1.45, duration: 0, kind: .parameter(.hapticIntensityControl)),
                TimelineRow(start: 5, duration: 0, kind: .event(.hapticTransient)),
            ])
        #expect(Self.pattern.resolvedTimeline[1].end == 1.1)
    }

    @Test func timelineListingText() {
        #expect(
            Self.pattern.timelineListing() == """
                   start  duration  kind
                   0.000     0.000  HapticTransient  I=1.00 S=0.50
                   0.100     1.000  HapticContinuous  I=0.60 S=0.30 A=0.20 R=0.40
                   0.100     0.500  Curve HapticSharpnessControl  2 points: 0.20 → 0.80
                   1.450     0.000  HapticTransient
                   1.450     0.000  Parameter HapticIntensityControl  0.50
                   5.000     0.000  HapticTransient

                """)
    }

    @Test func outputIsCanonicalAndMatchesTheConvenienceInit() {
        let model = Self.pattern.hapticPattern
        var sorted = model
        sorted.canonicalize()
        #expect(model == sorted)
        #expect(model.version == 1)
        #expect(HapticPattern(Self.pattern) == model)
        #expect(model.events.map(\.time) == [0, 0.1, 1.45, 5])
    }

    @Test func listingShowsAudioFileKeysAndNegativeValues() {
        let listing = HapticPattern {
            AudioFile("a.wav", duration: 1.25, pan: -0.5, useVolumeEnvelope: false, loop: true)
            Control(.audioPitch, -0.125)
        }.timelineListing()
        #expect(
            listing == """
                   start  duration  kind
                   0.000     1.250  AudioCustom  "a.wav" Pan=-0.50 envelope=false loop=true
                   1.250     0.000  Parameter AudioPitchControl  -0.13

                """)
    }

    @Test func metadataIsKept() {
        let entry = MetadataEntry(key: "Project", value: .string("Shield"))
        let model = HapticPattern(metadata: [entry]) { Transient() }
        #expect(model.metadata == [entry])
        #expect(!model.isEmpty)
    }

    @Test func emptyPatternResolvesEmpty() {
        #expect(HapticPattern {}.isEmpty)
        #expect(Pattern { Pause(3) }.length == 3)
    }
}
