import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@testable import HapticRender

/// The ERM numerically (docs/physics.md, Eccentric rotating mass): its time constants measured
/// on the simulation against the profile's, the tie of frequency and amplitude to speed, the
/// steady acceleration, the driver's loop, energy, rest, and what intensity and sharpness do.
/// Fast against reference, block sizes, time shifts and idle run with the other presets
/// (`EngineAgreementTests.presets`).
@Suite("ERM")
struct ERMTests {
    static let p = ERMProfile.erm
    static let fs = 48_000.0
    static let profile = ActuatorProfile.erm(.erm)

    @Test("the preset validates and reproduces docs/physics.md, Presets (erm)")
    func preset() throws {
        let p = Self.p
        try p.validate(sampleRate: 48_000)
        try p.validate(sampleRate: 8_000)
        #expect(abs(p.backEMFConstant / 7.16e-4 - 1) < 0.01)
        #expect(abs(p.friction / 3.99e-8 - 1) < 0.01)
        #expect(abs(p.timeConstant * 1000 / 24.6 - 1) < 0.01)
        #expect(abs(p.steadyAcceleration(volts: 3) / 0.642 - 1) < 0.01)
        #expect(abs(p.vibrationHz(volts: 3) - 200) < 1e-9)
        #expect(abs(p.spinUpSeconds * 1000 / 39.5 - 1) < 0.01)
        #expect(p.fullScaleG >= p.steadyAcceleration(volts: p.voltageClamp))
        #expect(ActuatorProfile.preset(named: "erm") == Self.profile)
    }

    /// The motor alone (open loop) from rest at `volts` for `on` samples, then 0 V for `off`:
    /// the speed after every sample.
    static func speeds(volts: Double, on: Int, off: Int) -> [Double] {
        var m = ERMModel(profile: p, sampleRate: fs, openLoop: true)
        return (0..<(on + off)).map { n in
            _ = m.step(command: n < on ? volts : 0)
            return m.speed
        }
    }

    /// The time constant of an exponential approach, from the log of the distance to its end
    /// between 90 % and 10 % of it: a least-squares slope of ln|ω − end| against time.
    static func timeConstant(_ w: ArraySlice<Double>, end: Double) -> Double {
        let start = abs(w[w.startIndex] - end)
        let points = w.enumerated().compactMap { k, v -> (Double, Double)? in
            let d = abs(v - end)
            return d < 0.9 * start && d > 0.1 * start ? (Double(k) / fs, log(d)) : nil
        }
        let n = Double(points.count)
        let mt = points.map(\.0).reduce(0, +) / n
        let my = points.map(\.1).reduce(0, +) / n
        let slope =
            points.map { ($0.0 - mt) * ($0.1 - my) }.reduce(0, +)
            / points.map { ($0.0 - mt) * ($0.0 - mt) }.reduce(0, +)
        return -1 / slope
    }

    @Test("spin-up and spin-down time constants measured on the motor are the profile's τ")
    func timeConstants() {
        let tau = Self.p.timeConstant
        let on = Int(12 * tau * Self.fs)
        let w = Self.speeds(volts: Self.p.ratedVoltage, on: on, off: on)
        let rated = Self.p.ratedOmega
        #expect(abs(w[on - 1] / rated - 1) < 1e-4, "steady speed \(w[on - 1]) vs \(rated)")
        let up = Self.timeConstant(w[0..<on], end: rated)
        let down = Self.timeConstant(w[on...], end: 0)
        #expect(abs(up / tau - 1) < 0.01, "spin-up τ \(up) vs \(tau)")
        #expect(abs(down / tau - 1) < 0.01, "spin-down τ \(down) vs \(tau)")
    }

    /// The motor alone held at `volts`: its vibration frequency from the acceleration's upward
    /// zero crossings over 0.2 s, and the peak acceleration, g.
    static func steady(volts: Double) -> (hz: Double, g: Double) {
        var m = ERMModel(profile: p, sampleRate: fs, openLoop: true)
        for _ in 0..<Int(12 * p.timeConstant * fs) { _ = m.step(command: volts) }
        var crossings: [Int] = []
        var peak = 0.0
        var last = m.step(command: volts).acceleration
        for n in 0..<Int(0.2 * fs) {
            let a = m.step(command: volts).acceleration
            peak = max(peak, abs(a))
            if last < 0 && a >= 0 { crossings.append(n) }
            last = a
        }
        return (Double(crossings.count - 1) * fs / Double(crossings.last! - crossings.first!), peak)
    }

    @Test("frequency and amplitude move together: f = K·V/2π, a = g_R·(2π·f)² ∝ f²")
    func frequencyTiedToAmplitude() {
        var ratio: [Double] = []
        for volts in [1.0, 1.5, 2, 3, 3.6] {
            let (hz, g) = Self.steady(volts: volts)
            let expectedHz = Self.p.vibrationHz(volts: volts)
            #expect(abs(hz / expectedHz - 1) < 0.005, "\(volts) V: \(hz) Hz vs \(expectedHz)")
            let expectedG = Self.p.steadyAcceleration(volts: volts)
            #expect(abs(g / expectedG - 1) < 0.01, "\(volts) V: \(g) g vs \(expectedG)")
            ratio.append(g / (hz * hz))
        }
        let mean = ratio.reduce(0, +) / Double(ratio.count)
        #expect(ratio.allSatisfy { abs($0 / mean - 1) < 0.02 }, "a/f²: \(ratio)")
    }

    @Test("the steady acceleration at the rated voltage is the profile's")
    func ratedAcceleration() {
        let (hz, g) = Self.steady(volts: Self.p.ratedVoltage)
        #expect(abs(hz - Self.p.ratedSpeedHz) < 1)
        #expect(abs(g / Self.p.steadyAcceleration(volts: Self.p.ratedVoltage) - 1) < 0.01)
    }

    @Test("the driver's loop overdrives to the rail, reaches 90 % as its closed form says, brakes")
    func speedLoop() throws {
        let p = Self.p
        var m = ERMModel(profile: p, sampleRate: Self.fs)
        let on = Int(0.2 * Self.fs)
        let goal = 0.9.squareRoot() * p.ratedOmega
        var reached: Int?
        var volts: [Double] = []
        for n in 0..<on {
            volts.append(m.step(command: p.ratedVoltage).volts)
            if reached == nil && m.speed >= goal { reached = n }
        }
        // Slewing up to the rail within 0.5 ms, at the rail until near the target, then the
        // rated volts.
        #expect(volts[Int(0.001 * Self.fs)] == p.voltageClamp)
        #expect(abs(volts[on - 1] / p.ratedVoltage - 1) < 1e-6)
        let t = Double(try #require(reached)) / Self.fs
        #expect(abs(t / p.spinUpSeconds - 1) < 0.03, "90 % after \(t) s vs \(p.spinUpSeconds)")
        // Command 0: reverse volts (braking), and a stop far faster than the free decay.
        var stopped: Int?
        var reverse = false
        for n in 0..<on {
            let volts = m.step(command: 0).volts
            reverse = reverse || volts < 0
            if stopped == nil && m.speed < 0.1 * p.ratedOmega { stopped = n }
        }
        #expect(reverse)
        let stop = Double(try #require(stopped)) / Self.fs
        let coast = p.timeConstant * log(10)
        #expect(stop < 0.6 * coast, "braked to 10 % in \(stop) s; coasting takes \(coast) s")
        #expect(m.isAtRest, "at exact rest 200 ms after the drive")
    }

    @Test("energy: the rotor's energy never rises once the command is zero, and it rests exactly")
    func energyAndRest() {
        for openLoop in [false, true] {
            var m = ERMModel(profile: Self.p, sampleRate: Self.fs, openLoop: openLoop)
            for _ in 0..<Int(0.1 * Self.fs) { _ = m.step(command: Self.p.ratedVoltage) }
            var previous = m.storedEnergy
            #expect(previous > 0)
            var n = 0
            while !m.isAtRest && n < Int(Self.p.restFrames(sampleRate: Self.fs)) {
                _ = m.step(command: 0)
                #expect(m.storedEnergy <= previous * (1 + 1e-12))
                previous = m.storedEnergy
                n += 1
            }
            #expect(m.isAtRest, "open loop \(openLoop): at rest within restFrames")
            #expect(m.speed == 0 && m.angle == 0 && m.storedEnergy == 0)
            let s = m.step(command: 0)
            #expect(s.volts == 0 && s.acceleration == 0 && m.isAtRest, "rest stays rest")
        }
    }

    /// The steady acceleration (g) a continuous event at `intensity` and `sharpness` renders, its
    /// peak over its last 0.2 s, and every acceleration sample.
    static func continuous(intensity: Double, sharpness: Double) throws -> (g: Double, all: [Float])
    {
        var e = EventParameters()
        e.hapticIntensity = intensity
        e.hapticSharpness = sharpness
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticContinuous, time: 0, duration: 0.6, parameters: e)
        ])
        let configuration = RenderConfiguration(channels: [.acceleration], actuator: Self.profile)
        let (timeline, audio) = EngineComparison.timeline(pattern, sampleRate: Self.fs)
        let a = try EngineComparison.renderFast(timeline, audio, configuration)
        let window = a[Int(0.4 * Self.fs)..<Int(0.6 * Self.fs)]
        return (Double(window.map(abs).max()!) * Self.p.fullScaleG, a)
    }

    @Test("intensity sets the speed: sensation level linear in intensity, frequency tied to it")
    func intensityLaw() throws {
        let mapping = DriveMapping(profile: Self.profile)
        func level(_ g: Double, _ volts: Double) -> Double {
            20 * log10(g) - PerceptualThreshold.thresholdDB(atHz: Self.p.vibrationHz(volts: volts))
        }
        let slMax = mapping.maxSensationLevel
        #expect(slMax > 20, "the rated speed is well above the threshold: \(slMax) dB SL")
        var previous = 0.0
        for intensity in [0.25, 0.5, 0.75, 1] {
            let volts = mapping.evaluate(sharpness: 0, intensity: intensity).volts
            #expect(volts > previous)
            previous = volts
            let rendered = try Self.continuous(intensity: intensity, sharpness: 0.5).g
            #expect(
                abs(rendered / Self.p.steadyAcceleration(volts: volts) - 1) < 0.01,
                "I = \(intensity): \(rendered) g")
            #expect(
                abs(level(rendered, volts) - intensity * slMax) < 0.2,
                "I = \(intensity): \(level(rendered, volts)) dB SL vs \(intensity * slMax)")
        }
        #expect(mapping.evaluate(sharpness: 0, intensity: 0).volts == 0)
        #expect(abs(previous - Self.p.ratedVoltage) < 1e-9)
    }

    @Test("sharpness leaves a continuous vibration as it is and shortens a click")
    func sharpness() throws {
        let soft = try Self.continuous(intensity: 0.8, sharpness: 0).all
        let sharp = try Self.continuous(intensity: 0.8, sharpness: 1).all
        #expect(soft.map(\.bitPattern) == sharp.map(\.bitPattern))
        let sheet = DriveMapping(profile: Self.profile)
        let config = ActuatorDriverConfig(profile: Self.profile)
        var previous = Int.max
        for s in [0.0, 0.5, 1] {
            let click = TransientDriver(config: config, mapping: sheet, sharpness: s, intensity: 1)
            #expect(click.carrierHz == 0 && abs(click.amplitude - Self.p.ratedVoltage) < 1e-9)
            #expect(click.pulseSamples < previous)
            previous = click.pulseSamples
        }
        #expect(abs(Double(previous) / Self.fs - Self.p.spinUpSeconds / 3) < 1 / Self.fs)
    }

    @Test("a render at any block size has the same bits, and the render loop does not allocate")
    func blocksAndAllocations() throws {
        let (timeline, audio) = EngineComparison.timeline(
            EngineComparison.pattern(seed: 5), sampleRate: Self.fs)
        let configuration = RenderConfiguration(
            channels: EngineComparison.signals, actuator: Self.profile)
        let whole = try EngineComparison.renderFast(timeline, audio, configuration)
        for blockFrames in [1, 3, 61, 333] {
            let split = try EngineComparison.renderFast(
                timeline, audio, configuration, blockFrames: blockFrames)
            #expect(split.map(\.bitPattern) == whole.map(\.bitPattern), "block \(blockFrames)")
        }
        var renderer = try PatternRenderer(
            timeline: timeline, audio: audio, configuration: configuration)
        var block = [Float](repeating: 0, count: 64 * configuration.channels.count)
        block.withUnsafeMutableBufferPointer { buf in
            _ = renderer.render(into: buf)  // warm-up
            let count = allocationsOnThisThread {
                for _ in 0..<2_000 {
                    if renderer.isFinished { renderer.reset() }
                    _ = renderer.render(into: buf)
                }
            }
            #expect(count == 0)
        }
    }
}
