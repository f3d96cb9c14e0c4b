import Foundation
import HapticRenderKit
import HapticTestSupport

@testable import HapticPlot

/// Shared fixtures and helpers of the plot tests.
enum PlotFixtures {
    /// A 4-second pattern that uses every panel: heartbeat transients, a swelling continuous
    /// event, intensity/sharpness curves, a tone and a custom clip, stereo audio.
    static func demo(sampleRate: Double = 8_000) -> PlotData {
        let duration = 4.0
        var haptic: [PlotEvent] = []
        for beat in 0..<4 {
            let t = 0.15 + Double(beat) * 0.9
            haptic.append(
                PlotEvent(time: t, kind: .hapticTransient(intensity: 1.0, sharpness: 0.25)))
            haptic.append(
                PlotEvent(time: t + 0.18, kind: .hapticTransient(intensity: 0.6, sharpness: 0.8)))
        }
        haptic.append(
            PlotEvent(
                time: 0.6, duration: 1.6,
                kind: .hapticContinuous(
                    intensity: 0.7, sharpness: 0.45,
                    envelope: [
                        .init(time: 0, value: 0), .init(time: 0.5, value: 0.7),
                        .init(time: 1.2, value: 0.55), .init(time: 1.6, value: 0),
                    ])))
        haptic.append(
            PlotEvent(
                time: 2.9, duration: 0.8,
                kind: .hapticContinuous(intensity: 0.45, sharpness: 0.95, envelope: [])))
        let audio = [
            PlotEvent(time: 0.1, duration: 1.2, kind: .audioContinuous(volume: 0.6)),
            PlotEvent(
                time: 1.0, duration: 0.9, kind: .audioCustom(fileName: "knock.wav", volume: 1)),
            PlotEvent(
                time: 2.4, duration: 1.3,
                kind: .audioCustom(fileName: "rain-loop-stereo.caf", volume: 0.5)),
        ]
        let intensity: [PlotPoint] = [
            .init(time: 0, value: 1), .init(time: 1.5, value: 1), .init(time: 2.5, value: 0.4),
            .init(time: 3.2, value: 0.8), .init(time: 4, value: 0.8),
        ]
        let sharpness: [PlotPoint] = [
            .init(time: 0, value: 0.5), .init(time: 1.0, value: 0.2), .init(time: 2.2, value: 0.9),
            .init(time: 4, value: 0.6),
        ]
        let n = Int(duration * sampleRate)
        var drive = [Float](repeating: 0, count: n)
        for e in haptic {
            let (amp, length): (Double, Double)
            switch e.kind {
            case .hapticTransient(let i, _): (amp, length) = (i, 0.06)
            case .hapticContinuous(let i, _, _): (amp, length) = (i, e.duration)
            default: continue
            }
            let start = Int(e.time * sampleRate)
            for k in 0..<Int(length * sampleRate) where start + k < n {
                let t = Double(k) / sampleRate
                let shape = e.duration == 0 ? exp(-t / 0.015) : min(1, t / 0.3, (length - t) / 0.3)
                drive[start + k] += Float(amp * shape * sin(2 * .pi * 170 * t))
            }
        }
        drive = drive.map { max(-1, min(1, $0)) }
        // A crude resonant response: a two-pole filter, enough to look like an actuator.
        var acceleration = [Float](repeating: 0, count: n)
        var y1 = 0.0
        var y2 = 0.0
        let r = 0.995
        let w = 2 * Double.pi * 170 / sampleRate
        for i in 0..<n {
            let y = Double(drive[i]) * 0.05 + 2 * r * cos(w) * y1 - r * r * y2
            acceleration[i] = Float(max(-1, min(1, y * 0.045)))
            (y2, y1) = (y1, y)
        }
        var left = [Float](repeating: 0, count: n)
        var right = [Float](repeating: 0, count: n)
        for e in audio {
            let start = Int(e.time * sampleRate)
            for k in 0..<Int(e.duration * sampleRate) where start + k < n {
                let t = Double(k) / sampleRate
                let fade = min(1, t / 0.05, (e.duration - t) / 0.05)
                if case .audioContinuous(let v) = e.kind {
                    let s = Float(0.5 * v * fade * sin(2 * .pi * 440 * t))
                    left[start + k] += s
                    right[start + k] += s * 0.7
                } else if case .audioCustom(_, let v) = e.kind {
                    let s = Float(v * fade * exp(-fmod(t, 0.25) / 0.04) * sin(2 * .pi * 95 * t))
                    left[start + k] += s * 0.6
                    right[start + k] += s
                }
            }
        }
        return PlotData(
            title: "Heartbeat.ahap", duration: duration, actuatorName: "Generic LRA 170 Hz",
            accelerationFullScaleG: 1.5, hapticEvents: haptic, audioEvents: audio,
            effectiveIntensity: intensity, effectiveSharpness: sharpness, sampleRate: sampleRate,
            drive: drive, acceleration: acceleration, audioLeft: left, audioRight: right)
    }

    /// A long, dense pattern: `eventCount` haptic events (4 in 5 transients), a tenth as many
    /// audio events, curves with a point per event and four full-length signals. Signals
    /// are cheap periodic shapes: this fixture measures plotting, not synthesis.
    static func long(minutes: Double = 12, eventCount: Int = 5_000, sampleRate: Double = 8_000)
        -> PlotData
    {
        let duration = minutes * 60
        var haptic: [PlotEvent] = []
        haptic.reserveCapacity(eventCount)
        var intensity: [PlotPoint] = []
        var sharpness: [PlotPoint] = []
        for i in 0..<eventCount {
            let t = duration * Double(i) / Double(eventCount)
            let s = Double((i * 37) % 100) / 100
            if i % 5 == 4 {
                haptic.append(
                    PlotEvent(
                        time: t, duration: 0.5,
                        kind: .hapticContinuous(
                            intensity: 0.6, sharpness: s,
                            envelope: [
                                .init(time: 0, value: 0), .init(time: 0.1, value: 0.6),
                                .init(time: 0.5, value: 0),
                            ])))
            } else {
                haptic.append(
                    PlotEvent(
                        time: t,
                        kind: .hapticTransient(
                            intensity: Double((i * 13) % 10 + 1) / 10, sharpness: s)))
            }
            intensity.append(.init(time: t, value: 0.5 + 0.5 * sin(Double(i) * 0.05)))
            sharpness.append(.init(time: t, value: s))
        }
        var audio: [PlotEvent] = []
        for i in 0..<(eventCount / 10) {
            let t = duration * Double(i) / Double(eventCount / 10)
            audio.append(
                i % 2 == 0
                    ? PlotEvent(time: t, duration: 1.5, kind: .audioContinuous(volume: 0.5))
                    : PlotEvent(
                        time: t, duration: 2.0,
                        kind: .audioCustom(fileName: "clip\(i).wav", volume: 1)))
        }
        let n = Int(duration * sampleRate)
        return PlotData(
            title: "Long.ahap", duration: duration, actuatorName: "Generic LRA 170 Hz",
            accelerationFullScaleG: 2, hapticEvents: haptic, audioEvents: audio,
            effectiveIntensity: intensity, effectiveSharpness: sharpness, sampleRate: sampleRate,
            drive: periodic(count: n, period: 47, amplitude: 0.8),
            acceleration: periodic(count: n, period: 53, amplitude: 0.6),
            audioLeft: periodic(count: n, period: 18, amplitude: 0.5),
            audioRight: periodic(count: n, period: 19, amplitude: 0.4))
    }

    /// A triangle wave with a slow amplitude wobble, filled without per-sample allocation.
    static func periodic(count: Int, period: Int, amplitude: Float) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                let phase = Float(i % period) / Float(period)
                let wobble = Float((i / 40_000) % 7) / 7
                buffer[i] =
                    amplitude * (0.3 + 0.7 * wobble) * (phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase)
            }
            initialized = count
        }
    }

    /// A 16-bit PCM mono WAV (44-byte header + samples).
    static func wav(_ samples: [Float], sampleRate: Int) -> Data {
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        let dataBytes = UInt32(samples.count * 2)
        d.append(contentsOf: Array("RIFF".utf8))
        u32(36 + dataBytes)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8))
        u32(16)
        u16(1)
        u16(1)
        u32(UInt32(sampleRate))
        u32(UInt32(sampleRate * 2))
        u16(2)
        u16(16)
        d.append(contentsOf: Array("data".utf8))
        u32(dataBytes)
        for s in samples { u16(UInt16(bitPattern: Int16(max(-1, min(1, s)) * 32_767))) }
        return d
    }
}

/// Process and file helpers.
enum PlotTools {
    static func which(_ name: String) -> String? { ExternalTool.which(name) }
    static var chromium: String? { ExternalTool.chromium }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (
        status: Int32, out: String, err: String
    ) {
        try ExternalTool.run(executable, arguments)
    }

    /// Width and height from a PNG's IHDR chunk, or nil if `data` isn't a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == Array("IHDR".utf8)[...]
        else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
