import Foundation
import OpenCoreHaptics
@_spi(Testing) import OpenCoreHapticsEssentials
import Testing

/// How the suite runs Apple's code: Apple's functions and statements are copied unchanged; the
/// types that hold them (a view controller in Apple's apps) are the suite's, and so is the
/// code that drives them and checks what they did. A line Apple's code cannot have on Linux
/// (UIKit, an `AVAudioSession`, an app bundle's resources) is replaced by one marked
/// `// suite:`.
///
/// Two ways to play it:
/// - as an app runs, with `CHHapticEngine()`: ``recordApp(seconds:_:)`` gives it
///   `OPENCOREHAPTICS_OUTPUT` and `OPENCOREHAPTICS_DURATION`, so every engine Apple's code makes
///   records what it plays — deterministically, from the first player's start;
/// - step by step, on an offline engine the suite makes and advances between Apple's calls
///   (``offlineEngine()``), where timing matters.
enum AppRecording {
    /// The folder the suite's recordings and AHAP files go to (removed at exit).
    static let folder: String = {
        let path = NSTemporaryDirectory() + "/corehaptics-compat-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: AppRecording.folder) }
        return path
    }()

    /// Recordings are made one at a time: the environment is the process's.
    static let lock = NSLock()
    nonisolated(unsafe) static var count = 0

    /// Writes `text` to a file in ``folder`` and returns its URL.
    static func file(_ name: String, _ text: String) throws -> URL {
        let url = URL(fileURLWithPath: folder + "/" + name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// Runs `body` — Apple's code, unchanged — with `CHHapticEngine()` recording for the first
/// `seconds` of its first player, and returns the recording: the audition layout (audio plus
/// half the acceleration), stereo, 48 kHz.
func recordApp(seconds: Double, _ body: () throws -> Void) throws -> Recording {
    AppRecording.lock.lock()
    defer { AppRecording.lock.unlock() }
    AppRecording.count += 1
    let path = AppRecording.folder + "/app-\(AppRecording.count).wav"
    // The variables an app's process would have (set for OpenCoreHaptics alone: changing the
    // test process's environment would race with its other threads).
    setRecordingEnvironment([
        "OPENCOREHAPTICS_OUTPUT": path, "OPENCOREHAPTICS_DURATION": "\(seconds)",
    ])
    defer { setRecordingEnvironment(nil) }
    try body()
    // As the app's exit would: the engines it still holds finish their recordings.
    closeEnvironmentRecordings()
    return try Recording(contentsOf: path)
}

/// An offline engine for Apple's code that needs time to pass between its calls (the suite
/// advances it); not Core Haptics API.
func offlineEngine() throws -> CHHapticEngine {
    try CHHapticEngine(simulation: .init(output: .offline))
}

/// A WAV recording's samples (float32, interleaved).
struct Recording {
    var samples: [Float]
    var channels: Int
    var sampleRate: Double

    init(samples: [Float], channels: Int = 2, sampleRate: Double = 48_000) {
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// Reads a float32 WAV file (the recordings OpenCoreHaptics writes).
    init(contentsOf path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
                | Int(bytes[at + 3]) << 24
        }
        var at = 12
        var channels = 0
        var rate = 0
        var samples: [Float] = []
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = u32(at + 4)
            if id == "fmt " {
                channels = Int(bytes[at + 10]) | Int(bytes[at + 11]) << 8
                rate = u32(at + 12)
            } else if id == "data" {
                let body = bytes[(at + 8)..<min(at + 8 + size, bytes.count)]
                samples = body.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
            }
            at += 8 + size + size % 2
        }
        self.init(samples: samples, channels: channels, sampleRate: Double(rate))
    }

    var frames: Int { samples.count / max(channels, 1) }
    var seconds: Double { Double(frames) / sampleRate }

    /// The largest magnitude between `from` and `to` seconds, over every channel.
    func peak(from: Double, to: Double) -> Float {
        let a = max(Int(from * sampleRate), 0) * channels
        let b = min(Int(to * sampleRate) * channels, samples.count)
        guard a < b else { return 0 }
        return samples[a..<b].reduce(0) { max($0, abs($1)) }
    }

    /// The RMS between `from` and `to` seconds, over every channel.
    func rms(from: Double, to: Double) -> Double {
        let a = max(Int(from * sampleRate), 0) * channels
        let b = min(Int(to * sampleRate) * channels, samples.count)
        guard a < b else { return 0 }
        return (samples[a..<b].reduce(0) { $0 + Double($1) * Double($1) } / Double(b - a))
            .squareRoot()
    }

    /// The first time the output reaches `level`, if it does.
    func onset(above level: Float) -> Double? {
        samples.firstIndex { abs($0) >= level }.map { Double($0 / channels) / sampleRate }
    }

    /// Joins the frames of an offline engine's steps.
    static func + (a: Recording, b: [Float]) -> Recording {
        Recording(samples: a.samples + b, channels: a.channels, sampleRate: a.sampleRate)
    }
}

extension CHHapticEngine {
    /// Advances an offline engine by `seconds` and returns what it rendered (suite).
    func play(_ seconds: Double) throws -> Recording {
        Recording(samples: try advance(by: seconds))
    }
}
