import Foundation
import HapticGenerate
import HapticPattern
import HapticTestSupport
import Testing

/// What every generated file renders to (not what its JSON says): no transient played below
/// half of the intensity it asks for, no thump after a continuous event ends, every shot of a
/// burst felt, and the same bytes on every run.
@Suite(.serialized) struct GeneratedFeltLevelsTests {
    /// Synthetic clips of the kinds that exposed the faults: a heavy machine gun (14 shots,
    /// 12/s, over their own tail), hits over a quiet tone, impacts loud to quiet in silence, a
    /// swell that stops dead, and a body impact with a long tail. Written once per process into
    /// one fixed temporary folder (replaced on the next run).
    static let clips: Result<(folder: String, paths: [String: String]), Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ahap-render-felt-levels"
        ).path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var noise = TestNoise(seed: 3)
        var paths: [String: String] = [:]
        paths["machine-gun"] = try FeltSignal.writeWAV(folder + "/machine-gun.wav", seconds: 2.2) {
            t in
            let k = Int(((t - 0.2) * 12).rounded(.down))
            guard t >= 0.2, k < 14 else { return 0.02 * noise.next() * exp(-max(0, t - 1.4) * 8) }
            let since = t - 0.2 - Double(k) / 12
            return 0.8 * exp(-since * 40) * (0.6 * noise.next() + 0.5 * sin(2 * .pi * 55 * since))
                + 0.05 * noise.next()
        }
        paths["hits-over-tone"] = try FeltSignal.writeWAV(
            folder + "/hits-over-tone.wav", seconds: 4
        ) { t in
            let since = t.truncatingRemainder(dividingBy: 0.5)
            return 0.05 * sin(2 * .pi * 220 * t) + 0.7 * exp(-since * 30)
                * (0.5 * sin(2 * .pi * 60 * t) + 0.3 * noise.next())
        }
        let impacts: [(Double, Double)] = [
            (0.3, 1), (0.9, 0.6), (1.35, 0.8), (2.2, 0.35), (2.6, 0.5), (3.4, 0.2),
        ]
        paths["impacts"] = try FeltSignal.writeWAV(folder + "/impacts.wav", seconds: 4) { t in
            var x = 0.003 * noise.next()
            for (at, v) in impacts where t >= at {
                x +=
                    v * exp(-(t - at) * 20)
                    * (0.7 * noise.next() + 0.5 * sin(2 * .pi * 70 * (t - at)))
            }
            return x
        }
        paths["swell"] = try FeltSignal.writeWAV(folder + "/swell.wav", seconds: 3) { t in
            t < 2.5 ? min(1, t / 2) * 0.6 * sin(2 * .pi * 180 * t) : 0
        }
        paths["body-impact"] = try FeltSignal.writeWAV(folder + "/body-impact.wav", seconds: 1.5) {
            t in
            t < 0.1
                ? 0
                : 0.9 * exp(-(t - 0.1) * 12) * (0.6 * noise.next() + 0.6 * sin(2 * .pi * 80 * t))
        }
        return (folder, paths)
    }

    static let presets: [GenerationPreset] = [.auto, .sfx, .music, .film, .texture]

    func generated() throws -> [(name: String, preset: GenerationPreset, pattern: HapticPattern)] {
        let clips = try Self.clips.get()
        var result: [(String, GenerationPreset, HapticPattern)] = []
        for name in clips.paths.keys.sorted() {
            for preset in Self.presets {
                result.append(
                    (
                        name, preset,
                        try HapticGeneration.generate(path: clips.paths[name]!, preset: preset)
                            .pattern
                    ))
            }
        }
        return result
    }

    @Test func noTransientPlaysBelowHalfOfWhatItAsksFor() throws {
        var checked = 0
        for (name, preset, pattern) in try generated() {
            // The transients with the pattern's curves and no continuous event: each as felt...
            var hitsOnly = pattern
            hitsOnly.events.removeAll { $0.type != .hapticTransient }
            let felt = try FeltSignal.acceleration(hitsOnly)
            for event in hitsOnly.events {
                // ... against the same transient alone, asking for half its intensity, no curve.
                var half = event
                half.time = 0.05
                half.parameters.hapticIntensity = (event.parameters.hapticIntensity ?? 0) / 2
                let reference = try FeltSignal.acceleration(HapticPattern(events: [half]))
                let asked = FeltSignal.peak(reference, from: 0.05, to: 0.065)
                // Neighbours within 15 ms would add their own motion: compare only lone ones.
                let lone = !hitsOnly.events.contains {
                    $0 != event && abs($0.time - event.time) < 0.06
                }
                guard lone, asked > 0 else { continue }
                let played = FeltSignal.peak(felt, from: event.time, to: event.time + 0.015)
                #expect(
                    played >= asked * 0.98,
                    "\(name) \(preset): transient at \(event.time) plays \(played) g, half its intensity \(asked) g"
                )
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func nothingThumpsAfterAContinuousEventEnds() throws {
        var checked = 0
        for (name, preset, pattern) in try generated() {
            let a = try FeltSignal.acceleration(
                pattern,
                seconds: (pattern.events.map { $0.time + ($0.duration ?? 0) }.max() ?? 0) + 0.2)
            for event in pattern.events where event.type == .hapticContinuous {
                let end = event.time + (event.duration ?? 0)
                let quiet = !pattern.events.contains {
                    $0 != event && $0.time >= end - 0.03 && $0.time <= end + 0.07
                }
                guard quiet else { continue }
                let last = FeltSignal.peak(a, from: end - 0.025, to: end)
                let after = FeltSignal.peak(a, from: end + 0.005, to: end + 0.06)
                // A release decays: never louder after the end than in the event's last 25 ms
                // (beyond a floor far under what a hand feels).
                #expect(
                    after <= max(last * 1.05, 0.005),
                    "\(name) \(preset): \(after) g after the event ending at \(end), \(last) g before"
                )
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    /// A knob the CLI refuses, given through the library: `generate` refuses it before
    /// reading the file, naming the file and the knob; `makePattern` (no errors) leaves the
    /// overrides out, says so, and makes the preset's pattern.
    @Test(arguments: [
        GenerationSettings.Overrides(density: 0), .init(density: .nan), .init(density: 1_000),
        .init(transientSensitivity: .nan), .init(transientSensitivity: -1),
        .init(bedRelease: .nan), .init(bedRelease: 0), .init(ducking: .infinity),
    ])
    func aKnobOutOfRangeIsRefused(overrides: GenerationSettings.Overrides) throws {
        let path = try Self.clips.get().paths["machine-gun"]!
        let problem = try #require(overrides.problem)
        #expect(throws: GenerateError.badSettings(path: path, problem: problem)) {
            _ = try HapticGeneration.generate(path: path, overrides: overrides)
        }
        let analysis = try SoundtrackAnalysis.analyse(path: path)
        let plain = HapticPatternGenerator.makePattern(
            from: analysis, preset: .sfx, sourceName: "gun.wav")
        let bad = HapticPatternGenerator.makePattern(
            from: analysis, preset: .sfx, overrides: overrides, sourceName: "gun.wav")
        #expect(bad.pattern == plain.pattern)
        #expect(bad.warnings == ["the overrides were not applied: \(problem)"])
    }

    @Test func everyShotOfAMachineGunIsFelt() throws {
        let path = try Self.clips.get().paths["machine-gun"]!
        let pattern = try HapticGeneration.generate(path: path).pattern
        let shots = (0..<14).map { 0.2 + Double($0) / 12 }
        let transients = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        #expect(transients.count == 14, "\(transients)")
        for shot in shots {
            #expect(
                transients.contains { abs($0 - shot) <= 0.01 },
                "no transient within 10 ms of the shot at \(shot)")
        }
        // In the acceleration, each shot stands out of the valley before it by ≥ 3 dB.
        let envelope = FeltSignal.envelope(try FeltSignal.acceleration(pattern))
        for shot in shots.dropFirst() {
            let k = Int(shot * 100)
            let crest = envelope[k...(k + 2)].max()!
            let valley = envelope[(k - 3)...k].min()!
            #expect(crest >= valley * 1.41, "shot at \(shot): \(crest) over \(valley)")
        }
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let path = try Self.clips.get().paths["impacts"]!
        for preset in Self.presets {
            let a = HapticGeneration.encode(
                try HapticGeneration.generate(path: path, preset: preset))
            let b = HapticGeneration.encode(
                try HapticGeneration.generate(path: path, preset: preset))
            #expect(a == b && !a.isEmpty, "\(preset)")
        }
    }

    @Test func everyGeneratedFileIsStrictlyValidAndQuietAboutItsOwnControl() throws {
        for (name, preset, pattern) in try generated() {
            let bytes = AHAPEncoder().encode(pattern)
            let result = AHAPDecoder(options: .init(mode: .strict)).decode(bytes)
            #expect(result.accepted, "\(name) \(preset)")
            let findings = result.diagnostics.filter {
                $0.severity != .note || $0.code == .patternTransientScaled
            }
            #expect(findings.isEmpty, "\(name) \(preset): \(findings)")
            #expect(pattern.curves.allSatisfy { $0.points.count <= 16 }, "\(name) \(preset)")
            #expect(pattern.events.allSatisfy { ($0.duration ?? 0) <= 30 }, "\(name) \(preset)")
        }
    }

    /// What the analysis's candidates become: a click train gives one transient per click, on
    /// time; steady hiss (white noise at −15 dBFS RMS) gives none after its own start.
    @Test func clicksBecomeTransientsAndHissDoesNot() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var noise = TestNoise(seed: 11)
        let clickTimes = (0..<15).map { 0.3 + 0.6 * Double($0) }
        let clicks = try FeltSignal.writeWAV(folder.file("clicks.wav"), seconds: 9.5) { t in
            let k = ((t - 0.3) / 0.6).rounded(.down)
            let since = t - 0.3 - 0.6 * k
            return k >= 0 && k < 15 && since < 0.03
                ? 0.8 * exp(-since / 0.005) * noise.next() : 1e-4 * noise.next()
        }
        let hiss = try FeltSignal.writeWAV(folder.file("hiss.wav"), seconds: 5) { _ in
            0.3 * noise.next()
        }
        let transients = { (path: String) throws -> [Double] in
            try HapticGeneration.generate(path: path, preset: .sfx).pattern.events
                .filter { $0.type == .hapticTransient }.map(\.time)
        }
        let found = try transients(clicks)
        #expect(found.count == clickTimes.count, "\(found)")
        for t in clickTimes {
            let nearest = found.map { abs($0 - t) }.min() ?? .infinity
            #expect(nearest <= 0.01, "click at \(t) s: nearest transient \(nearest) s away")
        }
        let hissTransients = try transients(hiss)
        #expect(hissTransients.allSatisfy { $0 < 0.05 }, "\(hissTransients)")
    }

    /// A swell without an attack — white noise or an engine's rev (a sawtooth gliding 60 →
    /// 200 Hz) under a sin² envelope 0.8 s or 2 s long, from 0.1 s, peaking at 0.8 — gives no
    /// transient after its first 50 ms, in `sfx` and `music`: its level moves 40 dB, but
    /// around its own trend it is as steady as stationary noise.
    @Test(arguments: [0.8, 2.0])
    func swellsFireNoTransients(_ seconds: Double) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var noise = TestNoise(seed: 9)
        let envelope = { (t: Double) -> Double in
            t < 0.1 || t > 0.1 + seconds ? 0 : 0.8 * pow(sin(.pi * (t - 0.1) / seconds), 2)
        }
        let whoosh = try FeltSignal.writeWAV(folder.file("whoosh.wav"), seconds: seconds + 0.3) {
            t in envelope(t) * noise.next()
        }
        var phase = 0.0
        let rev = try FeltSignal.writeWAV(folder.file("rev.wav"), seconds: seconds + 0.3) { t in
            phase += (60 + 140 * envelope(t) / 0.8) / 48_000
            return envelope(t) * (2 * phase.truncatingRemainder(dividingBy: 1) - 1) * 0.5
        }
        for (name, path) in [("whoosh", whoosh), ("rev", rev)] {
            for preset in [GenerationPreset.sfx, .music] {
                let times = try HapticGeneration.generate(path: path, preset: preset).pattern.events
                    .filter { $0.type == .hapticTransient }.map(\.time)
                #expect(times.allSatisfy { $0 < 0.15 }, "\(name) \(seconds) s, \(preset): \(times)")
            }
        }
    }

    /// Stationary noise of every colour at every level, and a rain-like texture (random drops
    /// over pink noise), give no transient after their own start, in `sfx`, `music` and `film`
    /// alike. Each is 4 s at 48 kHz, seeded, its RMS at the level named.
    @Test(arguments: SteadyNoise.allCases)
    func steadyTexturesFireNoTransients(_ kind: SteadyNoise) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let texture = kind.samples(seconds: 4, seed: 5)
        for dBFS in [-40.0, -25.0, -15.0, -6.0] {
            let gain = pow(10, dBFS / 20)
            let path = try FeltSignal.writeWAV(
                folder.file("\(kind)\(Int(dBFS)).wav"), seconds: 4
            ) { t in gain * texture[min(texture.count - 1, Int(t * 48_000))] }
            for preset in [GenerationPreset.sfx, .music, .film] {
                let times = try HapticGeneration.generate(path: path, preset: preset).pattern.events
                    .filter {
                        $0.type == .hapticTransient && $0.parameters.hapticIntensity ?? 0 > 0
                    }
                    .map(\.time)
                #expect(
                    times.allSatisfy { $0 < 0.05 }, "\(kind) at \(dBFS) dBFS, \(preset): \(times)")
            }
        }
    }
}
