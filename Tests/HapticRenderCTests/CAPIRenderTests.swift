import Foundation
import HapticRender
import HapticRenderC
import HapticRenderKit
import HapticTestSupport
import SoundFile
import Testing

/// The one-shot calls give the samples `ahap-render render` writes: the same pipeline
/// (RenderJob → PreparedRender) writing a float32 WAV is read back and compared bit for bit.
@Suite struct CAPIRenderTests {
    /// What `ahap-render render INPUT --format wav --sample-format float32` writes for `options`,
    /// read back from the file.
    func fileRender(_ input: String, _ options: RenderOptions) throws -> DecodedAudio {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        var options = options
        options.format = .wav
        options.sampleFormat = .float32
        let output = dir.path + "/out.wav"
        _ = try RenderJob(input: input, output: output, options: options).prepare().write()
        return try SoundFile.read(path: output)
    }

    /// `android` is written as Ogg Vorbis only (lossy); `channelListPicksSignals` covers it.
    @Test(
        arguments: ["Heartbeat.ahap", "AllFeatures.ahap"],
        OutputLayout.allCases.filter { $0 != .android })
    func oneShotEqualsTheFileRender(_ name: String, _ layout: OutputLayout) throws {
        let path = CAPI.example(name)
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_layout(o, layout.rawValue, e) }
        var options = RenderOptions()
        options.layout = layout
        let reference = try fileRender(path, options)
        let (samples, channels) = try CAPI.render(path, o)
        #expect(channels == layout.channelCount && reference.channels == channels)
        #expect(samples.count > 10_000)
        // haptics only
        #expect(samples.contains { $0 != 0 } || (name, layout) == ("Heartbeat.ahap", .audio))
        #expect(CAPI.sameBits(samples, reference.samples))
    }

    @Test func bytesRenderLikeTheFile() throws {
        let path = CAPI.example("AllFeatures.ahap")  // with custom audio beside it (knock.wav)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var audio: OpaquePointer?
        try CAPI.check { e in
            path.withCString { name in
                hr_render_bytes(bytes, UInt(bytes.count), name, nil, &audio, e)
            }
        }
        defer { hr_audio_free(audio) }
        let count = Int(hr_audio_frames(audio)) * Int(hr_audio_channels(audio))
        let fromBytes = Array(UnsafeBufferPointer(start: hr_audio_samples(audio), count: count))
        #expect(CAPI.sameBits(fromBytes, try CAPI.render(path).samples))
        #expect(hr_audio_sample_rate(audio) == 48_000)
    }

    @Test func channelListPicksSignals() throws {
        let path = CAPI.example("Heartbeat.ahap")
        func render(channels: String? = nil, layout: String? = nil) throws -> (
            samples: [Float], channels: Int
        ) {
            let o = hr_options_create()
            defer { hr_options_free(o) }
            if let channels {
                try CAPI.check { e in channels.withCString { hr_options_set_channels(o, $0, e) } }
            }
            if let layout {
                try CAPI.check { e in layout.withCString { hr_options_set_layout(o, $0, e) } }
            }
            return try CAPI.render(path, o)
        }
        #expect(
            CAPI.sameBits(
                try render(channels: "acceleration").samples, try render(layout: "haptic").samples))
        #expect(
            CAPI.sameBits(
                try render(channels: "audioLeft, audioRight,hapticDrive,acceleration").samples,
                try render(layout: "split").samples))
        let android = try render(layout: "android")
        let split = try render(layout: "split")
        #expect(
            CAPI.sameBits(
                android.samples,
                (0..<split.samples.count).filter { $0 % 4 != 3 }.map { split.samples[$0] }))
        let excursion = try render(channels: "excursion,acceleration")
        #expect(excursion.channels == 2 && excursion.samples.contains { $0 != 0 })
        // A layout set after a channel list replaces it.
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_channels(o, "excursion", e) }
        try CAPI.check { e in hr_options_set_layout(o, "split", e) }
        #expect(try CAPI.render(path, o).channels == 4)
    }

    /// Every setter reaches the pipeline: the same settings made on `RenderOptions` render the
    /// same bits.
    @Test func playerAndActuatorOptionsMatchTheCLIOptions() throws {
        let path = CAPI.example("Heartbeat.ahap")
        let profile = #"{"base": "coin", "name": "stiff", "resonanceHz": 170}"#
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_sample_rate(o, 44_100, e) }
        try CAPI.check { e in hr_options_set_actuator_json(o, profile, e) }
        try CAPI.check { e in hr_options_set_layout(o, "split", e) }
        try CAPI.check { e in hr_options_set_rate(o, 1.25, e) }
        try CAPI.check { e in hr_options_set_loops(o, 2, e) }
        try CAPI.check { e in hr_options_set_start(o, 0.1, e) }
        try CAPI.check { e in hr_options_set_duration(o, 2.5, e) }
        try CAPI.check { e in hr_options_add_parameter(o, "hapticsharpnesscontrol", -0.4, 0.3, e) }

        var options = RenderOptions()
        options.sampleRate = 44_100
        options.actuator = try ActuatorProfileLoader.decode(
            Array(profile.utf8), path: "p", sampleRate: 44_100)
        options.layout = .split
        options.player = PlayerOptions(
            startOffset: 0.1, playbackRate: 1.25, loop: LoopOptions(count: 2),
            runtimeParameters: [
                RuntimeParameter(id: .hapticSharpnessControl, value: -0.4, time: 0.3)
            ])
        options.duration = 2.5
        let reference = try fileRender(path, options)
        let rendered = try CAPI.render(path, o)
        #expect(rendered.samples.count == 110_250 * 4)
        #expect(CAPI.sameBits(rendered.samples, reference.samples))

        // The parameter mattered, and clearing it restores the plain render.
        hr_options_clear_parameters(o)
        options.player.runtimeParameters = []
        let plain = try CAPI.render(path, o)
        #expect(!CAPI.sameBits(plain.samples, rendered.samples))
        #expect(CAPI.sameBits(plain.samples, try fileRender(path, options).samples))
    }

    /// The ERM through the C API: the preset by name and the example profile by path render
    /// the file pipeline's bits, and neither is the default LRA's.
    @Test func theERMByPresetAndByProfilePath() throws {
        let path = CAPI.example("Heartbeat.ahap")
        let profilePath = Corpus.packageRoot.appendingPathComponent(
            "Examples/Actuators/controller-erm.json"
        ).path
        var options = RenderOptions()
        options.layout = .haptic
        let lra = try fileRender(path, options).samples
        for (name, profile) in [
            ("erm", ActuatorProfile.erm(.erm)),
            (profilePath, try ActuatorProfileLoader.load(path: profilePath)),
        ] {
            #expect(profile.erm != nil)
            let o = hr_options_create()
            defer { hr_options_free(o) }
            try CAPI.check { e in hr_options_set_layout(o, "haptic", e) }
            try CAPI.check { e in name.withCString { hr_options_set_actuator(o, $0, e) } }
            options.actuator = profile
            let reference = try fileRender(path, options).samples
            let rendered = try CAPI.render(path, o).samples
            #expect(CAPI.sameBits(rendered, reference), "\(name)")
            #expect(rendered.contains { $0 != 0 }, "\(name)")
            #expect(rendered.count != lra.count || !CAPI.sameBits(rendered, lra), "\(name)")
        }
    }

    @Test func warningsAreReportedWithTheAudio() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // A trailing comma renders leniently, with a warning.
        let path = try dir.write(
            "comma.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}"#
        )
        var audio: OpaquePointer?
        try CAPI.check { e in hr_render_file(path, nil, &audio, e) }
        defer { hr_audio_free(audio) }
        let json = String(cString: hr_audio_diagnostics_json(audio)!)
        let diagnostics = try #require(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(
            diagnostics.contains {
                $0["code"] as? String == "json.trailing-comma"
                    && $0["severity"] as? String == "warning"
            })
    }
}
