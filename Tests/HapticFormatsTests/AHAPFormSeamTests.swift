import Foundation
import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// A clip longer than 30 s in AHAP: at every 30 s cut one event releases as the next attacks,
/// and the seam plays as the clip does.
@Suite struct AHAPFormSeamTests {
    /// A clip of `seconds` at `amplitude` (intensity √amplitude), sharpness `frequency`.
    static func flatClip(_ amplitude: Double, seconds: Double, frequency: Double = 0.5)
        -> HapticClip
    {
        HapticClip(
            amplitude: [
                AmplitudeBreakpoint(time: 0, amplitude: amplitude),
                AmplitudeBreakpoint(time: seconds, amplitude: amplitude),
            ],
            frequency: [
                FrequencyBreakpoint(time: 0, frequency: frequency),
                FrequencyBreakpoint(time: seconds, frequency: frequency),
            ])
    }

    static func ahap(_ clip: HapticClip) -> HapticPattern {
        var notes: [ConversionNote] = []
        return PatternOutline(clip: clip).ahapPattern(notes: &notes)
    }

    /// The largest and smallest value of `samples` in `[from, to)` seconds, re their largest
    /// in `[from - 1, from - 0.5)` (the steady level before), in dB.
    static func extremesDB(_ samples: [Float], from: Double, to: Double) -> (
        max: Double, min: Double
    ) {
        func peak(_ a: Double, _ b: Double) -> Double {
            Double(samples[Int(a * 48_000)..<Int(b * 48_000)].map(abs).max() ?? 0)
        }
        let steady = peak(from - 1, from - 0.5)
        var highest = 0.0
        var lowest = Double.infinity
        var t = from
        while t < to {
            let p = peak(t, t + 0.005)
            highest = max(highest, p)
            lowest = min(lowest, p)
            t += 0.005
        }
        return (20 * log10(highest / steady), 20 * log10(lowest / steady))
    }

    /// The clip: flat 0.5 for 60 s. Its AHAP form, traced as the renderer plays it,
    /// is flat across 30.000 s (it was 0.26 → 0.74 of drive there: +9 dB), and so are clips
    /// of other levels, with two seams, and louder than the control can lift.
    @Test(arguments: [0.5, 0.1, 0.3, 0.9])
    func theSeamIsFlatAsTheOutlinePlaysIt(_ amplitude: Double) {
        let clip = Self.flatClip(amplitude, seconds: 90)
        let pattern = Self.ahap(clip)
        #expect(
            pattern.events.filter { $0.type == .hapticContinuous }.map(\.time) == [0, 30, 60])
        let played = PatternOutline(pattern: pattern)
        let target = amplitude.squareRoot()
        // Within the intensity merge's reach: √2 × the level fits the control (at most 1).
        let tolerance = target * 2.squareRoot() <= 1 ? 0.003 : target * (1 - 0.5.squareRoot())
        for seam in [30.0, 60.0] {
            for k in -40...40 {
                let t = seam + Double(k) * 0.0005
                #expect(
                    abs(played.intensity(at: t) - target) <= tolerance + 1e-9,
                    "\(amplitude) at \(t): \(played.intensity(at: t))")
            }
        }
    }

    /// The render itself, on the default actuator and on the report's: no spike at the
    /// seam. (Two voices at one frequency add with the phase they happen to have, so the
    /// seam can dip by a few dB; it must never jump as it did.)
    @Test(arguments: [ActuatorProfile.iphone, .pixel])
    func theRenderHasNoSpikeAtTheSeam(_ actuator: ActuatorProfile) throws {
        let pattern = Self.ahap(Self.flatClip(0.5, seconds: 60))
        let render = PlaybackRender(
            configuration: RenderConfiguration(
                sampleRate: 48_000, channels: [.acceleration], actuator: actuator))
        let acceleration = try render.acceleration([pattern])
        let seam = Self.extremesDB(acceleration, from: 29.95, to: 30.1)
        #expect(seam.max < 2.5, "\(actuator.name): +\(seam.max) dB at the seam")
        #expect(seam.min > -3, "\(actuator.name): \(seam.min) dB at the seam")
    }

    /// `.haptic` → AHAP → `.haptic` → AHAP …: from the second generation on, the files are
    /// the same bytes (the seam no longer adds to itself each time round).
    @Test func roundTripsSettle() throws {
        var clip = Self.flatClip(0.5, seconds: 60, frequency: 0.3)
        var generations: [[UInt8]] = []
        let converter = FormatConverter()
        for _ in 0..<3 {
            let ahap = converter.convert(
                ConversionSource(bytes: HapticClipEncoder().encode(clip)), to: .ahap, name: "c"
            ).bytes
            generations.append(ahap)
            let back = converter.convert(ConversionSource(bytes: ahap), to: .haptic, name: "c")
            clip = try #require(HapticClipDecoder().decode(back.bytes).clip)
        }
        #expect(generations[1] == generations[2])
        // And the clip read back is flat across the seam: no breakpoint near 30 s.
        #expect(!clip.amplitude.contains { abs($0.time - 30) < 0.1 }, "\(clip.amplitude)")
    }

    /// The AHAP form ends where its sound does: no control point after the last event's
    /// release unless a transient comes later (a clip ending at 3,599.99 s stays within the
    /// 3,600 s limit in AHAP).
    @Test func theFormEndsWithItsSound() {
        let pattern = Self.ahap(Self.flatClip(0.5, seconds: 3_599.99))
        let ends = pattern.curves.map { $0.time + ($0.points.last?.time ?? 0) }
        #expect((ends.max() ?? 0) <= 3_599.99 + 1e-6, "\(ends.max() ?? 0)")
        let decoded = AHAPDecoder().decode(AHAPEncoder().encode(pattern))
        #expect(decoded.accepted, "\(decoded.errors)")
    }

    /// A frequency breakpoint past the amplitude envelope plays nothing and makes the clip no
    /// longer: a 1 s clip whose frequency runs to 100 s lasts 1 s, in its own render and in
    /// AHAP.
    @Test func frequencyOutsideTheEnvelopeDoesNotLengthenTheClip() {
        let clip = HapticClip(
            amplitude: [
                AmplitudeBreakpoint(time: 0, amplitude: 0.5),
                AmplitudeBreakpoint(time: 1, amplitude: 0.5),
            ],
            frequency: [
                FrequencyBreakpoint(time: 0, frequency: 0.2),
                FrequencyBreakpoint(time: 100, frequency: 0.8),
            ])
        let outline = PatternOutline(clip: clip)
        #expect(outline.sharpness.last?.time == 1)
        // The sharpness polyline (√frequency) where the envelope ends, 1 % of its way.
        let atEnd = 0.2.squareRoot() + (0.8.squareRoot() - 0.2.squareRoot()) / 100
        #expect(abs((outline.sharpness.last?.value ?? 0) - atEnd) < 1e-9)
        for pattern in [outline.playerLayers().continuous, Self.ahap(clip)] {
            #expect(pattern.duration < 1.1, "\(pattern.duration)")
        }
    }
}
