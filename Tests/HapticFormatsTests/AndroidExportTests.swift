import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

@Suite struct AndroidExportTests {
    /// The Pixel firmware's primitive lengths (CS40L26 HAL, X-axis LRA) and the API level
    /// that added each constant.
    @Test func primitiveTable() {
        #expect(
            AndroidPrimitive.allCases.map(\.pixelDurationMs) == [
                12, 5, 12, 300, 133, 150, 500, 100,
            ])
        #expect(
            AndroidPrimitive.allCases.filter { $0.minimumAPILevel == 31 } == [
                .lowTick, .thud, .spin,
            ])
    }

    /// Every tier within the limits the platform documents (docs/formats.md, "Android").
    static func checkLimits(_ effect: AndroidEffect, _ name: String) {
        func checkWaveform(_ w: AndroidWaveform) {
            #expect(w.timings.count == w.amplitudes.count, "\(name)")
            #expect(
                w.timings.allSatisfy { $0 > 0 }
                    && w.amplitudes.allSatisfy { (0...255).contains($0) }, "\(name)")
        }
        checkWaveform(effect.waveform)
        for (tier, sequence) in [
            (AndroidTier.composition, effect.composition), (.envelope, effect.envelope),
        ] {
            var end = 0
            for segment in sequence.segments {
                #expect(
                    segment.startMs >= end,
                    "\(name) \(tier): segments overlap at \(segment.startMs) ms")
                switch segment.content {
                case .waveform(let w):
                    checkWaveform(w)
                    end = segment.startMs + w.durationMs
                case .primitives(let steps):
                    #expect(
                        steps.allSatisfy {
                            (0...1).contains($0.scale) && $0.delayMs >= 0 && $0.atMs >= 0
                        }, "\(name)")
                    #expect(
                        zip(steps, steps.dropFirst()).allSatisfy {
                            $1.atMs >= $0.atMs + $0.primitive.pixelDurationMs
                        })
                    end = segment.startMs + steps.last!.atMs + steps.last!.primitive.pixelDurationMs
                case .envelope(let e):
                    #expect(tier == .envelope)
                    #expect(e.controlPoints.count <= AndroidExport.envelopeMaxPoints, "\(name)")
                    #expect(
                        e.controlPoints.allSatisfy { (20...1000).contains($0.durationMs) },
                        "\(name): \(e.controlPoints.map(\.durationMs))")
                    #expect(
                        e.controlPoints.allSatisfy {
                            (0...1).contains($0.intensity) && (0...1).contains($0.sharpness)
                        })
                    #expect(e.controlPoints.last?.intensity == 0)
                    end = segment.startMs + e.durationMs
                }
            }
        }
        #expect(effect.composition.minimumAPILevel(tier: .composition) >= 30)
        #expect(effect.envelope.minimumAPILevel(tier: .envelope) == 36)
    }

    /// A transient over a continuous signal: the waveform raises the signal for 20 ms; the
    /// composition plays a CLICK there and the signal as waveforms around it; the envelope
    /// tier the same CLICK and envelopes (each rising from and returning to 0 over ≥ 20 ms).
    @Test func tiersOfOneTransientOverABed() throws {
        let outline = PatternOutline(
            intensity: [
                OutlinePoint(time: 0, value: 0.5), OutlinePoint(time: 0.4, value: 0.5),
                OutlinePoint(time: 0.4, value: 0),
            ],
            sharpness: [OutlinePoint(time: 0, value: 0.5)],
            transients: [OutlineTransient(time: 0.2, intensity: 1, sharpness: 0.5)], duration: 0.4)
        let (effect, notes) = AndroidExport().effect(outline)
        // The bed at the resonance with the acceleration it has at 113 Hz: softer than the
        // square law's 64 there (the actuator is stronger at its resonance).
        let bed = Int(
            (255 * AndroidDevice.pixel.resonanceDrive(intensity: 0.5, sharpness: 0.5)).rounded())
        #expect((20..<64).contains(bed))
        #expect(
            effect.waveform.timings == [200, 20, 180]
                && effect.waveform.amplitudes == [bed, 255, bed])
        #expect(effect.composition.segments.map(\.startMs) == [0, 200, 212])
        guard case .primitives(let steps) = effect.composition.segments[1].content else {
            Issue.record("no primitives")
            return
        }
        #expect(steps == [AndroidPrimitiveStep(primitive: .click, scale: 1, atMs: 0, delayMs: 0)])
        #expect(effect.envelope.segments.map(\.startMs) == [0, 200, 212])
        #expect(notes[.waveform]!.map(\.kind).contains(.transientAsBurst))
        #expect(notes[.composition]!.map(\.kind).contains(.sharpnessDropped))
        #expect(notes[.envelope]!.map(\.kind).contains(.belowPlatformMinimum))
        Self.checkLimits(effect, "one transient")
    }

    /// Primitives closer than their length play back to back; a light dull transient is a
    /// LOW_TICK (API 31), a light sharp one a TICK.
    @Test func primitivesBackToBack() throws {
        let outline = PatternOutline(
            transients: [
                OutlineTransient(time: 0, intensity: 0.6, sharpness: 0.1),
                OutlineTransient(time: 0.005, intensity: 0.6, sharpness: 0.9),
                OutlineTransient(time: 0.1, intensity: 1, sharpness: 0.5),
            ], duration: 0.1)
        let (effect, notes) = AndroidExport().effect(outline)
        guard case .primitives(let steps) = effect.composition.segments.first?.content else {
            Issue.record("no primitives")
            return
        }
        #expect(steps.map(\.primitive) == [.lowTick, .tick, .click])
        #expect(steps.map(\.atMs) == [0, 12, 100] && steps.map(\.delayMs) == [0, 0, 83])
        #expect(abs(steps[0].scale - 0.72) < 1e-9)
        #expect(effect.composition.minimumAPILevel(tier: .composition) == 31)
        #expect(notes[.composition]!.map(\.kind).contains(.transientShifted))
    }

    /// Android's envelope intensity is 0 (off) only where the drive is below the perception
    /// threshold at its frequency; a weak but felt signal keeps a positive intensity, however
    /// small; a part that is never felt, which no envelope plays as weak, is a waveform with
    /// the composition tier's amplitudes (noted).
    @Test func envelopeIntensityIsOffOnlyBelowThreshold() throws {
        func tier(sharpness: Double) -> (AndroidEffect, [ConversionNote]) {
            let outline = PatternOutline(
                intensity: [
                    OutlinePoint(time: 0, value: 0.4), OutlinePoint(time: 0.3, value: 0.4),
                ],
                sharpness: [OutlinePoint(time: 0, value: sharpness)], duration: 0.3)
            let (effect, notes) = AndroidExport().effect(outline)
            return (effect, notes[.envelope] ?? [])
        }
        let felt = tier(sharpness: 0.5)
        guard case .envelope(let e) = felt.0.envelope.segments.first?.content else {
            Issue.record("no envelope")
            return
        }
        #expect(e.controlPoints.dropLast().allSatisfy { $0.intensity > 0 })
        #expect(!felt.1.contains { $0.kind == .belowPerceptionThreshold })
        let device = AndroidDevice.pixel
        #expect(device.envelopeIntensity(intensity: 0.4, sharpness: 0.1) == 0)
        #expect(device.sensationLevel(intensity: 0.4, sharpness: 0.1) < 0)
        let unfelt = tier(sharpness: 0.1)
        guard case .waveform(let w) = unfelt.0.envelope.segments.first?.content,
            case .waveform(let c) = unfelt.0.composition.segments.first?.content
        else {
            Issue.record("no waveform")
            return
        }
        #expect(w == c && w.amplitudes.contains { $0 > 0 })
        #expect(unfelt.1.contains { $0.kind == .belowPerceptionThreshold })
        // The envelope law's intensity, played back, drives as the square law asked.
        let x = device.envelopeIntensity(intensity: 0.4, sharpness: 0.5)
        let back = device.squareLawPoint(envelopeIntensity: x, envelopeSharpness: 0.25)
        #expect(abs(back.intensity - 0.4) < 1e-4 && abs(back.sharpness - 0.5) < 1e-12)
    }

    /// A continuous part shorter than two control points (40 ms) plays as the shortest
    /// envelope through its peak when nothing follows within 40 ms; a remnant a primitive
    /// cuts off is dropped (the primitive's ring covers it); both noted.
    @Test func shortContinuousParts() throws {
        let alone = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.7), OutlinePoint(time: 0.01, value: 0.7)],
            sharpness: [OutlinePoint(time: 0, value: 0.5)], duration: 0.01)
        let (effect, notes) = AndroidExport().effect(alone)
        guard case .envelope(let e) = effect.envelope.segments.first?.content else {
            Issue.record("no envelope")
            return
        }
        #expect(e.controlPoints.map(\.durationMs) == [20, 20])
        let peak = AndroidDevice.pixel.envelopeIntensity(intensity: 0.7, sharpness: 0.5)
        #expect(abs(e.controlPoints[0].intensity - peak) <= 0.00005)
        #expect(e.controlPoints[1].intensity == 0 && e.initialSharpness == 0.25)
        #expect(notes[.envelope]!.contains { $0.kind == .belowPlatformMinimum })
        Self.checkLimits(effect, "alone")
        // 10 ms of signal between two clicks 22 ms apart, and 20 ms after the second.
        let squeezed = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.7), OutlinePoint(time: 0.054, value: 0.7)],
            sharpness: [OutlinePoint(time: 0, value: 0.5)],
            transients: [
                OutlineTransient(time: 0, intensity: 1, sharpness: 0.5),
                OutlineTransient(time: 0.022, intensity: 1, sharpness: 0.5),
            ], duration: 0.054)
        let between = AndroidExport().effect(squeezed).effect.envelope
        #expect(between.segments.count == 1)  // the two clicks; both remnants dropped
        Self.checkLimits(AndroidExport().effect(squeezed).effect, "squeezed")
    }

    @Test func jsonRoundTrips() throws {
        let clip = try #require(TestClips.decode(TestClips.valid).clip)
        let (effect, _) = AndroidExport().effect(PatternOutline(clip: clip))
        let text = effect.json(source: "x.haptic").text()
        #expect(AndroidEffect(json: Array(text.utf8)) == effect)
        #expect(AndroidEffect(json: Array("{\"format\": \"other\"}".utf8)) == nil)
    }

    /// Nothing to feel (an audio-only pattern): the waveform tier is an empty list, not a
    /// waveform without timings, which Android refuses with an exception.
    @Test func kotlinOfNothingFeltPlaysNothing() {
        let silent = PatternOutline(intensity: [], sharpness: [], transients: [], duration: 1)
        let (effect, _) = AndroidExport().effect(silent)
        let k = effect.kotlin(name: "quiet", source: "quiet.ahap")
        #expect(k.contains("else -> emptyList()"))
        #expect(!k.contains("longArrayOf()"))
    }

    /// The Kotlin object: one function per tier, the capability checks, the envelope
    /// builder's calls, balanced brackets, no trailing comma (Kotlin 1.3 refuses one).
    @Test func kotlin() throws {
        let clip = try #require(TestClips.decode(TestClips.valid).clip)
        let (effect, _) = AndroidExport().effect(PatternOutline(clip: clip))
        let k = effect.kotlin(name: "door-slam 2", source: "door-slam 2.haptic")
        for needle in [
            "object DoorSlam2Haptics {", "vibrator.areEnvelopeEffectsSupported()",
            "vibrator.arePrimitivesSupported(*ids)",
            "VibrationEffect.BasicEnvelopeBuilder()", ".setInitialSharpness(",
            "VibrationEffect.createWaveform(",
            "VibrationEffect.Composition.PRIMITIVE_CLICK", "vibrator.getPrimitiveDurations(*ids)",
            "@RequiresApi(36)",
        ] {
            #expect(k.contains(needle), "\(needle)")
        }
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            #expect(
                k.components(separatedBy: open).count == k.components(separatedBy: close).count,
                "\(open)\(close)")
        }
        #expect(k.firstMatch(of: /,\s*[)\]]/) == nil)
    }

    /// However long the effect, no Kotlin method holds more values than a JVM method's 64 KB
    /// of bytecode takes (kotlinc's "Method too large" for a few minutes of generated
    /// haptics): five minutes of a busy clip are split into functions of data, each within
    /// the budget, and a short effect is still one expression per tier.
    @Test func kotlinOfALongEffectSplitsIntoMethodsThatFit() throws {
        var intensity: [OutlinePoint] = []
        var transients: [OutlineTransient] = []
        var t = 0.0
        var k = 0
        while t < 300 {
            // A rough, deterministic texture: a new level every 7 … 37 ms, a hit every 0.31 s.
            intensity.append(OutlinePoint(time: t, value: 0.2 + Double((k * 37) % 71) / 100))
            if k % 19 == 0 {
                transients.append(OutlineTransient(time: t, intensity: 0.9, sharpness: 0.6))
            }
            t += 0.007 + Double((k * 13) % 31) / 1_000
            k += 1
        }
        let outline = PatternOutline(
            intensity: intensity, sharpness: [], transients: transients, duration: t)
        let (effect, _) = AndroidExport().effect(outline)
        #expect(effect.waveform.timings.count > 10_000, "\(effect.waveform.timings.count)")
        let kotlin = effect.kotlin(name: "texture", source: "texture.ahap")
        // Each function's text runs from its `fun` to the next one's.
        let functions = kotlin.components(separatedBy: "\n    ").filter {
            $0.hasPrefix("fun ") || $0.hasPrefix("private fun ")
        }
        #expect(functions.count > 10)
        for function in functions {
            let values = function.matches(of: /[-0-9][0-9.]*[fL]?(?=[,)\n])/).count
            #expect(values <= 4_100, "\(function.prefix(80)): \(values) values")
        }
        for (open, close) in [("(", ")"), ("{", "}")] {
            #expect(
                kotlin.components(separatedBy: open).count
                    == kotlin.components(separatedBy: close).count, "\(open)\(close)")
        }
        #expect(kotlin.firstMatch(of: /,\s*[)\]]/) == nil)
        // Arrays are joined from parts (`part0() + part1()`), tiers from runs of segments.
        #expect(kotlin.contains("() + part"))
        #expect(kotlin.contains("private fun envelopeTier"))
        // A short effect has no parts.
        let clip = try #require(TestClips.decode(TestClips.valid).clip)
        let short = AndroidExport().effect(PatternOutline(clip: clip)).effect
        #expect(!short.kotlin(name: "a", source: "a.haptic").contains("part0"))
    }

    /// A clip too short for Android's 1 ms timings (0.4 ms) plays nothing on Android, and
    /// every tier says so instead of writing an empty effect without a word.
    @Test func aClipTooShortForAndroidSaysSo() {
        let outline = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.9), OutlinePoint(time: 0.0004, value: 0.9)],
            duration: 0.0004)
        let (effect, notes) = AndroidExport().effect(outline)
        #expect(effect.waveform.timings.isEmpty)
        for tier in AndroidTier.allCases {
            #expect(
                notes[tier, default: []].contains { $0.kind == .droppedTooShort },
                "\(tier): \(notes[tier, default: []])")
        }
        // 0.5 ms rounds to 1 ms and plays: no such note.
        let half = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.9), OutlinePoint(time: 0.0005, value: 0.9)],
            duration: 0.0005)
        let playing = AndroidExport().effect(half).notes
        #expect(!playing.values.joined().contains { $0.kind == .droppedTooShort })
    }

    /// Every accepted corpus input, AHAP and `.haptic`, within the limits.
    @Test(needsCorpus) func corpusWithinLimits() throws {
        for file in Corpus.patternFiles() + Corpus.clipFiles() {
            let source = ConversionSource(bytes: try TestClips.corpus(file))
            guard let outline = source.outline, source.accepted else { continue }
            Self.checkLimits(AndroidExport().effect(outline).effect, file)
        }
    }
}
