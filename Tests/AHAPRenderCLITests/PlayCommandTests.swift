import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// `ahap-render play` through a real audio stack: PortAudio → ALSA, whose default device a
/// test configuration replaces with ALSA's `file` plugin over the `null` device, so what
/// reached "the device" is a file of raw samples to compare with the render.
@Suite(
    .enabled(
        if: ALSAFileDevice.isAvailable, "ALSA's file plugin (Linux, libasound2) is the test device")
)
struct PlayCommandTests {
    @Test(arguments: [
        ["--layout", "split"],
        ["--param", "HapticIntensityControl=0.3@0.5", "--loop", "2", "--actuator", "pixel"],
    ])
    func whatReachesTheDeviceIsTheRenderBitForBit(_ options: [String]) throws {
        let device = try ALSAFileDevice()
        defer { device.home.cleanUp() }
        let input = try device.home.write("p.ahap", renderFixture)
        let played = try CLI.runRaw(["play", input] + options, environment: device.environment)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("playing \(input) on default (ALSA)"), "\(played.stderr)")

        let file = device.home.path + "/reference.wav"
        let rendered = try CLI.run(["render", input, "-o", file, "--quiet"] + options)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let reference = try readBack(file)
        let received = try device.samples()

        // ALSA may send silence before the first buffer: align on the first non-zero sample
        // (the render's is known), a whole number of frames in.
        let first = try #require(reference.samples.firstIndex { $0 != 0 })
        let arrived = try #require(received.firstIndex { $0 != 0 })
        let offset = arrived - first
        #expect(offset >= 0 && offset % reference.channels == 0, "offset \(offset)")
        let end = offset + reference.samples.count
        try #require(
            received.count >= end,
            "the device got \(received.count) samples, the render has \(reference.samples.count)")
        #expect(received[offset..<end].map(\.bitPattern) == reference.samples.map(\.bitPattern))
        #expect(
            received[..<offset].allSatisfy { $0 == 0 } && received[end...].allSatisfy { $0 == 0 },
            "only silence before and after the render")
    }

    @Test func ctrlCStopsPlaybackCleanly() throws {
        let device = try ALSAFileDevice()
        defer { device.home.cleanUp() }
        let input = try device.home.write("p.ahap", renderFixture)
        let p = Process()
        p.executableURL = CLI.binary
        // seconds of play even at the null device's speed
        p.arguments = ["play", input, "--duration", "600"]
        p.environment = ProcessInfo.processInfo.environment.merging(device.environment) { $1 }
        let err = Pipe()
        p.standardError = err
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while ((try? FileManager.default.attributesOfItem(atPath: device.raw)[.size] as? Int) ?? 0)
            == 0, Date() < deadline
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        p.interrupt()  // SIGINT, as Ctrl-C
        let stderr = String(decoding: readToEnd(err.fileHandleForReading), as: UTF8.self)
        p.waitUntilExit()
        // Ends by the signal itself: a shell reports 130.
        #expect(
            p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGINT,
            "status \(p.terminationStatus): \(stderr)")
        #expect(stderr.contains("interrupted"), "\(stderr)")
        #expect(!stderr.contains("Fatal error"), "\(stderr)")
    }

    @Test func devicesAreListedAndAnUnknownOneIsAClearError() throws {
        let device = try ALSAFileDevice()
        defer { device.home.cleanUp() }
        let input = try device.home.write("p.ahap", renderFixture)
        let list = try CLI.runRaw(["play", "--list-devices"], environment: device.environment)
        #expect(list.status == 0)
        #expect(
            String(decoding: list.stdout, as: UTF8.self).contains("default (ALSA"), "\(list.stderr)"
        )
        #expect(list.stderr.isEmpty, "PortAudio's probing noise is silenced: \(list.stderr)")

        for selector in ["0", "default", "DEF"] {  // by index, by name, by part of the name
            try? FileManager.default.removeItem(atPath: device.raw)
            let chosen = try CLI.runRaw(
                ["play", input, "--device", selector, "--quiet"], environment: device.environment)
            #expect(chosen.status == 0 && chosen.stderr.isEmpty, "\(selector): \(chosen.stderr)")
            #expect(try device.samples().contains { $0 != 0 }, "\(selector)")
        }

        let unknown = try CLI.runRaw(
            ["play", input, "--device", "no-such-device"], environment: device.environment)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "no output device matches 'no-such-device'; available: 0: default (ALSA"),
            "\(unknown.stderr)")
    }

    @Test(
        .enabled(
            if: !FileManager.default.fileExists(atPath: "/dev/snd"),
            "a machine with a sound card always has a device"))
    func noDeviceAtAllIsAClearError() throws {
        // ALSA's default device on a sound card that does not exist, on a machine without
        // sound cards (CI): there is nothing to play on.
        let home = try TempFolder()
        defer { home.cleanUp() }
        try home.write(
            ".asoundrc", "pcm.!default { type hw card 99 }\nctl.!default { type hw card 99 }\n")
        let input = try home.write("p.ahap", renderFixture)
        let r = try CLI.runRaw(["play", input], environment: ["HOME": home.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: no audio output device found"), "\(r.stderr)")
    }
}
