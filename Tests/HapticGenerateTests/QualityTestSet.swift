import Foundation
import HapticTestSupport

/// The generator's quality test set, made with Debian tools so every onset is known:
/// fluidsynth + the FluidR3 General MIDI soundfont render MIDI written here, sox makes
/// impacts, noise and rumble, espeak-ng speaks the dialogue. Built once per test process in a
/// temporary folder (≈ 5 s); `nil` with the reason when a tool is missing.
struct QualityClip: Sendable {
    var name: String
    var path: String
    /// Onsets a listener would feel (nil: the clip has none to find, e.g. pure dialogue).
    var onsets: [Double]?
    /// Where dialogue is.
    var dialogue: [ClosedRange<Double>]
    /// The preset meant for this material.
    var preset: String
    var material: String
}

enum QualityTestSet {
    static let soundfont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

    /// The tools, or the reason they are missing.
    static var missingTools: String? {
        let missing =
            ["fluidsynth", "sox", "espeak-ng"].filter { ExternalTool.which($0) == nil }
            + (FileManager.default.fileExists(atPath: soundfont) ? [] : ["fluid-soundfont-gm"])
        return missing.isEmpty
            ? nil
            : "needs \(missing.joined(separator: ", ")) (apt-get install fluidsynth fluid-soundfont-gm sox espeak-ng)"
    }

    /// Built once per process into one fixed temporary folder (replaced on the next run, so
    /// at most one set is ever left behind); throws when a tool fails.
    static let clips: Result<[QualityClip], Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ahap-render-quality-set"
        ).path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try [
            musicChords(folder), musicBand(folder), filmScene(folder), sfxImpacts(folder),
            dialogueOnly(folder),
        ]
    }

    // MARK: clips

    /// Piano chords at 100 BPM, loud and soft, often struck while the previous still sounds.
    static func musicChords(_ dir: String) throws -> QualityClip {
        var midi = MIDIFile(programs: [0: 0])
        let roots: [UInt8] = [60, 65, 67, 57, 62, 64]
        let velocities: [UInt8] = [110, 60, 90, 45, 100, 70]
        var t = 0.5
        for k in 0..<26 {
            let root = roots[k % roots.count]
            for interval: UInt8 in [0, 4, 7, 12] {
                midi.notes.append(
                    .init(
                        channel: 0, key: root - 12 + interval,
                        velocity: velocities[k % velocities.count], start: t, duration: 0.55))
            }
            t += k % 3 == 2 ? 0.3 : 0.6
        }
        let path = try render(midi, name: "music-chords", dir: dir)
        return QualityClip(
            name: "music-chords", path: path, onsets: midi.onsets, dialogue: [], preset: "music",
            material: "piano chords")
    }

    /// Drums, bass and piano at 120 BPM: kick/snare on beats, hi-hat on eighths.
    static func musicBand(_ dir: String) throws -> QualityClip {
        var midi = MIDIFile(programs: [0: 0, 1: 33])
        for eighth in 0..<48 {
            let t = 0.5 + Double(eighth) * 0.25
            midi.notes.append(.init(channel: 9, key: 42, velocity: 70, start: t, duration: 0.1))
            if eighth % 2 == 0 {
                let beat = eighth / 2
                midi.notes.append(
                    .init(
                        channel: 9, key: beat % 2 == 0 ? 36 : 38, velocity: 110, start: t,
                        duration: 0.1))
                midi.notes.append(
                    .init(
                        channel: 1, key: [40, 45, 43, 38][beat / 2 % 4], velocity: 100, start: t,
                        duration: 0.45))
                if beat % 2 == 0 {
                    for k: UInt8 in [64, 67, 71] {
                        midi.notes.append(
                            .init(channel: 0, key: k, velocity: 70, start: t, duration: 0.9))
                    }
                }
            }
        }
        let path = try render(midi, name: "music-band", dir: dir)
        return QualityClip(
            name: "music-band", path: path, onsets: midi.onsets, dialogue: [], preset: "music",
            material: "drums, bass, piano")
    }

    /// 5.1 film scene, 20 s: noise bed and rumble, seven impacts (two under dialogue; their
    /// thump in the LFE), dialogue in the centre.
    static func filmScene(_ dir: String) throws -> QualityClip {
        let impacts = [1.3, 4.1, 7.7, 9.2, 12.5, 15.0, 17.8]
        let rate = "48000"
        func path(_ n: String) -> String { "\(dir)/film-\(n).wav" }
        try sox([
            "-n", "-r", rate, "-c", "1", path("bed"), "synth", "20", "pinknoise", "vol", "0.05",
        ])
        try sox([
            "-n", "-r", rate, "-c", "1", path("rumble"), "synth", "20", "sine", "38", "vol", "0.08",
        ])
        try sox([
            "-n", "-r", rate, "-c", "1", path("impact"), "synth", "0.5", "brownnoise", "fade", "l",
            "0.002", "0.5", "0.49", "vol", "0.9",
        ])
        try sox([
            "-n", "-r", rate, "-c", "1", path("thump"), "synth", "0.5", "sine", "50", "fade", "l",
            "0.002", "0.5", "0.49", "vol", "0.9",
        ])
        var impactInputs: [String] = []
        var thumpInputs: [String] = []
        for (i, t) in impacts.enumerated() {
            try sox([path("impact"), path("impact\(i)"), "pad", String(t)])
            try sox([path("thump"), path("thump\(i)"), "pad", String(t)])
            impactInputs += ["-v", "1", path("impact\(i)")]
            thumpInputs += ["-v", "1", path("thump\(i)")]
        }
        let lines = [
            (2.0, "We have to leave now. The storm is coming over the hill."),
            (10.0, "Nobody will wait for us, so take only what you can carry."),
        ]
        var speechInputs: [String] = []
        var dialogue: [ClosedRange<Double>] = []
        for (i, line) in lines.enumerated() {
            let raw = path("speech\(i)-raw")
            try run("espeak-ng", ["-w", raw, "-s", "150", line.1])
            try sox([raw, "-r", rate, path("speech\(i)"), "pad", String(line.0)])
            let seconds = try duration(raw)
            dialogue.append(line.0...(line.0 + seconds))
            speechInputs += ["-v", "1", path("speech\(i)")]
        }
        try sox(["-m", "-v", "1", path("bed")] + impactInputs + [path("front")])
        try sox(["-m", "-v", "1", path("rumble")] + thumpInputs + [path("lfe")])
        try sox(
            ["-m", "-v", "1", path("bed")] + ["-v", "1", path("bed")] + speechInputs + [
                path("centre"), "trim", "0", "20",
            ])
        let out = "\(dir)/film-scene.wav"
        try sox([
            "-M", path("front"), path("front"), path("centre"), path("lfe"), path("bed"),
            path("bed"), out, "trim", "0", "20",
        ])
        return QualityClip(
            name: "film-scene", path: out, onsets: impacts, dialogue: dialogue, preset: "film",
            material: "5.1: impacts, noise, rumble, dialogue")
    }

    /// Six impacts from loud to quiet over a faint noise floor, 44.1 kHz mono.
    static func sfxImpacts(_ dir: String) throws -> QualityClip {
        let times = [0.3, 0.9, 1.35, 2.2, 2.6, 3.4]
        let volumes = ["1.0", "0.6", "0.8", "0.35", "0.5", "0.2"]
        var inputs: [String] = []
        try sox([
            "-n", "-r", "44100", "-c", "1", "\(dir)/sfx-floor.wav", "synth", "4", "whitenoise",
            "vol", "0.003",
        ])
        for (i, t) in times.enumerated() {
            let p = "\(dir)/sfx-\(i).wav"
            try sox([
                "-n", "-r", "44100", "-c", "1", p, "synth", "0.3", "brownnoise", "sine", "mix",
                "70", "fade", "l", "0.001", "0.3", "0.29",
                "vol", volumes[i], "pad", String(t),
            ])
            inputs += ["-v", "1", p]
        }
        let out = "\(dir)/sfx-impacts.wav"
        try sox(["-m", "-v", "1", "\(dir)/sfx-floor.wav"] + inputs + [out, "trim", "0", "4"])
        return QualityClip(
            name: "sfx-impacts", path: out, onsets: times, dialogue: [], preset: "sfx",
            material: "impacts, loud to quiet")
    }

    /// Speech alone at espeak-ng's own 22.05 kHz: nothing should tap along.
    static func dialogueOnly(_ dir: String) throws -> QualityClip {
        let raw = "\(dir)/dialogue-raw.wav"
        let out = "\(dir)/dialogue.wav"
        try run(
            "espeak-ng",
            [
                "-w", raw, "-s", "150",
                "Good evening. Tonight we look at the history of the harbour, the ships that sailed from it, and the people who built them.",
            ])
        try sox([raw, out, "pad", "0.5", "0.5"])
        let seconds = try duration(raw)
        return QualityClip(
            name: "dialogue", path: out, onsets: nil, dialogue: [0.5...(0.5 + seconds)],
            preset: "film", material: "speech only")
    }

    // MARK: tools

    static func render(_ midi: MIDIFile, name: String, dir: String) throws -> String {
        let mid = "\(dir)/\(name).mid"
        let wav = "\(dir)/\(name).wav"
        try Data(midi.bytes()).write(to: URL(fileURLWithPath: mid))
        try run("fluidsynth", ["-ni", "-g", "0.7", "-r", "44100", "-F", wav, soundfont, mid])
        return wav
    }

    /// sox in repeatable mode (`-R`: fixed seeds for its noise), so every run makes the same set.
    static func sox(_ arguments: [String]) throws { try run("sox", ["-V1", "-R"] + arguments) }

    static func duration(_ path: String) throws -> Double {
        let r = try ExternalTool.run(ExternalTool.which("soxi")!, ["-D", path])
        guard let d = Double(r.out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ToolFailure(message: "soxi -D \(path): \(r.err)")
        }
        return d
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        guard let exe = ExternalTool.which(tool) else {
            throw ToolFailure(message: "\(tool) is not installed")
        }
        let r = try ExternalTool.run(exe, arguments)
        guard r.status == 0 else {
            throw ToolFailure(
                message:
                    "\(tool) \(arguments.joined(separator: " ")) failed (\(r.status)): \(r.err)")
        }
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
