import AudioDevice
import Foundation
import HapticTestSupport
import Testing

/// PortAudio through ALSA, in process, with ALSA's default device replaced by its `file`
/// plugin (``ALSAHome``): the device list, choosing a device, and a stream whose samples
/// reach the device bit for bit.
@Suite(
    .serialized,
    .enabled(
        if: ALSAFileDevice.isAvailable, "ALSA's file plugin (Linux, libasound2) is the test device")
)
struct AudioDeviceTests {
    @Test func theDefaultDeviceIsListedAndChosenByIndexNameOrPart() throws {
        try ALSAHome.withFileDevice { _ in
            let system = try AudioSystem()
            let devices = system.outputDevices
            let chosen = try system.defaultOutputDevice()
            #expect(chosen.name == "default" && chosen.hostAPI == "ALSA", "\(devices)")
            #expect(chosen.maxOutputChannels >= 2 && chosen.defaultSampleRate > 0)
            #expect(devices.contains(chosen) && devices.filter(\.isDefault).count <= 1)
            #expect(chosen.description.hasPrefix("\(chosen.index): default (ALSA, "))
            for selector in ["\(chosen.index)", "default", "DEF"] {
                let matched = try system.outputDevice(matching: selector)
                #expect(matched.name.lowercased().contains("default"), "\(selector)")
            }
        }
    }

    @Test func anUnknownDeviceNamesTheOnesThereAre() throws {
        try ALSAHome.withFileDevice { _ in
            let system = try AudioSystem()
            let available = system.outputDevices.map(\.description)
            #expect(!available.isEmpty)
            let error = #expect(throws: AudioDeviceError.self) {
                try system.outputDevice(matching: "no-such-device")
            }
            #expect(error == .deviceNotFound("no-such-device", available: available))
        }
    }

    /// A short stereo ramp through an `AudioOutputStream` arrives in the device's file
    /// unchanged, after whatever silence ALSA sends first and before the padding of the last
    /// buffer.
    @Test func aStreamReachesTheDeviceBitForBit() throws {
        let source = RampSource(frames: 12_000, channels: 2)
        let received = try ALSAHome.withFileDevice { device in
            try? FileManager.default.removeItem(atPath: device.raw)
            try play(source, channels: 2)
            return try device.samples()
        }
        let sent = source.samples
        let offset = try #require(received.firstIndex { $0 != 0 }, "the device got no sound")
        #expect(offset >= 0 && offset % 2 == 0, "offset \(offset)")
        try #require(received.count >= offset + sent.count, "got \(received.count) samples")
        #expect(
            received[offset..<(offset + sent.count)].map(\.bitPattern) == sent.map(\.bitPattern))
        #expect(received[..<offset].allSatisfy { $0 == 0 })
        #expect(received[(offset + sent.count)...].allSatisfy { $0 == 0 })
    }

    /// Plays `source` on the default device until it ends, then closes the stream (which
    /// flushes ALSA's file). Fails after 20 s.
    func play(_ source: RampSource, channels: Int) throws {
        let system = try AudioSystem()
        let stream = try AudioOutputStream(
            device: system.defaultOutputDevice(), channels: channels, sampleRate: 48_000,
            source: source)
        try stream.start()
        let deadline = ContinuousClock.now + .seconds(20)
        while stream.isActive, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let ended = !stream.isActive
        #expect(ended, "the stream did not end")
        try stream.stop()
    }
}

/// Interleaved frames whose every sample is distinct and non-zero (`(k + 1) / frames` on
/// channel 0, its negative on the others), then the end.
final class RampSource: AudioRenderSource, @unchecked Sendable {
    let samples: [Float]
    let channels: Int
    private var position = 0

    init(frames: Int, channels: Int) {
        self.channels = channels
        samples = (0..<(frames * channels)).map { i in
            let v = Float(i / channels + 1) / Float(frames)
            return i % channels == 0 ? v : -v
        }
    }

    func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        let count = min(output.count, samples.count - position) / channels * channels
        for i in 0..<count { output[i] = samples[position + i] }
        position += count
        return count / channels
    }
}
