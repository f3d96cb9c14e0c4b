import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// A pattern with every voice kind, a curve and a parameter, scheduled at 48 kHz.
func mixedTimeline(clipFrames: Int = 4_800) -> (Timeline, [AudioResource?]) {
    var p = EventParameters()
    p.hapticIntensity = 1
    p.hapticSharpness = 0.6
    var c = EventParameters()
    c.hapticIntensity = 0.8
    c.hapticSharpness = 0.3
    c.releaseTime = 0.2
    var tone = EventParameters()
    tone.audioVolume = 0.8
    tone.audioPan = -0.5
    let pattern = HapticPattern(
        events: [
            HapticEvent(type: .hapticTransient, time: 0.0, parameters: p),
            HapticEvent(type: .hapticContinuous, time: 0.1, duration: 0.3, parameters: c),
            HapticEvent(type: .hapticTransient, time: 0.25, parameters: p),
            HapticEvent(type: .audioContinuous, time: 0.05, duration: 0.2, parameters: tone),
            HapticEvent(type: .audioCustom, time: 0.3, waveformPath: "clip.wav"),
        ],
        parameters: [DynamicParameter(id: .hapticSharpnessControl, time: 0.2, value: 0.3)],
        curves: [
            ParameterCurve(
                id: .hapticIntensityControl, time: 0.1,
                points: [
                    .init(time: 0, value: 0.5), .init(time: 0.2, value: 1),
                ])
        ])
    let timeline = Scheduler(
        sampleRate: 48_000, customAudioLengths: ["clip.wav": Double(clipFrames) / 48_000]
    )
    .schedule(pattern).timeline
    let clip = AudioResource(
        samples: (0..<clipFrames).map { Float(($0 % 100)) / 100 - 0.5 }, channels: 1)
    return (timeline, [clip])
}

private func renderAll(blockFrames: Int, channels: [RenderSignal] = RenderSignal.allCases) throws
    -> [Float]
{
    let (timeline, audio) = mixedTimeline()
    return try TestRender.frames(
        timeline, audio: audio, configuration: RenderConfiguration(channels: channels),
        blockFrames: blockFrames)
}

private func channel(_ interleaved: [Float], _ c: Int, of count: Int) -> [Float] {
    TestRender.channel(interleaved, c, of: count)
}

@Suite struct RendererTests {
    /// Compared bit for bit (signed zeros included).
    @Test func blockSizeDoesNotChangeASingleBit() throws {
        let reference = try renderAll(blockFrames: 4_096).map(\.bitPattern)
        #expect(reference.contains { $0 & 0x7fff_ffff != 0 })  // not silent
        for blockFrames in [1, 64, 333] {
            #expect(
                try renderAll(blockFrames: blockFrames).map(\.bitPattern) == reference,
                "block \(blockFrames)")
        }
    }

    @Test func identicalInputRendersIdenticalOutput() throws {
        #expect(
            try renderAll(blockFrames: 512).map(\.bitPattern)
                == renderAll(blockFrames: 512).map(\.bitPattern))
    }

    @Test func lengthIsVoicesPlusRingDown() throws {
        let (timeline, _) = mixedTimeline()
        let out = try renderAll(blockFrames: 1_000, channels: [.acceleration])
        let ringDown = Int64((ActuatorProfile.iphone.ringDownSeconds * 48_000).rounded())
        #expect(
            Int64(out.count) == max(timeline.patternDurationSamples, timeline.voicesEndSample)
                + ringDown)
    }

    @Test func signalsAppearWhereTheEventsAre() throws {
        let out = try renderAll(blockFrames: 512)
        let count = RenderSignal.allCases.count
        let left = channel(out, 0, of: count)
        let right = channel(out, 1, of: count)
        let accel = channel(out, 3, of: count)
        let excursion = channel(out, 4, of: count)
        // Transient at 0: the actuator moves within the first 10 ms; audio is silent there.
        #expect(accel[0..<480].map(abs).max()! > 0.05)
        #expect(left[0..<2_000].allSatisfy { $0 == 0 })
        // Tone at 0.05–0.25 s panned left: left louder than right.
        let l = left[3_000..<10_000].map { $0 * $0 }.reduce(0, +)
        let r = right[3_000..<10_000].map { $0 * $0 }.reduce(0, +)
        #expect(l > 2 * r && r > 0)
        // Custom audio at 0.3 s (ends at 0.4 s): heard in both channels, centred.
        #expect(left[15_000..<18_000].map(abs).max()! > 0.1)
        // The actuator never touches its end-stop and everything ends at rest.
        #expect(excursion.map(abs).max()! < 1)
        #expect(abs(accel.last!) < 1e-3)
    }

    /// One recipe per kind of interleaver loop: frame-major copies (five signals, one signal),
    /// the `audition` pair, channel by channel.
    @Test(
        arguments: [
            RenderSignal.allCases.map(OutputChannel.signal),
            [
                .mix(.audioLeft, plus: 0.5, times: .acceleration),
                .mix(.audioRight, plus: 0.5, times: .acceleration),
            ],
            [.signal(.acceleration)],
            [
                .signal(.excursion), .mix(.hapticDrive, plus: 3, times: .audioLeft),
                .signal(.audioRight),
            ],
        ] as [[OutputChannel]])
    func renderLoopDoesNotAllocate(_ channels: [OutputChannel]) throws {
        let (timeline, audio) = mixedTimeline()
        var renderer = try PatternRenderer(
            timeline: timeline, audio: audio,
            configuration: RenderConfiguration(channels: channels))
        var block = [Float](repeating: 0, count: 64 * channels.count)
        block.withUnsafeMutableBufferPointer { buf in
            _ = renderer.render(into: buf)  // warm-up
            let count = allocationsOnThisThread {
                for i in 0..<10_000 {
                    if renderer.isFinished { renderer.reset() }
                    if i % 1_000 == 0 {
                        renderer.parameters.push(
                            QueuedParameter(
                                id: .hapticIntensityControl, value: 0.5,
                                sample: renderer.position))
                    }
                    _ = renderer.render(into: buf)
                }
            }
            #expect(count == 0)
        }
    }

    @Test func seekSkipsEventsThatAlreadyStarted() throws {
        let (timeline, audio) = mixedTimeline()
        var renderer = try PatternRenderer(
            timeline: timeline, audio: audio,
            configuration: RenderConfiguration(channels: [.audioLeft]))
        renderer.seek(toSample: 4_000)  // after the tone started at 2,400: it must not play
        var block = [Float](repeating: 0, count: 8_000)
        _ = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        #expect(block[0..<6_000].allSatisfy { $0 == 0 })
    }

    @Test func runtimeIntensityControlScalesHaptics() throws {
        let (timeline, audio) = mixedTimeline()
        func peak(muted: Bool) throws -> Float {
            var r = try PatternRenderer(
                timeline: timeline, audio: audio,
                configuration: RenderConfiguration(channels: [.hapticDrive]))
            if muted {
                r.parameters.push(QueuedParameter(id: .hapticIntensityControl, value: 0, sample: 0))
            }
            // Before 0.1 s, where the pattern's own intensity curve takes over again.
            var block = [Float](repeating: 0, count: 4_700)
            _ = block.withUnsafeMutableBufferPointer { r.render(into: $0) }
            return block.map(abs).max()!
        }
        #expect(try peak(muted: false) > 0.01)
        #expect(try peak(muted: true) == 0)
    }
}

/// Tones whose pitch moves every sample (a curve), jumps (a parameter) and whose pan changes:
/// the rotating fundamental is re-anchored and grouped on absolute positions, so any block
/// size must give the same bits.
@Suite struct ToneBlockSizeTests {
    func render(blockFrames: Int) throws -> [Float] {
        var tone = EventParameters()
        tone.audioVolume = 0.9
        let pattern = HapticPattern(
            events: [
                HapticEvent(type: .audioContinuous, time: 0.01, duration: 0.4, parameters: tone),
                HapticEvent(type: .audioContinuous, time: 0.1337, duration: 0.2, parameters: tone),
            ],
            parameters: [
                DynamicParameter(id: .audioPanControl, time: 0.05, value: 0.7),
                DynamicParameter(id: .audioPitchControl, time: 0.3, value: -0.4),
            ],
            curves: [
                ParameterCurve(
                    id: .audioPitchControl, time: 0.02,
                    points: [
                        .init(time: 0, value: 0), .init(time: 0.15, value: 0.8),
                        .init(time: 0.2, value: 0.8),
                    ])
            ])
        return try TestRender.frames(
            pattern, configuration: RenderConfiguration(channels: [.audioLeft, .audioRight]),
            blockFrames: blockFrames)
    }

    @Test func movingPitchIsBitIdenticalForEveryBlockSize() throws {
        let reference = try render(blockFrames: 4_096)
        #expect(reference.count > 2 * 19_000 && reference.contains { abs($0) > 0.1 })
        for blockFrames in [1, 3, 64, 333] {
            let samples = try render(blockFrames: blockFrames)
            #expect(
                samples.map(\.bitPattern) == reference.map(\.bitPattern), "block \(blockFrames)")
        }
    }
}
