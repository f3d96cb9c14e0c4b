import Foundation
import HapticTestSupport
import Testing

@_spi(Testing) @testable import HapticRender

@Suite("Actuator drivers and mappings")
struct ActuatorDriverTests {
    let fs = 48_000.0

    /// Renders one transient like the synthesizer would; returns the run and the sample at
    /// which the driver finished (brake end).
    func click(_ p: LRAProfile, sharpness: Double, intensity: Double = 1) -> (ActuatorRun, Int) {
        var rig = ActuatorRig(p)
        var driver = TransientDriver(
            config: rig.config, mapping: rig.mapping, sharpness: sharpness, intensity: intensity)
        var end = -1
        let run = rig.run(Int(0.15 * fs)) { n, x, v in
            let volts = driver.drive(velocity: v, excursion: x, othersDriving: false)
            if end < 0 && driver.isFinished { end = n }
            return volts
        }
        return (run, end)
    }

    @Test(
        "transient: −20 dB within 30 ms (iphone), residual ≤ −20 dB one period after the brake, peak ≥ 0.1 g, no contact",
        arguments: LRAProfile.presets)
    func transientClick(_ p: LRAProfile) {
        for s in [0.0, 0.5, 1.0] {
            let (run, end) = click(p, sharpness: s)
            #expect(end > 0)
            let a = run.acceleration
            let peak = SignalAnalysis.peak(a)
            let lastLoud = a.lastIndex { abs($0) > 0.1 * peak }!
            let t20 = Double(lastLoud + 1) / fs
            let period = Int(fs / p.resonanceHz)
            let residual = SignalAnalysis.db(SignalAnalysis.peak(a[(end + period)...]), re: peak)
            let maxX = SignalAnalysis.peak(run.excursion)
            print(
                "[\(p.name)] click s=\(s): peak \(peak) g, −20 dB after \(t20 * 1000) ms, brake end \(Double(end) / fs * 1000) ms, residual \(residual) dB, max x \(maxX * 1000) mm"
            )
            #expect(peak >= 0.1)
            #expect(residual <= -20)
            #expect(maxX <= p.maxExcursion)
            if p.name == "iphone" && s >= 0.5 { #expect(t20 <= 0.030) }
            // Starts and ends at zero drive; never steps faster than V_clamp·2π·f_max/fs.
            #expect(run.volts[0] == 0 && run.volts.last == 0)
            let bound = p.voltageClamp * 2 * Double.pi * p.driveBandMaxHz / fs * 1.0001
            #expect(zip(run.volts, run.volts.dropFirst()).allSatisfy { abs($1 - $0) <= bound })
        }
    }

    /// Steady continuous drive at (s, I); returns the run.
    func tone(_ p: LRAProfile, sharpness: Double, intensity: Double, seconds: Double = 0.5)
        -> (ActuatorRun, DrivePoint, Int)
    {
        var rig = ActuatorRig(p)
        var driver = ContinuousDriver(config: rig.config)
        let point = rig.mapping.lookup.evaluate(sharpness: sharpness, intensity: intensity)
        let run = rig.run(Int(seconds * fs)) { _, x, v in
            driver.drive(point, velocity: v, excursion: x, othersDriving: false)
        }
        return (run, point, rig.model.contactSamples)
    }

    @Test(
        "continuous: spectral centroid rises strictly with sharpness; peak within ±2 Hz of f(s)",
        arguments: LRAProfile.presets)
    func sharpnessMonotonic(_ p: LRAProfile) {
        var last = 0.0
        let bins = SignalAnalysis.frequencies(from: 20, to: 600, step: 5)
        for s in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let (run, point, _) = tone(p, sharpness: s, intensity: 0.8)
            let tail = run.acceleration[Int(0.25 * fs)...]
            let centroid = SignalAnalysis.spectralCentroid(tail, frequencies: bins, sampleRate: fs)
            let fine = SignalAnalysis.frequencies(from: point.hz - 6, to: point.hz + 6, step: 0.25)
            let peak = SignalAnalysis.peakFrequency(tail, frequencies: fine, sampleRate: fs)
            print(
                "[\(p.name)] s=\(s): f(s) \(point.hz) Hz, \(point.volts) V, centroid \(centroid) Hz, peak \(peak) Hz"
            )
            #expect(centroid > last)
            #expect(abs(peak - point.hz) <= 2)
            last = centroid
        }
    }

    @Test(
        "continuous: level rises strictly with intensity; dB-SL law slope",
        arguments: LRAProfile.presets)
    func intensityLaw(_ p: LRAProfile) {
        var levels: [Double] = []
        var hz = 0.0
        for i in [0.25, 0.5, 1.0] {
            let (run, point, _) = tone(p, sharpness: 0.5, intensity: i, seconds: 0.4)
            hz = point.hz
            levels.append(
                SignalAnalysis.db(
                    SignalAnalysis.goertzel(
                        run.acceleration[Int(0.25 * fs)...], hz: hz, sampleRate: fs), re: 1))
        }
        print("[\(p.name)] intensity 0.25/0.5/1 → \(levels) dB re 1 g at \(hz) Hz")
        #expect(levels[0] < levels[1] && levels[1] < levels[2])
        let slMax = DriveMapping(profile: .lra(p)).maxSensationLevel
        #expect(abs((levels[1] - levels[0]) - 0.25 * slMax) <= 1)
    }

    @Test(
        "full-scale continuous drive at every sharpness: no end-stop contact, |x| ≤ x_max, |V| ≤ V_clamp",
        arguments: LRAProfile.presets)
    func excursionSafe(_ p: LRAProfile) {
        for k in 0...10 {
            let (run, _, contacts) = tone(p, sharpness: Double(k) / 10, intensity: 1, seconds: 0.25)
            #expect(contacts == 0)
            #expect(SignalAnalysis.peak(run.excursion) <= p.maxExcursion)
            #expect(SignalAnalysis.peak(run.volts) <= p.voltageClamp)
        }
    }

    @Test(
        "android band matches docs/physics.md, Sharpness and intensity mapping (38–300, 119–299, 51–300 Hz); the iphone preset's driver range clips it to 80–230 Hz"
    )
    func androidBands() {
        // docs/physics.md's iphone band is the FOAM's ≥ 10 dB SL crossing in a 30–300 Hz driver;
        // the preset's driver range is iOS's public 80–230 Hz (docs/choices.md), which clips it.
        var wideIphone = LRAProfile.iphone
        wideIphone.name = "iphone-30-300"
        wideIphone.driveBandMinHz = 30
        wideIphone.driveBandMaxHz = 300
        let expected = [
            "iphone": (80.0, 230.0), "iphone-30-300": (38.0, 300.0), "coin": (119.0, 299.0),
            "pixel": (51.0, 300.0),
        ]
        for p in LRAProfile.presets + [wideIphone] {
            let m = DriveMapping(profile: .lra(p))
            let e = expected[p.name]!
            #expect(
                abs(m.bandLowHz - e.0) <= 1.5 && abs(m.bandHighHz - e.1) <= 1.5,
                "\(p.name): \(m.bandLowHz)–\(m.bandHighHz)")
            #expect(m.lookup.evaluate(sharpness: 0.3, intensity: 0).volts == 0)
        }
        // lofelt: f = f_lo + s²(f_hi − f_lo), amplitude = I².
        let l = DriveMapping(profile: .iphone, sharpness: .lofelt)
        let mid = l.lookup.evaluate(sharpness: 0.5, intensity: 0.5)
        #expect(abs(mid.hz - (l.bandLowHz + 0.25 * (l.bandHighHz - l.bandLowHz))) < 0.01)
        let full = l.lookup.evaluate(sharpness: 0.5, intensity: 1)
        #expect(abs(mid.volts / full.volts - 0.25) < 1e-6)
        let g = DriveMapping(profile: .iphone, sharpness: .log)
        let gm = g.lookup.frequency(sharpness: 0.5)
        #expect(abs(gm - (g.bandLowHz * g.bandHighHz).squareRoot()) < 0.05)
    }

    @Test("sine oscillator: accurate, phase-continuous under per-sample frequency changes")
    func oscillator() {
        var maxError = 0.0
        for k in 0..<10_000 {
            let p = Double(k) / 10_000
            maxError = max(maxError, abs(SineOscillator.sin2pi(p) - sin(2 * Double.pi * p)))
        }
        #expect(maxError < 1e-8)
        var osc = SineOscillator(sampleRate: fs)
        var previous = 0.0
        var worst = 0.0
        for n in 0..<48_000 {
            let hz = 50 + 250 * Double(n % 997) / 997  // jumps every sample pattern
            let y = osc.next(hz: hz)
            worst = max(worst, abs(y - previous))
            previous = y
        }
        #expect(worst <= 2 * Double.pi * 300 / fs * 1.0001)
    }

    @Test("transient brake is abandoned while another voice drives (mixing rule)")
    func brakeYieldsToOtherVoices() {
        var rig = ActuatorRig(.iphone)
        var driver = TransientDriver(
            config: rig.config, mapping: rig.mapping, sharpness: 1, intensity: 1)
        var finishedAt = -1
        _ = rig.run(Int(0.05 * fs)) { n, x, v in
            let volts = driver.drive(velocity: v, excursion: x, othersDriving: true)
            if finishedAt < 0 && driver.isFinished { finishedAt = n }
            return volts
        }
        #expect(finishedAt > 0 && finishedAt <= driver.pulseSamples + 2)
    }
}
