import Foundation

/// The kinds of sound a game or an app asks haptics for.
enum SoundCategory: String, CaseIterable, Sendable {
    case impacts, weapons, footsteps, ui, objects, nature, music, speech
}

/// A synthetic clip whose hits are known.
struct SoundCategoryClip: Sendable {
    var name: String
    var category: SoundCategory
    var path: String
    /// Where a hand should feel a hit, seconds (empty: nowhere, so every transient counts
    /// against).
    var hits: [Double]
}

/// 28 short clips in eight categories with known hits: impacts with and without reverb and
/// debris; a pistol with echo, rifle, SMG and heavy machine-gun bursts, a laser; footsteps on
/// three surfaces (heel, then a softer toe 60 ms later: only the heel is a hit); a UI click,
/// beeps and a chime; a whoosh, coins, a door; wind, rain, thunder, drops — all synthesised
/// here from one seed — and drum, bass-and-drums and piano loops (MIDI through fluidsynth and
/// FluidR3) and a spoken line (espeak-ng). Mono, 44.1 kHz, 16-bit, peaks at 0.8; 0.4–3.8 s
/// each, 53 s in all. Built once per process into one fixed temporary folder (replaced on the
/// next run); the tools are ``QualityTestSet``'s.
enum SoundCategorySet {
    static let rate = 44_100

    static let clips: Result<[SoundCategoryClip], Error> = Result {
        if let missing = QualityTestSet.missingTools {
            throw QualityTestSet.ToolFailure(message: missing)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ahap-render-sound-categories"
        ).path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var maker = Maker(folder: folder, synth: SoundSynthesizer(rate: Double(rate), seed: 7))
        try maker.impacts()
        try maker.weapons()
        try maker.footsteps()
        try maker.ui()
        try maker.objects()
        try maker.nature()
        try maker.music()
        try maker.speech()
        return maker.clips
    }

    /// Makes the clips in order (the order fixes every random draw).
    private struct Maker {
        let folder: String
        var synth: SoundSynthesizer
        var clips: [SoundCategoryClip] = []

        func silence(_ seconds: Double) -> [Double] {
            [Double](repeating: 0, count: synth.frames(seconds))
        }

        mutating func save(
            _ name: String, _ category: SoundCategory, _ x: [Double], hits: [Double]
        ) throws {
            let path = "\(folder)/\(name).wav"
            try synth.write(x, to: path)
            clips.append(
                SoundCategoryClip(name: name, category: category, path: path, hits: hits))
        }

        enum Impact: String, CaseIterable { case thud, crack, metal, wood, body }

        /// One struck object, `seconds` long from its attack.
        mutating func impact(_ kind: Impact, _ seconds: Double) -> [Double] {
            let n = synth.frames(seconds)
            let noise = synth.noise(n)
            let s = synth  // the filters and tones draw nothing: the local helpers use a copy
            func tone(_ hertz: Double) -> [Double] { s.tone(n) { _ in hertz } }
            func sum(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + $1 } }
            switch kind {
            case .thud:
                return sum(
                    s.shaped(s.lowPass(noise, 300), attack: 0.002, decay: 0.08).map { 3 * $0 },
                    s.shaped(tone(60), attack: 0.003, decay: 0.12))
            case .crack:
                return s.shaped(s.highPass(noise, 1_500), attack: 0.0005, decay: 0.03)
            case .metal:
                let partials = [523.0, 1_340, 2_710, 4_100].enumerated().map { k, hertz in
                    tone(hertz).map { $0 / Double(k + 1) }
                }
                return sum(
                    s.shaped(
                        partials.reduce(Array(repeating: 0, count: n), sum), attack: 0.001,
                        decay: 0.35),
                    s.shaped(noise, attack: 0.0005, decay: 0.01).map { 0.5 * $0 })
            case .wood:
                return sum(
                    s.shaped(s.bandPass(noise, 400, 2_000), attack: 0.001, decay: 0.04).map {
                        2 * $0
                    },
                    s.shaped(tone(220), attack: 0.001, decay: 0.06))
            case .body:
                return s.shaped(s.lowPass(noise, 3_000), attack: 0.001, decay: 0.15)
            }
        }

        /// Five single hits (every other one with reverb), and a hit with its debris.
        mutating func impacts() throws {
            for (i, kind) in Impact.allCases.enumerated() {
                var x = silence(1.2)
                let t = 0.1 + 0.05 * Double(i)
                synth.place(impact(kind, 0.8), at: t, into: &x)
                if i % 2 == 1 { x = synth.reverb(x, t60: 1, mix: 0.25) }
                try save("impact-\(kind)", .impacts, x, hits: [t])
            }
            var x = silence(1.5)
            let hits = [0.1, 0.45, 0.62, 0.9]
            for (t, gain) in zip(hits, [1, 0.6, 0.4, 0.5]) {
                synth.place(impact(.wood, 0.3).map { $0 * gain }, at: t, into: &x)
            }
            try save("impact-debris", .impacts, x, hits: hits)
        }

        /// A gunshot: a noise crack over a 55 Hz boom.
        mutating func shot(_ seconds: Double) -> [Double] {
            let n = synth.frames(seconds)
            let crack = synth.shaped(
                synth.highPass(synth.noise(n), 200), attack: 0.0005, decay: 0.05)
            let boom = synth.shaped(synth.tone(n) { _ in 55 }, attack: 0.002, decay: 0.08)
            return zip(crack, boom).map { $0 + $1 }
        }

        /// A pistol with a long echo, three bursts, a laser.
        mutating func weapons() throws {
            var x = silence(2)
            synth.place(shot(0.5), at: 0.15, into: &x)
            try save("weapon-pistol", .weapons, synth.reverb(x, t60: 1.5, mix: 0.5), hits: [0.15])
            for (name, perSecond, count) in [
                ("mg-heavy", 12.0, 14), ("rifle-burst", 8, 6), ("smg", 16, 10),
            ] {
                var x = silence(0.3 + Double(count) / perSecond + 0.8)
                let hits = (0..<count).map { 0.2 + Double($0) / perSecond }
                for t in hits {
                    let gain = 0.8 + 0.2 * synth.uniform()
                    synth.place(shot(0.2).map { $0 * gain }, at: t, into: &x)
                }
                try save(
                    "weapon-\(name)", .weapons, synth.reverb(x, t60: 0.8, mix: 0.3), hits: hits)
            }
            let zap = synth.tone(synth.frames(0.6)) { 2_000 * exp(-$0 / 0.1) + 200 }
            x = silence(1)
            synth.place(synth.shaped(zap, attack: 0.001, decay: 0.2), at: 0.1, into: &x)
            try save("weapon-laser", .weapons, x, hits: [0.1])
        }

        /// Five steps on each surface over a faint floor: a heel, and the toe 60 ms later at
        /// half its level.
        mutating func footsteps() throws {
            let surfaces: [(String, Double, Double, Double)] = [
                ("concrete", 300, 4_000, 0.55), ("gravel", 800, 8_000, 0.45),
                ("wood", 150, 1_500, 0.6),
            ]
            for (surface, low, high, period) in surfaces {
                var x = synth.noise(synth.frames(0.3 + 5 * period + 0.5)).map { 0.01 * $0 }
                var hits: [Double] = []
                for k in 0..<5 {
                    let t = 0.3 + Double(k) * period + 0.02 * synth.gaussian()
                    hits.append(t)
                    let heel = synth.shaped(
                        synth.bandPass(synth.noise(synth.frames(0.15)), low, high),
                        attack: 0.001, decay: surface == "gravel" ? 0.05 : 0.02)
                    let gain = 0.7 + 0.3 * synth.uniform()
                    synth.place(heel.map { $0 * gain }, at: t, into: &x)
                    synth.place(heel.map { $0 * 0.5 }, at: t + 0.06, into: &x)
                }
                try save("footsteps-\(surface)", .footsteps, x, hits: hits)
            }
        }

        /// A 5 ms click, two beeps, two chimes.
        mutating func ui() throws {
            var x = silence(0.4)
            let click = synth.shaped(
                synth.noise(synth.frames(0.005)), attack: 0.0002, decay: 0.002)
            synth.place(click, at: 0.05, into: &x)
            try save("ui-click", .ui, x, hits: [0.05])

            let m = synth.frames(0.12)
            let rate = synth.rate
            let beep = synth.tone(m) { _ in 880 }.enumerated().map { i, s in
                let t = Double(i) / rate
                return s * min(1, t / 0.003) * min(1, (Double(m - 1) / rate - t) / 0.01)
            }
            x = silence(0.8)
            synth.place(beep, at: 0.05, into: &x)
            synth.place(beep.map { $0 * 0.8 }, at: 0.3, into: &x)
            try save("ui-double-beep", .ui, x, hits: [0.05, 0.3])

            let c = synth.frames(1.2)
            let partials = zip(synth.tone(c) { _ in 1_318 }, synth.tone(c) { _ in 1_976 })
            let chime = synth.shaped(partials.map { $0 + 0.5 * $1 }, attack: 0.002, decay: 0.4)
            x = silence(1.6)
            synth.place(chime, at: 0.05, into: &x)
            synth.place(chime.map { $0 * 0.7 }, at: 0.2, into: &x)
            try save("ui-chime", .ui, x, hits: [0.05, 0.2])
        }

        /// A whoosh (band of noise swelling and fading over 0.8 s), two coins, a door that
        /// creaks open and thuds shut.
        mutating func objects() throws {
            var n = synth.frames(0.8)
            let band = synth.bandPass(synth.noise(n), 300, 3_000)
            let whoosh = band.enumerated().map { i, s in
                s * pow(sin(Double.pi * Double(i) / Double(n - 1)), 2)
            }
            var x = silence(1)
            synth.place(whoosh, at: 0.1, into: &x)
            try save("object-whoosh", .objects, x, hits: [])

            x = silence(1)
            for t in [0.05, 0.12] {
                synth.place(impact(.metal, 0.6).map { $0 * 0.7 }, at: t, into: &x)
            }
            try save("object-coins", .objects, x, hits: [0.05, 0.12])

            n = synth.frames(1)
            let rate = synth.rate
            let creak = synth.lowPass(synth.noise(n), 600).enumerated().map { i, s in
                0.3 * s * min(1, Double(i) / rate / 0.3)
            }
            x = silence(1.3)
            synth.place(creak, at: 0.05, into: &x)
            synth.place(impact(.thud, 0.5), at: 1, into: &x)
            try save("object-door", .objects, x, hits: [1])
        }

        /// Wind (low-passed noise, slowly swelling), rain (faint hiss and 60 tiny drops),
        /// thunder (a crack, then a rumble), four water drops (short rising chirps).
        mutating func nature() throws {
            var n = synth.frames(2.5)
            let rate = synth.rate
            let wind = synth.lowPass(synth.noise(n), 2_000).enumerated().map { i, s in
                s * (1 + 0.5 * sin(2 * .pi * 0.4 * Double(i) / rate))
            }
            try save("nature-wind", .nature, wind, hits: [])

            var x = synth.noise(n).map { 0.02 * $0 }
            for _ in 0..<60 {
                let t = 2.4 * synth.uniform()
                let drop = synth.shaped(
                    synth.highPass(synth.noise(200), 2_000), attack: 0.0002, decay: 0.001)
                let gain = 0.1 + 0.4 * synth.uniform()
                synth.place(drop.map { $0 * gain }, at: t, into: &x)
            }
            try save("nature-rain", .nature, x, hits: [])

            n = synth.frames(3)
            x = synth.shaped(synth.lowPass(synth.noise(n), 120), attack: 0.3, decay: 1).map {
                3 * $0
            }
            let crack = synth.shaped(
                synth.highPass(synth.noise(synth.frames(0.3)), 800), attack: 0.001, decay: 0.05)
            synth.place(crack.map { 2 * $0 }, at: 0.2, into: &x)
            try save("nature-thunder", .nature, x, hits: [0.2])

            x = synth.noise(synth.frames(2)).map { 0.005 * $0 }
            let hits = [0.2, 0.7, 1.1, 1.6]
            let chirp = synth.shaped(
                synth.tone(synth.frames(0.08)) { 1_200 + 4_000 * $0 }, attack: 0.001, decay: 0.03)
            for t in hits { synth.place(chirp, at: t, into: &x) }
            try save("nature-drops", .nature, x, hits: hits)
        }

        /// A drum loop (kick and snare hits under a hi-hat), bass with drums, piano chords.
        mutating func music() throws {
            var drums = MIDIFile()
            var hits: [Double] = []
            for eighth in 0..<16 {
                let t = 0.1 + Double(eighth) * 0.125
                drums.notes.append(
                    .init(channel: 9, key: 42, velocity: 60, start: t, duration: 0.05))
                if eighth % 4 == 0 || eighth % 4 == 2 {
                    let kick = eighth % 4 == 0
                    drums.notes.append(
                        .init(
                            channel: 9, key: kick ? 36 : 38, velocity: kick ? 120 : 110, start: t,
                            duration: 0.1))
                    hits.append(t)
                }
            }
            try render(drums, "music-drumloop", hits)

            var band = MIDIFile(programs: [0: 0, 1: 33])
            hits = []
            for k in 0..<8 {
                let t = 0.1 + Double(k) * 0.25
                band.notes.append(
                    .init(
                        channel: 1, key: [40, 40, 43, 45][k % 4], velocity: 110, start: t,
                        duration: 0.2))
                band.notes.append(
                    .init(
                        channel: 9, key: k % 2 == 0 ? 36 : 38, velocity: k % 2 == 0 ? 120 : 100,
                        start: t, duration: 0.1))
                hits.append(t)
            }
            try render(band, "music-bassdrums", hits)

            var piano = MIDIFile(programs: [0: 0])
            hits = []
            for (k, (root, velocity)) in zip(
                [60, 65, 67, 60] as [UInt8], [110, 70, 95, 80] as [UInt8]
            )
            .enumerated() {
                let t = 0.1 + Double(k) * 0.5
                for interval: UInt8 in [0, 4, 7] {
                    piano.notes.append(
                        .init(
                            channel: 0, key: root - 12 + interval, velocity: velocity, start: t,
                            duration: 0.6))
                }
                hits.append(t)
            }
            try render(piano, "music-pianoloop", hits)
        }

        /// fluidsynth's stereo render, mixed to mono at the set's rate and cut 0.8 s after the
        /// last hit.
        mutating func render(_ midi: MIDIFile, _ name: String, _ hits: [Double]) throws {
            let raw = try QualityTestSet.render(midi, name: "\(name)-raw", dir: folder)
            let path = "\(folder)/\(name).wav"
            try QualityTestSet.sox([
                raw, "-c", "1", "-r", String(SoundCategorySet.rate), path, "trim", "0",
                String(hits.last! + 0.8),
            ])
            clips.append(SoundCategoryClip(name: name, category: .music, path: path, hits: hits))
        }

        /// A short spoken line with 0.1 s of silence before and 0.2 s after: no hits.
        mutating func speech() throws {
            let raw = "\(folder)/speech-raw.wav"
            let path = "\(folder)/speech.wav"
            try QualityTestSet.run(
                "espeak-ng", ["-w", raw, "-s", "150", "Ready when you are. Move out!"])
            try QualityTestSet.sox([
                raw, "-r", String(SoundCategorySet.rate), path, "pad", "0.1", "0.2",
            ])
            clips.append(SoundCategoryClip(name: "speech", category: .speech, path: path, hits: []))
        }
    }
}
