import Foundation
import HapticPattern
import Testing

@testable import HapticRender

/// The fast engine against the reference engine (the definition), on seeded random patterns:
/// every voice kind, envelopes, curves, dynamic and runtime parameters, every preset, four
/// sample rates and block sizes from 1 to 4,096. Tolerances: ``EngineComparison/tolerance``.
@Suite struct EngineAgreementTests {
    static let presets: [ActuatorProfile] = [.iphone, .coin, .pixel, .erm(.erm)]

    @Test(arguments: presets, [24_000.0, 44_100, 48_000, 96_000])
    func fastAgreesWithReference(_ actuator: ActuatorProfile, _ sampleRate: Double) throws {
        let configuration = RenderConfiguration(
            sampleRate: sampleRate, channels: EngineComparison.signals,
            actuator: actuator)
        var worst = [Float](repeating: 0, count: 4)
        for seed in UInt64(1)...4 {
            let (timeline, audio) = EngineComparison.timeline(
                EngineComparison.pattern(seed: seed), sampleRate: sampleRate)
            let blockFrames = [1, 61, 512, 4_096][Int(seed) % 4]
            let fast = try EngineComparison.renderFast(
                timeline, audio, configuration, blockFrames: blockFrames,
                parameters: EngineComparison.runtimeParameters)
            let reference = try EngineComparison.renderReference(
                timeline, audio, configuration,
                parameters: EngineComparison.runtimeParameters)
            #expect(fast.count == reference.count)
            let d = EngineComparison.worstDifference(fast, reference)
            for c in 0..<4 {
                worst[c] = max(worst[c], d[c])
                EngineComparison.expectWithinTolerance(d[c], channel: c, "seed \(seed)")
            }
        }
        print(
            "agreement \(actuator.name) \(Int(sampleRate)) Hz: worst |fast − reference| audio L \(worst[0]), R \(worst[1]), drive \(worst[2]), acceleration \(worst[3])"
        )
    }

    /// Short and long continuous events — shorter than their attack (the envelope peaks where
    /// its rise meets its release, between two corners), about as long, far longer — alone, with
    /// an intensity curve, transients alone and the two mixed, on every preset through both
    /// engines. Each event starts at another phase of the control grid, so the periods' ends
    /// fall on every side of the peaks. Found by the corpus: a period whose ends lay on either
    /// side of a peak at the same height held their drive over it (7.1e-3 of drive on the ERM).
    @Test(arguments: presets)
    func shortAndLongEventsAgreeOnEveryActuator(_ actuator: ActuatorProfile) throws {
        func parameters(_ intensity: Double, _ sharpness: Double) -> EventParameters {
            var p = EventParameters()
            p.hapticIntensity = intensity
            p.hapticSharpness = sharpness
            return p
        }
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        // Alone, 30 ms apart, each 7 samples later on the grid than the last.
        let durations = [0.003, 0.005, 0.01, 0.015, 0.025, 0.1]
        let levels = [0.424, 0.7, 1, 0.3]
        for (k, duration) in durations.enumerated() {
            for (j, level) in levels.enumerated() {
                let i = k * levels.count + j
                events.append(
                    HapticEvent(
                        type: .hapticContinuous,
                        time: 0.02 + 0.03 * Double(i) + Double(i * 7) / 48_000,
                        duration: duration, parameters: parameters(level, Double(j) / 3)))
            }
        }
        var t = 0.05 + 0.03 * Double(durations.count * levels.count)
        // A short attack and a long release, a decaying one, one under a rising intensity curve.
        var shaped = parameters(0.8, 0.5)
        shaped.attackTime = 0.005
        shaped.releaseTime = 0.04
        events.append(
            HapticEvent(type: .hapticContinuous, time: t, duration: 0.004, parameters: shaped))
        shaped.sustained = 0
        events.append(
            HapticEvent(
                type: .hapticContinuous, time: t + 0.06, duration: 0.004, parameters: shaped))
        events.append(
            HapticEvent(
                type: .hapticContinuous, time: t + 0.12, duration: 0.006,
                parameters: parameters(0.6, 0.2)))
        curves.append(
            ParameterCurve(
                id: .hapticIntensityControl, time: t + 0.12,
                points: [.init(time: 0, value: 0.4), .init(time: 0.04, value: 1)]))
        t += 0.2
        // Transients alone, then mixed with short and long continuous events.
        for (i, sharpness) in [0.0, 0.5, 1].enumerated() {
            events.append(
                HapticEvent(
                    type: .hapticTransient, time: t + 0.03 * Double(i),
                    parameters: parameters(0.9, sharpness)))
        }
        t += 0.1
        events.append(
            HapticEvent(
                type: .hapticContinuous, time: t, duration: 0.005,
                parameters: parameters(0.424, 0.424)))
        events.append(
            HapticEvent(type: .hapticTransient, time: t + 0.002, parameters: parameters(1, 0.8)))
        events.append(
            HapticEvent(
                type: .hapticContinuous, time: t + 0.05, duration: 0.1,
                parameters: parameters(0.6, 0.3)))
        events.append(
            HapticEvent(type: .hapticTransient, time: t + 0.07, parameters: parameters(0.7, 0.2)))
        events.append(
            HapticEvent(
                type: .hapticContinuous, time: t + 0.09, duration: 0.008,
                parameters: parameters(0.9, 0.9)))
        events.append(
            HapticEvent(type: .hapticTransient, time: t + 0.12, parameters: parameters(0.5, 1)))
        try EngineComparison.expectAgreement(
            HapticPattern(events: events, curves: curves), on: actuator, "short and long events")
    }

    /// Steep intensity curves under a continuous event — a quiet bed rising to a hit in 2–3 ms,
    /// as Lofelt's clips do before an emphasis — at every fourth sample of the control grid's
    /// phase, so a period's line lies every way across the ERM's law, which is convex between
    /// the threshold curve's corners and kinks at them. Found by the corpus (NVDice.haptic): a
    /// period whose line crossed that law at its midpoint held a chord 1e-3 of drive off it.
    @Test(arguments: presets)
    func steepIntensityRampsAgreeOnEveryActuator(_ actuator: ActuatorProfile) throws {
        var parameters = EventParameters()
        parameters.hapticIntensity = 0.8
        parameters.hapticSharpness = 0.5
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        for (quiet, rise) in [(0.02, 0.002), (0.02, 0.003), (0.04, 0.003)] {
            for phase in stride(from: 0, to: 64, by: 4) {
                let t = 0.02 + 0.05 * Double(events.count) + Double(phase) / 48_000
                events.append(
                    HapticEvent(
                        type: .hapticContinuous, time: t, duration: 0.03, parameters: parameters))
                curves.append(
                    ParameterCurve(
                        id: .hapticIntensityControl, time: t,
                        points: [
                            .init(time: 0, value: quiet), .init(time: 0.001, value: quiet),
                            .init(time: 0.001 + rise, value: 0.7),
                            .init(time: 0.025, value: 1),
                        ]))
            }
        }
        try EngineComparison.expectAgreement(
            HapticPattern(events: events, curves: curves), on: actuator, "steep intensity ramps")
    }

    /// A carrier that glides for seconds keeps the reference's phase: the steady path rebuilds a
    /// gliding carrier from its phase summed in Double at every drive period (the paired path
    /// shares that step; `steadyPairAddsWhatTwoPassesAdd` checks the two agree). Rebuilt from
    /// its own Float phasor instead, it drifted: 1.3e-3 of drive here after 14 s, which the
    /// excursion guard and the slew limit amplified to 1.2e-2 in ahap_rs `bike`. Now 2.4e-5.
    @Test func longGlidesKeepTheCarrierPhase() throws {
        var p = EventParameters()
        p.hapticIntensity = 0.75
        p.hapticSharpness = 0
        // Glides up and down through the band for 14 s, as ahap_rs `bike` does.
        func glide(at time: Double, from a: Double, to b: Double, over seconds: Double)
            -> ParameterCurve
        {
            ParameterCurve(
                id: .hapticSharpnessControl, time: time,
                points: (0...10).map {
                    .init(time: Double($0) * seconds / 10, value: a + (b - a) * Double($0) / 10)
                })
        }
        let pattern = HapticPattern(
            events: [HapticEvent(type: .hapticContinuous, time: 0, duration: 14.5, parameters: p)],
            curves: [
                glide(at: 2, from: 0, to: 0.5, over: 3), glide(at: 5, from: 0.2, to: 0.65, over: 3),
                glide(at: 8, from: 0.4, to: 1, over: 4), glide(at: 12, from: 0.9, to: 0, over: 2),
            ])
        let configuration = RenderConfiguration(channels: EngineComparison.signals)
        let (timeline, audio) = EngineComparison.timeline(pattern, sampleRate: 48_000)
        let fast = try EngineComparison.renderFast(timeline, audio, configuration)
        let reference = try EngineComparison.renderReference(timeline, audio, configuration)
        // After the glides (14–14.5 s): the phase they left behind.
        let c = EngineComparison.signals.count
        let window = (672_000 * c)..<(696_000 * c)
        let d = EngineComparison.worstDifference(Array(fast[window]), Array(reference[window]))
        print("after 14 s of glides: worst |fast − reference| drive \(d[2]), acceleration \(d[3])")
        #expect(d[2] < 2e-4 && d[3] < 1e-4, "drive \(d[2]), acceleration \(d[3])")
    }

    /// Any block size gives the same bits (compared as bit patterns, so ±0 differ).
    @Test func blockSizeDoesNotChangeABit() throws {
        let (timeline, audio) = EngineComparison.timeline(
            EngineComparison.pattern(seed: 7), sampleRate: 48_000)
        let configuration = RenderConfiguration(channels: EngineComparison.signals)
        let whole = try EngineComparison.renderFast(
            timeline, audio, configuration, blockFrames: 4_096,
            parameters: EngineComparison.runtimeParameters)
        for blockFrames in [1, 3, 64, 333, 1_000] {
            let split = try EngineComparison.renderFast(
                timeline, audio, configuration, blockFrames: blockFrames,
                parameters: EngineComparison.runtimeParameters)
            #expect(split.map(\.bitPattern) == whole.map(\.bitPattern), "block \(blockFrames)")
        }
    }
}

/// Shifting every time of a pattern by k samples shifts the output by exactly k samples: bit for
/// bit in the reference engine, and in the fast engine for transients; within the agreement
/// tolerance for everything else in the fast engine (its drive grid is absolute).
@Suite struct TimeInvarianceTests {
    static let shifts: [Int64] = [1, 2, 3, 4, 5, 6, 7, 61, 129]

    /// The LRA and the ERM: a model in groups of four, one per sample.
    static let actuators: [ActuatorProfile] = [.iphone, .erm(.erm)]

    static func render(
        _ timeline: Timeline, _ audio: [AudioResource?], reference: Bool,
        actuator: ActuatorProfile = .iphone
    ) throws -> [Float] {
        let configuration = RenderConfiguration(
            channels: EngineComparison.signals, actuator: actuator)
        return reference
            ? try EngineComparison.renderReference(timeline, audio, configuration)
            : try EngineComparison.renderFast(timeline, audio, configuration, blockFrames: 512)
    }

    /// `shifted` from frame `k` on, against `base`; the first `k` frames must be silence.
    static func compare(_ base: [Float], _ shifted: [Float], by k: Int64, exact: Bool) -> [Float] {
        let channels = EngineComparison.signals.count
        let skip = Int(k) * channels
        #expect(shifted.prefix(skip).allSatisfy { $0 == 0 })
        let moved = Array(shifted.dropFirst(skip))
        let n = min(base.count, moved.count)
        if exact {
            #expect(
                moved.prefix(n).map(\.bitPattern) == base.prefix(n).map(\.bitPattern), "shift \(k)")
        }
        return EngineComparison.worstDifference(Array(base.prefix(n)), Array(moved.prefix(n)))
    }

    @Test(arguments: actuators, shifts)
    func referenceShiftsBitForBit(_ actuator: ActuatorProfile, _ k: Int64) throws {
        let (timeline, audio) = EngineComparison.timeline(
            EngineComparison.pattern(seed: 11), sampleRate: 48_000)
        let base = try Self.render(timeline, audio, reference: true, actuator: actuator)
        _ = Self.compare(
            base,
            try Self.render(
                EngineComparison.shifted(timeline, by: k), audio, reference: true,
                actuator: actuator),
            by: k, exact: true)
    }

    @Test(arguments: actuators, shifts)
    func fastShiftsTransientsBitForBit(_ actuator: ActuatorProfile, _ k: Int64) throws {
        for seed in UInt64(20)...22 {
            let (timeline, audio) = EngineComparison.timeline(
                EngineComparison.pattern(seed: seed, transientsOnly: true), sampleRate: 48_000)
            let base = try Self.render(timeline, audio, reference: false, actuator: actuator)
            _ = Self.compare(
                base,
                try Self.render(
                    EngineComparison.shifted(timeline, by: k), audio, reference: false,
                    actuator: actuator),
                by: k, exact: true)
        }
    }

    @Test(arguments: actuators, shifts)
    func fastShiftsEverythingWithinTolerance(_ actuator: ActuatorProfile, _ k: Int64) throws {
        let (timeline, audio) = EngineComparison.timeline(
            EngineComparison.pattern(seed: 12), sampleRate: 48_000)
        let base = try Self.render(timeline, audio, reference: false, actuator: actuator)
        let worst = Self.compare(
            base,
            try Self.render(
                EngineComparison.shifted(timeline, by: k), audio, reference: false,
                actuator: actuator),
            by: k, exact: false)
        for c in 0..<4 {
            EngineComparison.expectWithinTolerance(worst[c], channel: c, "shift \(k)")
        }
    }
}

/// The drive never steps by more than the slew limit `V_clamp·2π·f_max/fs` from one sample to
/// the next, in either engine, whatever the voices sum to.
@Suite struct CleanDriveTests {
    @Test(arguments: EngineAgreementTests.presets)
    func driveNeverStepsBeyondTheSlewLimit(_ actuator: ActuatorProfile) throws {
        let configuration = RenderConfiguration(channels: [.hapticDrive], actuator: actuator)
        // In drive full-scale units, plus Float rounding of the scaled signal.
        let limit =
            Float(ActuatorDriverConfig(profile: actuator).slewPerSample / actuator.voltageClamp)
            * (1 + 1e-5)
        for seed in UInt64(30)...35 {
            let (timeline, audio) = EngineComparison.timeline(
                EngineComparison.pattern(seed: seed), sampleRate: 48_000)
            for drive in [
                try EngineComparison.renderFast(timeline, audio, configuration),
                try EngineComparison.renderReference(timeline, audio, configuration),
            ] {
                var worst: Float = 0
                for i in 1..<drive.count { worst = max(worst, abs(drive[i] - drive[i - 1])) }
                #expect(worst <= limit, "seed \(seed): step \(worst) > \(limit)")
            }
        }
    }
}
