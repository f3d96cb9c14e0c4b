import Foundation
import HapticTestSupport
import OpenCoreHaptics
import SoundFile
import Testing

/// OpenCoreHaptics' offline engine against `ahap-render render`: the same pattern, played
/// through the engine's players, gives the CLI's file bit for bit — at time 0, with runtime
/// parameters (`--param`), looped (`--loop`), seeked (`--start`) and at another rate (`--rate`).
@Suite struct CoreHapticsEngineTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Patterns")

    /// A continuous event under a curve, transients and a tone: lanes, onsets and the
    /// actuator's feedback all matter. 1.2 s.
    static let playerFixture = """
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1.0,
            "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                                {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}},
          {"Event": {"Time": 0.3, "EventType": "HapticTransient",
            "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}},
          {"Event": {"Time": 0.9, "EventType": "HapticTransient",
            "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 0.9}]}},
          {"Event": {"Time": 0.1, "EventType": "AudioContinuous", "EventDuration": 0.4,
            "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5}]}},
          {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.5,
            "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 0.4, "ParameterValue": 0.3}]}},
          {"Event": {"Time": 1.2, "EventType": "HapticTransient"}}
        ]}
        """

    /// The CLI's render of `ahap` with `options` (audition layout), and an offline engine of
    /// the same length whose `play` set-up, run at time 0 and then at `steps`, drives it.
    func compare(
        _ ahap: URL, _ options: [String],
        steps: [(TimeInterval, (CHHapticEngine) throws -> Void)] = [],
        play: (CHHapticEngine, CHHapticPattern) throws -> Void
    ) throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let reference = dir.path + "/cli.wav"
        let cli = try CLI.run(["render", ahap.path, "-o", reference, "--quiet"] + options)
        try #require(cli.status == 0, "\(cli.stderr)")
        let expected = try readBack(reference)

        let engine = try CHHapticEngine(simulation: .init(output: .offline))
        try engine.start()
        try play(engine, CHHapticPattern(contentsOf: ahap))
        var samples: [Float] = []
        for (time, step) in steps {
            samples += try engine.advance(to: time)
            try step(engine)
        }
        samples += try engine.advance(to: Double(expected.frames) / 48_000)
        #expect(samples.count == expected.samples.count)
        let first = samples.indices.first {
            $0 < expected.samples.count && samples[$0].bitPattern != expected.samples[$0].bitPattern
        }
        #expect(
            first == nil,
            "first different sample: frame \(first.map { $0 / 2 } ?? -1) of \(expected.frames)")
    }

    func fixture(_ dir: TempFolder) throws -> URL {
        URL(fileURLWithPath: try dir.write("p.ahap", Self.playerFixture))
    }

    @Test(arguments: ["Heartbeat.ahap", "AllFeatures.ahap"])
    func aPatternStartedAtZeroIsTheCLIsRender(_ name: String) throws {
        try compare(Self.examples.appendingPathComponent(name), []) { engine, pattern in
            try engine.makePlayer(with: pattern).start(atTime: 0)
        }
    }

    @Test func parametersSentBeforehandAreTheCLIsParam() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try compare(
            try fixture(dir),
            [
                "--param", "HapticIntensityControl=0.3@0.25", "--param",
                "HapticSharpnessControl=-0.2@0.6",
                "--param", "AudioVolumeControl=0.5@0.2",
            ]
        ) { engine, pattern in
            let player = try engine.makePlayer(with: pattern)
            try player.start(atTime: 0)
            try player.sendParameters(
                [
                    CHHapticDynamicParameter(
                        parameterID: .hapticIntensityControl, value: 0.3, relativeTime: 0),
                    CHHapticDynamicParameter(
                        parameterID: .audioVolumeControl, value: 0.5, relativeTime: -0.05),
                ],
                atTime: 0.25)
            try player.sendParameters(
                [
                    CHHapticDynamicParameter(
                        parameterID: .hapticSharpnessControl, value: -0.2, relativeTime: 0.1)
                ],
                atTime: 0.5)
        }
    }

    @Test func aParameterSentWhilePlayingIsTheCLIsParam() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        var player: (any CHHapticPatternPlayer)?
        try compare(
            try fixture(dir), ["--param", "HapticIntensityControl=0.4@0.2"],
            steps: [
                (
                    0.15,
                    { _ in
                        try player!.sendParameters(
                            [
                                CHHapticDynamicParameter(
                                    parameterID: .hapticIntensityControl, value: 0.4,
                                    relativeTime: 0)
                            ], atTime: 0.2)
                    }
                )
            ]
        ) { engine, pattern in
            player = try engine.makePlayer(with: pattern)
            try player!.start(atTime: 0)
        }
    }

    @Test func aLoopTurnedOffInItsThirdIterationIsTheCLIsLoop() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        var player: (any CHHapticAdvancedPatternPlayer)?
        try compare(
            try fixture(dir), ["--loop", "3"], steps: [(2.9, { _ in player!.loopEnabled = false })]
        ) { engine, pattern in
            player = try engine.makeAdvancedPlayer(with: pattern)
            player!.loopEnabled = true
            try player!.start(atTime: 0)
        }
    }

    /// A loop extended many times (every 5 s, each extension scheduling only the iterations
    /// ahead of the render) gives the samples of the whole loop scheduled at once.
    @Test func aLongLoopExtendedManyTimesIsTheCLIsLoop() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        var player: (any CHHapticAdvancedPatternPlayer)?
        try compare(
            try fixture(dir), ["--loop", "34"],
            steps: [(33 * 1.2 + 0.6, { _ in player!.loopEnabled = false })]
        ) { engine, pattern in
            player = try engine.makeAdvancedPlayer(with: pattern)
            player!.loopEnabled = true
            try player!.start(atTime: 0)
        }
    }

    @Test func aSeekBeforeStartingIsTheCLIsStart() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try compare(try fixture(dir), ["--start", "0.35"]) { engine, pattern in
            let player = try engine.makeAdvancedPlayer(with: pattern)
            try player.seek(toOffset: 0.35)
            try player.start(atTime: 0)
        }
    }

    @Test func aPlaybackRateIsTheCLIsRate() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try compare(try fixture(dir), ["--rate", "1.5"]) { engine, pattern in
            let player = try engine.makeAdvancedPlayer(with: pattern)
            player.playbackRate = 1.5
            try player.start(atTime: 0)
        }
    }
}
