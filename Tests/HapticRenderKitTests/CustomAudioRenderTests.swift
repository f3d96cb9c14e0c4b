import Foundation
import HapticRender
import HapticRenderKit
import HapticTestSupport
import Testing

/// An AudioCustom file plays at the right time, for the right length and at the right pitch
/// whatever the file's rate and the render's rate (libsamplerate converts it at load time).
@Suite struct CustomAudioRenderTests {
    /// A 1 kHz, 0.2 s tone at 44.1 kHz, played at 0.5 s; AudioPitch shifts by octaves.
    func render(at rate: Double, pitch: Double = 0) throws -> (left: [Double], rate: Double) {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try writeTone(dir.path + "/tone.wav", frequency: 1_000, seconds: 0.2, sampleRate: 44_100)
        let ahap = try dir.write(
            "custom.ahap",
            """
            {"Pattern": [{"Event": {"Time": 0.5, "EventType": "AudioCustom", "EventWaveformPath": "tone.wav",
              "EventWaveformUseVolumeEnvelope": false,
              "EventParameters": [{"ParameterID": "AudioPitch", "ParameterValue": \(pitch)}]}}]}
            """)
        var options = RenderOptions()
        options.sampleRate = rate
        options.layout = .audio
        let r = try renderInMemory(RenderJob(input: ahap, output: "/dev/null", options: options))
        return (channel(r.samples, 0, of: 2), rate)
    }

    /// First and last sample above half the tone's amplitude.
    func extent(_ x: [Double]) -> (first: Int, last: Int) {
        let loud = x.indices.filter { abs(x[$0]) > 0.25 }
        return (loud.first ?? -1, loud.last ?? -1)
    }

    @Test(arguments: [22_050.0, 44_100.0, 48_000.0, 96_000.0])
    func timingLengthAndPitchAtAnyRate(rate: Double) throws {
        let (x, _) = try render(at: rate)
        let (first, last) = extent(x)
        // Onset at 0.5 s and 0.2 s long, within one period of the tone (1 ms).
        #expect(abs(Double(first) / rate - 0.5) < 0.001, "onset \(Double(first) / rate)")
        #expect(
            abs(Double(last - first) / rate - 0.2) < 0.001, "length \(Double(last - first) / rate)")
        let middle = x[(first + Int(0.05 * rate))..<(first + Int(0.15 * rate))]
        let peak = SignalAnalysis.peakFrequency(
            middle, frequencies: SignalAnalysis.frequencies(from: 900, to: 1_100, step: 1),
            sampleRate: rate)
        #expect(abs(peak - 1_000) < 5, "peak at \(peak) Hz")
        // Unity gain, then the constant-power pan law at the centre: a mono file reaches each
        // side at 0.5·√½ (resampling ripple < 1 %).
        #expect(abs(SignalAnalysis.peak(middle) - 0.5 * 0.5.squareRoot()) < 0.004)
    }

    @Test func audioPitchShiftsTheFileByOctaves() throws {
        let (up, rate) = try render(at: 48_000, pitch: 0.5)
        let (first, _) = extent(up)
        let middle = up[(first + 2_000)..<(first + 4_000)]
        let peak = SignalAnalysis.peakFrequency(
            middle, frequencies: SignalAnalysis.frequencies(from: 1_300, to: 1_500, step: 1),
            sampleRate: rate)
        // +0.5 → half an octave up: 1000·√2 = 1414 Hz.
        #expect(abs(peak - 1_414.2) < 8, "peak at \(peak) Hz")
    }
}
