import HapticPattern
import HapticTestSupport
import Testing

@_spi(Testing) @testable import HapticRender

/// The render loop's fast paths — drive-rate drive ramps, steady continuous voices rendered
/// voice-major with the rotating carrier, the actuator block kernel — must keep the signal the
/// per-sample definition gives, and must not make the samples depend on the block size.
@Suite struct RendererFastPathTests {
    /// Three seconds of overlapping continuous events (some under intensity and sharpness
    /// curves), transients on top, and a parameter change: every voice state and path switch.
    func densePattern() -> HapticPattern {
        var pattern = HapticPattern()
        for i in 0..<24 {
            var p = EventParameters()
            p.hapticIntensity = 0.3 + 0.7 * Double(i % 5) / 4
            p.hapticSharpness = Double(i % 7) / 6
            p.attackTime = Double(i % 3) * 0.1
            p.releaseTime = Double(i % 4) * 0.08
            if i % 4 == 3 {
                p.sustained = 0
                p.decayTime = 0.2
            }
            pattern.events.append(
                HapticEvent(
                    type: .hapticContinuous, time: 0.11 * Double(i),
                    duration: 0.3 + 0.05 * Double(i % 9), parameters: p))
        }
        for i in 0..<20 {
            var p = EventParameters()
            p.hapticIntensity = 0.5 + 0.025 * Double(i)
            p.hapticSharpness = Double(i % 3) / 2
            pattern.events.append(
                HapticEvent(type: .hapticTransient, time: 0.137 * Double(i) + 0.013, parameters: p))
        }
        pattern.curves = [
            ParameterCurve(
                id: .hapticIntensityControl, time: 0.4,
                points: [
                    .init(time: 0, value: 1), .init(time: 0.5, value: 0.3),
                    .init(time: 1.1, value: 0.9),
                ]),
            ParameterCurve(
                id: .hapticSharpnessControl, time: 1.2,
                points: [
                    .init(time: 0, value: -0.4), .init(time: 0.8, value: 0.5),
                ]),
        ]
        pattern.parameters = [DynamicParameter(id: .hapticIntensityControl, time: 2.4, value: 0.6)]
        return pattern
    }

    func render(_ pattern: HapticPattern, blockFrames: Int) throws -> [Float] {
        try TestRender.frames(
            pattern, configuration: RenderConfiguration(), blockFrames: blockFrames)
    }

    /// Compared bit for bit (signed zeros included).
    @Test func denseHapticsAreBitIdenticalForEveryBlockSize() throws {
        let pattern = densePattern()
        let reference = try render(pattern, blockFrames: 4_096).map(\.bitPattern)
        #expect(reference.contains { $0 & 0x7fff_ffff != 0 })  // not silent
        for blockFrames in [1, 64, 333, 256, 1_000] {
            #expect(
                try render(pattern, blockFrames: blockFrames).map(\.bitPattern) == reference,
                "block \(blockFrames)")
        }
    }

    /// Two bursts 4 s apart: between them the actuator comes to rest and whole chunks take the
    /// renderer's at-rest path (it only counts the samples for the actuator's groups), in chunks
    /// of both parities; the second burst starts on an odd sample. Compared bit for bit (signed
    /// zeros included), and so is the actuator's state in the middle of the second burst.
    @Test func restBetweenEventsIsBitIdenticalForEveryBlockSize() throws {
        var p = EventParameters()
        p.hapticIntensity = 1
        p.hapticSharpness = 0.4
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticContinuous, time: 0, duration: 0.1, parameters: p),
            HapticEvent(type: .hapticTransient, time: 0.15, parameters: p),
            HapticEvent(
                type: .hapticContinuous, time: 196_801 / 48_000, duration: 0.1, parameters: p),
        ])
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        func render(blockFrames: Int) throws -> [UInt64] {
            var renderer = try PatternRenderer(
                timeline: timeline, configuration: RenderConfiguration())
            var result: [UInt64] = []
            var block = [Float](repeating: 0, count: blockFrames * RenderSignal.allCases.count)
            var left = Int(4.15 * 48_000)
            var rested = false
            while left > 0 {
                let n = block.withUnsafeMutableBufferPointer {
                    renderer.render(
                        into: UnsafeMutableBufferPointer(
                            rebasing: $0[
                                0..<(min(left, blockFrames) * RenderSignal.allCases.count)]))
                }
                result += block[0..<(n * RenderSignal.allCases.count)].map {
                    UInt64($0.bitPattern)
                }
                left -= n
                rested = rested || renderer.lraModel.velocity == 0
            }
            #expect(rested)
            return result + [
                renderer.lraModel.excursion.bitPattern,
                renderer.lraModel.velocity.bitPattern,
            ]
        }
        let reference = try render(blockFrames: 4_096)
        for blockFrames in [1, 3, 256, 333] {
            #expect(try render(blockFrames: blockFrames) == reference, "block \(blockFrames)")
        }
    }

    /// One continuous event, rendered by the renderer (ramps every 64 samples, steady voice on
    /// the rotating Float carrier) and by the per-sample definition (drive table lookup every
    /// sample, polynomial oscillator, the same driver, guard and actuator).
    @Test(arguments: [(0.2, 1.0), (0.7, 0.6), (1.0, 0.3)])
    func steadyPathMatchesThePerSampleDefinition(_ sharpness: Double, _ intensity: Double) throws {
        var p = EventParameters()
        p.hapticIntensity = intensity
        p.hapticSharpness = sharpness
        p.attackTime = 0.3
        p.releaseTime = 0.3
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticContinuous, time: 0.01, duration: 0.6, parameters: p)
        ])
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        var renderer = try PatternRenderer(
            timeline: timeline,
            configuration: RenderConfiguration(channels: [.hapticDrive, .acceleration]))
        var out = [Float](repeating: 0, count: Int(renderer.totalFrames) * 2)
        _ = out.withUnsafeMutableBufferPointer { renderer.render(into: $0) }

        // The per-sample definition, as the renderer computed it before the fast paths.
        let v = timeline.voices
        let start = v.start[0]
        let end = v.end[0]
        let envelope = Envelope(
            attack: Float(v.attackSamples[0]), decay: Float(v.decaySamples[0]),
            release: Float(v.releaseSamples[0]), releaseStart: Float(v.releaseStart[0] - start),
            sustained: v.sustained[0])
        var rig = ActuatorRig(.iphone)
        // The renderer's output stage too: where the excursion guard's gate opens as the
        // velocity turns, the drive jumps by up to 1 V, which the slew limit spreads out.
        rig.useOutputStage = true
        let lookup = rig.mapping.lookup
        var driver = ContinuousDriver(config: rig.config)
        var released = false
        let run = rig.run(Int(renderer.totalFrames)) { n, x, vel in
            var point = DrivePoint(hz: 0, volts: 0, excursionPerVolt: 0)
            if Int64(n) >= start && !released {
                if Int64(n) >= end {
                    driver.release(brake: true)
                    released = true
                } else {
                    let level =
                        min(max(v.level[0], 0), 1) * envelope.gain(at: Float(Int64(n) - start))
                    point = lookup.evaluate(
                        sharpness: Double(v.timbre[0]), intensity: Double(level))
                }
            }
            return Int64(n) >= start
                ? driver.drive(point, velocity: vel, excursion: x, othersDriving: false) : 0
        }
        let drive = stride(from: 0, to: out.count, by: 2).map {
            Double(out[$0]) * rig.profile.voltageClamp
        }
        let accel = stride(from: 1, to: out.count, by: 2).map {
            Double(out[$0]) * rig.profile.fullScaleG
        }
        let drivePeak = SignalAnalysis.peak(run.volts)
        let accelPeak = SignalAnalysis.peak(run.acceleration)
        func error(_ x: [Double], _ y: [Double], _ r: Range<Int>) -> Double {
            r.map { abs(x[$0] - y[$0]) }.max() ?? 0
        }
        let onset = Int(start)..<Int(start) + 480
        let sustain = Int(start) + Int(v.attackSamples[0]) + 128..<Int(v.releaseStart[0]) - 128
        let all = 0..<drive.count
        #expect(drivePeak > 0.1)
        // Onset (per-sample path, overdrive) and the steady sustain: the same signal.
        #expect(error(drive, run.volts, onset) / drivePeak < 1e-3)
        #expect(error(drive, run.volts, sustain) / drivePeak < 1e-4)
        // Across the attack and release corners (and the level limit's kink) the drive-rate
        // line differs for at most one 1.3 ms period; the actuator smooths it further.
        #expect(error(drive, run.volts, all) / drivePeak < 0.03)
        #expect(error(accel, run.acceleration, all) / accelPeak < 0.05)
    }

    /// The renderer sums steady voices two at a time; a pair must add exactly what the two
    /// voices add one after the other — through drive periods, retunes under a sharpness
    /// curve, a partial last group, and a call that starts off the 4-sample grid.
    @Test func steadyPairAddsWhatTwoPassesAdd() throws {
        var held = EventParameters()
        var swept = EventParameters()
        held.hapticIntensity = 0.8
        held.hapticSharpness = 0.3
        swept.hapticIntensity = 0.5
        swept.hapticSharpness = 0.9
        var pattern = HapticPattern(events: [
            HapticEvent(type: .hapticContinuous, time: 0, duration: 1, parameters: held),
            HapticEvent(type: .hapticContinuous, time: 0.013, duration: 1, parameters: swept),
        ])
        pattern.curves = [
            ParameterCurve(
                id: .hapticSharpnessControl, time: 0.2,
                points: [
                    .init(time: 0, value: 0), .init(time: 0.3, value: -0.6),
                    .init(time: 0.6, value: 0.2),
                ])
        ]
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        var renderer = try PatternRenderer(timeline: timeline, configuration: RenderConfiguration())
        var block = [Float](repeating: 0, count: 256 * RenderSignal.allCases.count)
        while renderer.position < 9_600 {  // 0.2 s: both voices steady
            _ = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        }
        let voices = renderer.haptics.continuous.storage
        #expect(renderer.haptics.continuous.count == 2 && voices[0].steady && voices[1].steady)
        var pair = (voices[0], voices[1])
        var solo = (voices[0], voices[1])
        var pairSum = (0..<24_000).map { Float($0 % 7) * 0.01 }
        var soloSum = pairSum
        let c = renderer.haptics.grid
        let step = renderer.haptics.slewStep
        let radians = renderer.haptics.radiansPerHz
        // 12,001 samples (ends inside a group), then 11,999 from there (starts inside one).
        for (from, count) in [(0, 12_001), (12_001, 11_999)] {
            let n = renderer.position + Int64(from)
            withUnsafeMutablePointer(to: &pair.0) { a in
                withUnsafeMutablePointer(to: &pair.1) { b in
                    pairSum.withUnsafeMutableBufferPointer {
                        ContinuousHapticVoice.renderSteady(
                            a, b, from: n, count: count, into: $0.baseAddress! + from,
                            slewStep: step, grid: c, radiansPerHz: radians)
                    }
                }
            }
            soloSum.withUnsafeMutableBufferPointer { sum in
                func alone(_ voice: UnsafeMutablePointer<ContinuousHapticVoice>) {
                    ContinuousHapticVoice.renderSteady(
                        voice, nil, from: n, count: count, into: sum.baseAddress! + from,
                        slewStep: step, grid: c, radiansPerHz: radians)
                }
                alone(&solo.0)
                alone(&solo.1)
            }
        }
        let firstDifference = pairSum.indices.first {
            pairSum[$0].bitPattern != soloSum[$0].bitPattern
        }
        #expect(firstDifference == nil, "first differing sample: \(firstDifference ?? -1)")
        #expect(pairSum.contains { abs($0) > 0.1 })
        for (p, s) in [(pair.0, solo.0), (pair.1, solo.1)] {
            #expect(p.carrier.sines == s.carrier.sines && p.carrier.cosines == s.carrier.cosines)
            #expect(
                p.driver.tail.output == s.driver.tail.output && p.ramp.to == s.ramp.to
                    && p.ramp.end.volts == s.ramp.end.volts)
        }
    }

    /// The steady block loop skips the slew limiter for whole groups only where the limiter
    /// would return the target unchanged: the same voice rendered with the check on every sample
    /// (`free: false`) has the same bits — from an output far off the line (limited first),
    /// starting inside a group, on a rising line, held and gliding. The held line goes through
    /// the held loop, which leaves its offsets out (`held: true`), against the line's formula.
    @Test(arguments: [(0.0, 8.0), (40.0, 8.0), (0.0, 5.0)])
    func skippingTheSlewLimitChangesNoBit(glideHz: Double, endVolts: Double) {
        let fs = 48_000.0
        let radiansPerHz = 2 * Double.pi / fs
        let slewStep = ActuatorDriverConfig(profile: .iphone, sampleRate: fs).slewPerSample
        // The largest line that cannot slew-limit: 8 V at 210 Hz steps by up to 0.22 V of 0.30.
        let period = DriveRamp(
            from: 0, start: DrivePoint(hz: 170, volts: 5, excursionPerVolt: 0),
            to: 4_000, end: DrivePoint(hz: 170 + glideHz, volts: endVolts, excursionPerVolt: 0))
        #expect(period.neverSlewLimits(radiansPerHz: radiansPerHz, slewStep: slewStep))
        var wave = RotatingCarrier(phase: 0.3)
        wave.retune(to: period, at: 1, radiansPerHz: radiansPerHz)
        #expect(wave.chirping == (glideHz != 0))
        var checked = SteadyVoice(wave: wave, output: 0)
        checked.enter(period)
        var unchecked = checked
        #expect(unchecked.isHeld == (endVolts == 5))
        var none = NoSteadyVoice()
        var checkedSum = [Float](repeating: 0.25, count: 3_999)
        var uncheckedSum = checkedSum
        checkedSum.withUnsafeMutableBufferPointer {
            ContinuousHapticVoice.renderGroups(
                &checked, &none, origin: 0, free: false, glides: wave.chirping,
                held: false, from: 1, count: 3_999, into: $0.baseAddress!,
                slewStep: slewStep)
        }
        uncheckedSum.withUnsafeMutableBufferPointer {
            ContinuousHapticVoice.renderGroups(
                &unchecked, &none, origin: 0, free: true, glides: wave.chirping,
                held: unchecked.isHeld, from: 1, count: 3_999,
                into: $0.baseAddress!, slewStep: slewStep)
        }
        let firstDifference = checkedSum.indices.first {
            checkedSum[$0].bitPattern != uncheckedSum[$0].bitPattern
        }
        #expect(firstDifference == nil, "first differing sample: \(firstDifference ?? -1)")
        #expect(checked.output.bitPattern == unchecked.output.bitPattern)
        #expect(
            checked.wave.sines == unchecked.wave.sines
                && checked.wave.cosines == unchecked.wave.cosines)
        // The start is limited (0 V towards 4.8 V), and the drive reaches the line.
        #expect(abs(abs(checkedSum[0] - 0.25) - Float(slewStep)) < 1e-6)
        #expect(checkedSum.contains { abs($0 - 0.25) > Float(endVolts) - 0.5 })
    }

    @Test func rotatingCarrierTracksTheSineAcrossRetunes() {
        var carrier = RotatingCarrier(phase: 0.3)
        var phase = 0.3
        var worst = 0.0
        for period in 0..<200 {
            let hz = 60 + Double(period % 17) * 14  // a new frequency every 64 samples
            carrier.retune(radiansPerSample: 2 * Double.pi * hz / 48_000)
            for _ in 0..<16 {
                for k in 0..<4 {
                    worst = max(worst, abs(Double(carrier.sines[k]) - SineOscillator.sin2pi(phase)))
                    phase += hz / 48_000
                    if phase >= 1 { phase -= 1 }
                }
                carrier.nextGroup()
            }
        }
        #expect(worst < 2e-5, "worst \(worst)")
    }
}

extension PatternRenderer {
    /// The renderer's LRA model (the renderer must simulate an LRA).
    var lraModel: LRAModel {
        guard case .lra(let stage) = actuator else { fatalError("not an LRA") }
        return stage.pointee.model
    }
}
