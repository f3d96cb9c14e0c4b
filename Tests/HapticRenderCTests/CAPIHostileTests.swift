import Foundation
import HapticRenderC
import HapticTestSupport
import Testing

/// What a careless or hostile caller of the C API (or a binding that converts badly) can pass:
/// each is refused with a status, never a trap, a livelock or memory corruption.
@Suite struct CAPIHostileTests {
    let heartbeat = CAPI.example("Heartbeat.ahap")

    func status(_ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) -> (Int32, String) {
        var error: OpaquePointer?
        let s = call(&error)
        let message = hr_error_message(error).map { String(cString: $0) } ?? ""
        hr_error_free(error)
        return (s, message)
    }

    @Test func sizesAndCountsAreChecked() throws {
        var audio: OpaquePointer?
        let text = Array("{\"Pattern\": []}".utf8)
        // SIZE_MAX trapped; any length over the 64 MiB input limit is refused before reading.
        let (huge, message) = status { e in
            text.withUnsafeBytes { hr_render_bytes($0.baseAddress, UInt.max, nil, nil, &audio, e) }
        }
        #expect(huge == 4 && message.contains("limit.input-size"), "\(message)")
        #expect(audio == nil)
        let options = hr_options_create()
        defer { hr_options_free(options) }
        #expect(status { hr_options_set_strict(options, 2, $0) }.0 == 1)
        #expect(status { hr_options_set_strict(options, -1, $0) }.0 == 1)
        #expect(status { hr_options_set_loops(options, (1 << 32) + 1, $0) }.0 == 1)
        #expect(status { hr_options_set_loops(options, -1, $0) }.0 == 1)
        let seventeen = [String](repeating: "acceleration", count: 17).joined(separator: ",")
        #expect(status { hr_options_set_channels(options, seventeen, $0) }.0 == 1)
        let sixteen = [String](repeating: "acceleration", count: 16).joined(separator: ",")
        #expect(status { hr_options_set_channels(options, sixteen, $0) }.0 == 0)
    }

    /// An empty path would name the current folder (and read as "Is a directory"): every
    /// entry point that takes a path refuses it by name.
    @Test func anEmptyPathIsAnArgumentError() throws {
        var audio: OpaquePointer?
        var stream: OpaquePointer?
        var json: UnsafeMutablePointer<CChar>?
        var output: UnsafeMutablePointer<CChar>?
        let results = [
            status { hr_render_file("", nil, &audio, $0) },
            status { hr_render_file_n("x", 0, nil, &audio, $0) },
            status { hr_stream_open_file("", nil, &stream, $0) },
            status { hr_lint_file("", nil, &json, $0) },
            status { hr_convert_file("", "ahap", nil, &output, nil, $0) },
        ]
        for (s, message) in results {
            #expect(s == 1 && message == "error: path is empty", "\(message)")
        }
        #expect(audio == nil && stream == nil && json == nil && output == nil)
    }

    @Test func aNULInsideAPathGivenWithItsLengthIsRefused() throws {
        let path = Array(heartbeat.utf8) + [0] + Array("/../../etc/passwd".utf8)
        var audio: OpaquePointer?
        let (s, message) = status { e in
            path.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) {
                    hr_render_file_n($0.baseAddress, UInt($0.count), nil, &audio, e)
                }
            }
        }
        #expect(s == 1 && message.contains("NUL"), "\(message)")
        let exact = Array(heartbeat.utf8)  // no NUL needed with a length
        let (ok, _) = status { e in
            exact.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) {
                    hr_render_file_n($0.baseAddress, UInt($0.count), nil, &audio, e)
                }
            }
        }
        #expect(ok == 0 && hr_audio_frames(audio) > 0)
        hr_audio_free(audio)
    }

    @Test func hostileActuatorProfilesAreOptionsErrors() throws {
        for json in [
            #"{"base": "iphone", "driveBandMinHz": 1e-300, "driveBandMaxHz": 2e-300}"#,
            #"{"base": "iphone", "qHiZ": 1e16}"#, #"{"base": "iphone", "voltageClamp": 1e-100}"#,
            #"{"base": "iphone", "fullScaleG": 1e-40}"#,
            #"{"base": "iphone", "locationFactor": 1e40}"#,
        ] {
            let options = hr_options_create()
            defer { hr_options_free(options) }
            #expect(status { hr_options_set_actuator_json(options, json, $0) }.0 == 0)
            var audio: OpaquePointer?
            let (s, message) = status { e in hr_render_file(heartbeat, options, &audio, e) }
            #expect(s == 2 && message.contains("out of range"), "\(json): \(message)")
        }
    }

    @Test func freedAndForeignHandlesAreRefusedNotFollowed() throws {
        var audio: OpaquePointer?
        try CAPI.check { hr_render_file(heartbeat, nil, &audio, $0) }
        let stream = try CAPI.open(heartbeat)
        // Type confusion: an audio handle is no stream, a stream no audio.
        var out = [Float](repeating: 0, count: 64)
        #expect(hr_stream_render(audio, &out, 1) == -1)
        #expect(hr_audio_frames(stream) == 0)
        hr_audio_free(audio)
        hr_stream_close(stream)
        // Use after free: every getter says "nothing", every call refuses.
        #expect(hr_audio_samples(audio) == nil && hr_audio_frames(audio) == 0)
        #expect(hr_stream_render(stream, &out, 1) == -1)
        #expect(hr_stream_seek(stream, 0) == 1)
        #expect(hr_stream_push_parameter(stream, CAPI.intensityControl, 0.5, 0) == 1)
        // Double free: ignored.
        hr_audio_free(audio)
        hr_stream_close(stream)
        let options = hr_options_create()
        hr_options_free(options)
        hr_options_free(options)
        #expect(status { hr_options_set_layout(options, "split", $0) }.0 == 1)
        // A value that never was a handle.
        #expect(hr_stream_frames(OpaquePointer(bitPattern: 0xDEAD_BEEF)) == 0)
        // A new object in the freed slot does not answer to the stale handle.
        let fresh = try CAPI.open(heartbeat)
        defer { hr_stream_close(fresh) }
        #expect(hr_stream_frames(stream) == 0 && hr_stream_frames(fresh) > 0)
    }

    @Test func concurrentPushersNeverStallTheRenderThread() throws {
        let stream = try CAPI.open(heartbeat)
        defer { hr_stream_close(stream) }
        nonisolated(unsafe) let handle = stream
        let pushers = DispatchGroup()
        for p in 0..<4 {
            DispatchQueue.global().async(group: pushers) {
                for k in 0..<20_000 {
                    _ = hr_stream_push_parameter(
                        handle, CAPI.intensityControl, Double((k + p) % 10) / 10, Double(k) / 1e4)
                }
            }
        }
        // The render thread drains the queue at every block while four threads push.
        let samples = CAPI.drain(stream, block: 32)
        pushers.wait()
        #expect(samples.count == Int(hr_stream_frames(stream)) * Int(hr_stream_channels(stream)))
        #expect(samples.allSatisfy { $0.isFinite })
    }

    @Test func aSecondRenderThreadIsRefusedAndACloseWaitsForTheRender() throws {
        let stream = try CAPI.open(heartbeat)
        nonisolated(unsafe) let handle = stream
        let frames = Int(hr_stream_frames(stream))
        let channels = Int(hr_stream_channels(stream))
        // Two threads render the same stream: each call renders or is refused (-1), and
        // together they produce every frame exactly once.
        let produced = LockedCounter()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                var out = [Float](repeating: 0, count: 256 * channels)
                while true {
                    let n = out.withUnsafeMutableBufferPointer {
                        hr_stream_render(handle, $0.baseAddress, 256)
                    }
                    if n == 0 { break }
                    if n > 0 { produced.add(Int(n)) }
                }
            }
        }
        group.wait()
        #expect(produced.value == frames)
        // A close while another thread renders: the render finishes, then the stream is gone.
        let again = try CAPI.open(heartbeat)
        nonisolated(unsafe) let second = again
        let rendering = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) {
            var out = [Float](repeating: 0, count: frames * channels)
            rendering.signal()
            _ = out.withUnsafeMutableBufferPointer {
                hr_stream_render(second, $0.baseAddress, Int64(frames))
            }
        }
        rendering.wait()
        hr_stream_close(again)
        finished.wait()
        var out = [Float](repeating: 0, count: channels)
        #expect(hr_stream_render(again, &out, 1) == -1)
        hr_stream_close(stream)
    }

    @Test func optionsChangedWhileRendersReadThemAreSafe() throws {
        let options = hr_options_create()
        defer { hr_options_free(options) }
        nonisolated(unsafe) let handle = options
        let path = heartbeat
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            for k in 0..<400 {
                _ = hr_options_set_layout(handle, k % 2 == 0 ? "split" : "haptic", nil)
                _ = hr_options_add_parameter(handle, "HapticIntensityControl", 0.5, 0.1, nil)
                hr_options_clear_parameters(handle)
            }
        }
        for _ in 0..<8 {
            var audio: OpaquePointer?
            try CAPI.check { hr_render_file(path, options, &audio, $0) }
            #expect([1, 2, 4].contains(hr_audio_channels(audio)))  // haptic, audition, split
            hr_audio_free(audio)
        }
        done.wait()
    }

    @Test func aOneShotRenderOverFourGiBIsRefusedUpFront() throws {
        let options = hr_options_create()
        defer { hr_options_free(options) }
        let sixteen = [String](repeating: "acceleration", count: 16).joined(separator: ",")
        try CAPI.check { hr_options_set_channels(options, sixteen, $0) }
        try CAPI.check { hr_options_set_sample_rate(options, 384_000, $0) }
        try CAPI.check { hr_options_set_duration(options, 3_000, $0) }  // 73 GB of floats
        var audio: OpaquePointer?
        let (s, message) = status { hr_render_file(heartbeat, options, &audio, $0) }
        #expect(s == 6 && message.contains("hr_stream_render"), "\(message)")
        #expect(audio == nil)
    }
}

/// A counter several threads add to.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.withLock { count += n } }
    var value: Int { lock.withLock { count } }
}
