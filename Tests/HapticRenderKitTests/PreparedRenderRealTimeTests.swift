import HapticPattern
import HapticRender
import HapticRenderKit
import HapticTestSupport
import Testing

/// `ahap-render play` calls `PreparedRender.read(into:)` on the audio device's thread, so
/// the kit's pull API must keep the renderer's promise: no allocation per call, whatever
/// the layout, soundtrack or runtime parameters.
@Suite struct PreparedRenderRealTimeTests {
    @Test(arguments: [false, true])
    func readDoesNotAllocate(withSoundtrack: Bool) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write(
            "p.ahap",
            """
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 2, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}},
              {"Event": {"Time": 0.5, "EventType": "AudioContinuous", "EventDuration": 1}}
            ]}
            """)
        var options = RenderOptions()
        options.player.runtimeParameters = [
            RuntimeParameter(id: .hapticIntensityControl, value: 0.4, time: 1)
        ]
        if withSoundtrack {
            try writeTone(dir.path + "/track.wav", frequency: 440, seconds: 3, sampleRate: 48_000)
            options.mixWith = dir.path + "/track.wav"
        }
        var prepared = try RenderJob(input: input, output: "", options: options).prepare(
            checkingOutput: false)
        // A device-sized buffer (PortAudio typically asks for a few hundred frames).
        var buffer = [Float](repeating: 0, count: 480 * prepared.channelCount)
        buffer.withUnsafeMutableBufferPointer { out in
            _ = prepared.read(into: out)  // warm-up
            let count = allocationsOnThisThread {
                while prepared.read(into: out) > 0 {}
            }
            #expect(count == 0)
        }
        let finished = prepared.isFinished
        #expect(finished)
    }
}
