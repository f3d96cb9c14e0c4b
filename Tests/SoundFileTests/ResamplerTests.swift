import Foundation
import HapticTestSupport
import SoundFile
import Testing

@Suite("Resampler")
struct ResamplerTests {
    func sine(frequency: Double, sampleRate: Double, frames: Int) -> DecodedAudio {
        let samples = (0..<frames).map {
            Float(0.5 * sin(2 * Double.pi * frequency * Double($0) / sampleRate))
        }
        return DecodedAudio(sampleRate: sampleRate, channels: 1, samples: samples)
    }

    /// Rising zero crossings in `samples`.
    func risingCrossings(_ samples: ArraySlice<Float>) -> Int {
        zip(samples, samples.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
    }

    @Test(
        "1 kHz stays 1 kHz from 44.1 to 48 kHz",
        arguments: [Resampler.Quality.sincBest, .sincMedium, .sincFastest])
    func keepsFrequency(_ quality: Resampler.Quality) throws {
        let input = sine(frequency: 1_000, sampleRate: 44_100, frames: 44_100)
        let output = try input.resampled(to: 48_000, quality: quality)
        #expect(output.sampleRate == 48_000)
        #expect(output.frames == 48_000)
        // Away from the edges: 0.8 s at 48 kHz holds 800 periods.
        let crossings = risingCrossings(output.samples[4_800..<43_200])
        #expect(abs(crossings - 800) <= 1)
        let middle = Array(output.samples[4_800..<43_200])
        let atTone = SignalAnalysis.goertzel(middle, hz: 1_000, sampleRate: 48_000)
        // 1 kHz × 48/44.1: the wrong-rate pitch
        let offTone = SignalAnalysis.goertzel(middle, hz: 1_088.4, sampleRate: 48_000)
        #expect(SignalAnalysis.db(atTone, re: offTone) > 30)
        // Amplitude survives: the peak is still ~0.5.
        let peak = middle.map(abs).max() ?? 0
        #expect(abs(peak - 0.5) < 0.01)
    }

    @Test(
        "Output length is round(frames × ratio)",
        arguments: [
            (1_234, 44_100.0, 48_000.0), (1, 44_100.0, 48_000.0), (999, 48_000.0, 8_000.0),
            (10_001, 22_050.0, 96_000.0), (7, 48_000.0, 44_100.0),
        ])
    func exactLength(_ frames: Int, _ from: Double, _ to: Double) throws {
        let input = DecodedAudio(
            sampleRate: from, channels: 2,
            samples: testSignal(frames: frames, channels: 2, sampleRate: from))
        let output = try input.resampled(to: to)
        #expect(output.frames == Int((Double(frames) * to / from).rounded()))
        #expect(output.channels == 2)
    }

    @Test("Channels stay separate")
    func channelsSeparate() throws {
        let mono = sine(frequency: 500, sampleRate: 44_100, frames: 4_410)
        var interleaved: [Float] = []
        for s in mono.samples { interleaved += [s, 0] }
        let output = try DecodedAudio(sampleRate: 44_100, channels: 2, samples: interleaved)
            .resampled(to: 48_000)
        #expect(output.channel(1).allSatisfy { abs($0) < 1e-6 })
        #expect(output.channel(0).map(abs).max()! > 0.45)
    }

    @Test("Same rate is the identity; empty input stays empty")
    func trivial() throws {
        let input = sine(frequency: 100, sampleRate: 48_000, frames: 100)
        #expect(try input.resampled(to: 48_000) == input)
        let empty = DecodedAudio(sampleRate: 44_100, channels: 1, samples: [])
        #expect(try empty.resampled(to: 48_000).frames == 0)
    }

    @Test("Unsupported ratios and rates throw")
    func invalid() {
        let input = sine(frequency: 100, sampleRate: 48_000, frames: 100)
        #expect(throws: SoundFileError.self) { try input.resampled(to: 48_000 * 300) }
        #expect(throws: SoundFileError.self) { try input.resampled(to: 0) }
        #expect(throws: SoundFileError.self) { try input.resampled(to: .nan) }
    }
}

/// ``Resampler/Stream``: a conversion fed a block at a time (a soundtrack as it is decoded)
/// gives the whole conversion's samples, to the last bit, and its exact length.
@Suite("Resampler stream")
struct ResamplerStreamTests {
    @Test(
        "Block by block is the whole conversion, bit for bit",
        arguments: [
            (44_100.0, 48_000.0, 1), (8_000.0, 48_000.0, 2), (48_000.0, 44_100.0, 2),
            (96_000.0, 8_000.0, 1), (22_050.0, 48_000.0, 2),
        ])
    func matchesTheWhole(_ from: Double, _ to: Double, _ channels: Int) throws {
        let frames = 20_011
        let input = DecodedAudio(
            sampleRate: from, channels: channels,
            samples: testSignal(frames: frames, channels: channels, sampleRate: from))
        for quality in [Resampler.Quality.sincBest, .sincFastest] {
            let whole = try input.resampled(to: to, quality: quality)
            for block in [1, 37, 4_096, 16_384, frames] {
                var stream = try Resampler.Stream(
                    quality: quality, channels: channels, from: from, to: to)
                var out: [Float] = []
                var start = 0
                while true {
                    let end = min(start + block * channels, input.samples.count)
                    let last = end == input.samples.count
                    out += try input.samples[start..<end].withUnsafeBufferPointer {
                        (b) throws(SoundFileError) -> [Float] in try stream.process(b, last: last)
                    }
                    if last { break }
                    start = end
                }
                #expect(out.count == whole.samples.count, "\(from)→\(to), blocks of \(block)")
                #expect(out == whole.samples, "\(from)→\(to), blocks of \(block)")
            }
        }
    }

    @Test("An empty input gives nothing; a ratio outside 1/256…256 is refused")
    func edges() throws {
        var stream = try Resampler.Stream(
            quality: .sincFastest, channels: 1, from: 8_000, to: 48_000)
        let empty: [Float] = []
        #expect(
            try empty.withUnsafeBufferPointer { (b) throws(SoundFileError) -> [Float] in
                try stream.process(b, last: true)
            }.isEmpty)
        #expect(throws: SoundFileError.self) {
            _ = try Resampler.Stream(quality: .sincFastest, channels: 1, from: 1, to: 48_000)
        }
    }
}
