import Foundation
import HapticTestSupport
import Testing

@_spi(Testing) @testable import HapticRender

@Suite("LRA model")
struct ActuatorModelTests {
    let fs = 48_000.0

    @Test(
        "resonance peak of |accel/volt| within 2 % of f0 (stepped sines + Goertzel)",
        arguments: LRAProfile.presets)
    func resonancePeak(_ p: LRAProfile) {
        let f0 = p.resonanceHz
        let ratios = stride(from: 0.90, through: 1.10, by: 0.02).map { $0 }
        var gains: [Double] = []
        for r in ratios {
            var rig = ActuatorRig(p)
            rig.useGuard = false
            let volts = 0.3 * p.maxDriveVolts(atHz: r * f0)
            let run = rig.run(
                Int(0.3 * fs), ActuatorRig.burst(hz: r * f0, volts: volts, cycles: 1e9))
            let tail = run.acceleration[Int(0.2 * fs)...]
            gains.append(SignalAnalysis.goertzel(tail, hz: r * f0, sampleRate: fs) / volts)
        }
        let i = gains.indices.max { gains[$0] < gains[$1] }!
        #expect(i > 0 && i < gains.count - 1)
        let peak = SignalAnalysis.parabolicPeak(
            f: ratios[i] * f0, df: 0.02 * f0,
            left: gains[i - 1], mid: gains[i], right: gains[i + 1])
        print("[\(p.name)] resonance peak \(peak) Hz (f0 \(f0)), |a/V| peak \(gains[i]) g/V")
        #expect(abs(peak / f0 - 1) <= 0.02)
        // Sensitivity at f0 (docs/physics.md, Derived behaviour): within 3 % of the closed form.
        #expect(
            abs(
                gains[ratios.firstIndex { abs($0 - 1) < 1e-9 }!] / p.accelerationPerVolt(atHz: f0)
                    - 1) < 0.03)
    }

    /// Q from the log envelope of a free decay between −3 and −30 dB (peak envelope;
    /// docs/physics.md, Numerical checks).
    func decayQ(_ p: LRAProfile, hiZ: Bool) -> Double {
        var rig = ActuatorRig(p)
        let f0 = p.resonanceHz
        let burstLength = Int(60 * fs / f0)
        var model = rig.model
        let drive = ActuatorRig.burst(hz: f0, volts: 0.4 * p.maxDriveVolts(atHz: f0), cycles: 60)
        var acc: [Double] = []
        for n in 0..<(burstLength + Int(0.6 * fs)) {
            if hiZ && n == burstLength { model.enterHighImpedance() }
            acc.append(model.step(volts: drive(n, 0, 0)).acceleration)
        }
        rig.model = model
        let period = Int(fs / f0)
        let env = SignalAnalysis.peakEnvelope(acc[burstLength...], window: period)
        let e0 = env[0]
        var t: [Double] = []
        var y: [Double] = []
        for (k, e) in env.enumerated() where e < e0 * 0.708 && e > e0 * 0.0316 {
            t.append(Double(k * period) / fs)
            y.append(Foundation.log(e))
        }
        let sigma = -SignalAnalysis.lineFit(x: t, y: y).slope
        return Double.pi * f0 / sigma
    }

    @Test(
        "Q from free decay within 10 % (low-Z: Q_ts, Hi-Z: Q_m)", arguments: LRAProfile.presets
    )
    func qFromFreeDecay(_ p: LRAProfile) {
        let qLow = decayQ(p, hiZ: false)
        let qHigh = decayQ(p, hiZ: true)
        print(
            "[\(p.name)] Q low-Z \(qLow) (expect \(p.derivedQLowZ)), Hi-Z \(qHigh) (expect \(p.qHiZ))"
        )
        #expect(abs(qLow / p.derivedQLowZ - 1) < 0.10)
        #expect(abs(qHigh / p.qHiZ - 1) < 0.10)
    }

    @Test(
        "agrees with the exact 3-state ZOH oracle within 2 % on a 60-cycle burst",
        arguments: LRAProfile.presets)
    func oracleAgreement(_ p: LRAProfile) {
        var model = LRAModel(profile: p, sampleRate: fs)
        var oracle = LRAOracle(profile: p, sampleRate: fs)
        let f0 = p.resonanceHz
        let drive = ActuatorRig.burst(hz: f0, volts: 0.4 * p.maxDriveVolts(atHz: f0), cycles: 60)
        var a: [Double] = []
        var o: [Double] = []
        for n in 0..<Int((60 / f0 + 0.1) * fs) {
            let v = drive(n, 0, 0)
            a.append(model.step(volts: v).acceleration)
            o.append(oracle.step(volts: v))
        }
        let peak = SignalAnalysis.peak(o)
        var raw = 0.0
        var aligned = 0.0
        for n in 1..<a.count {
            raw = max(raw, abs(a[n] - o[n]))
            // ZOH output at the end of the held interval is half a sample early.
            aligned = max(aligned, abs(a[n] - 0.5 * (o[n] + o[n - 1])))
        }
        let peakDiff = abs(SignalAnalysis.peak(a) / peak - 1)
        print(
            "[\(p.name)] oracle: peak-level diff \(peakDiff * 100) %, max sample diff \(raw / peak * 100) % raw, \(aligned / peak * 100) % half-sample aligned"
        )
        #expect(peakDiff <= 0.02)
        #expect(aligned / peak <= 0.02)
    }

    @Test(
        "passive after drive stops; random drive never produces NaN/Inf; rail clamp holds",
        arguments: LRAProfile.presets)
    func passivityAndRobustness(_ p: LRAProfile) {
        var model = LRAModel(profile: p, sampleRate: fs)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {  // xorshift64*, uniform in [−1, 1)
            seed ^= seed >> 12
            seed ^= seed << 25
            seed ^= seed >> 27
            return Double((seed &* 2_685_821_657_736_338_717) >> 11) / Double(1 << 52) - 1
        }
        let scale = 0.5 * p.maxDriveVolts(atHz: p.resonanceHz)
        for _ in 0..<Int(0.05 * fs) { _ = model.step(volts: scale * random()) }
        #expect(model.contactSamples == 0)
        var previous = model.storedEnergy
        var increases = 0
        for _ in 0..<Int(0.3 * fs) {
            _ = model.step(volts: 0)
            let e = model.storedEnergy
            // Within the Float state's resolution (energy ∝ x², ~2.4e-7 relative per rounding).
            if e > previous * (1 + 1e-6) + 1e-30 { increases += 1 }
            previous = e
        }
        #expect(increases == 0)

        // Abusive drive: far beyond the rail, end-stop contact allowed.
        model.reset()
        var maxVolts = 0.0
        var finite = true
        for n in 0..<Int(0.1 * fs) {
            // Square wave at f0 far beyond the rail (→ clamp + end-stop), plus random spikes.
            let square =
                SineOscillator.sin2pi(
                    (Double(n) * p.resonanceHz / fs).truncatingRemainder(dividingBy: 1)) >= 0
                ? 1.0 : -1.0
            let s = model.step(volts: 1e3 * p.voltageClamp * (square + 0.5 * random()))
            maxVolts = max(maxVolts, abs(s.volts))
            finite =
                finite && s.acceleration.isFinite && s.excursion.isFinite && s.velocity.isFinite
        }
        #expect(finite)
        #expect(maxVolts <= p.voltageClamp)
        #expect(model.contactSamples > 0, "abusive drive exercises the end-stop path")
        // The end-stop holds the excursion near x_max even so (k_s = 50·k).
        #expect(abs(model.excursion) < 2 * p.maxExcursion)
    }

    @Test("a state below the rest threshold becomes exact zero where a zero-drive group ends")
    func restThreshold() {
        var model = LRAModel(profile: .coin, sampleRate: fs)
        _ = model.step(volts: 1e-12)
        for _ in 0..<2 { _ = model.step(volts: 0) }
        #expect(model.excursion != 0, "not at a group's end yet")
        _ = model.step(volts: 0)
        #expect(model.excursion == 0 && model.velocity == 0 && model.isAtRest)
    }

    @Test("block processing equals per-sample stepping")
    func blockProcessing() {
        var a = LRAModel(profile: .iphone)
        var b = a
        let drive = (0..<512).map { Float(SineOscillator.sin2pi(Double($0 % 320) / 320)) }
        var out = [Float](repeating: 0, count: 512)
        drive.withUnsafeBufferPointer { d in
            out.withUnsafeMutableBufferPointer { a.process(drive: d, acceleration: $0) }
        }
        for i in 0..<512 { #expect(out[i] == Float(b.step(volts: Double(drive[i])).acceleration)) }
    }
}
