import Foundation
import HapticRenderC
import HapticTestSupport
import Testing

/// Streaming: block-size independence, runtime parameters equal to scheduled ones, seek and
/// reset, and the real-time path's allocation count.
@Suite struct CAPIStreamTests {
    let heartbeat = CAPI.example("Heartbeat.ahap")

    @Test(arguments: [7, 512, 1_000_000])
    func streamEqualsOneShot(_ block: Int) throws {
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_layout(o, "split", e) }
        let path = CAPI.example("AllFeatures.ahap")
        let stream = try CAPI.open(path, o)
        defer { hr_stream_close(stream) }
        #expect(hr_stream_channels(stream) == 4 && hr_stream_sample_rate(stream) == 48_000)
        let oneShot = try CAPI.render(path, o).samples
        #expect(Int(hr_stream_frames(stream)) * 4 == oneShot.count)
        #expect(CAPI.sameBits(CAPI.drain(stream, block: block), oneShot))
        #expect(hr_stream_position(stream) == hr_stream_frames(stream))
    }

    /// `hr_stream_push_parameter` at a time the stream has not reached gives the samples of
    /// the same parameter given as an option (`render --param`). Heartbeat has an intensity
    /// curve from 0.8 to 1.3 s: the pushes are outside it (a pushed value holds until the next
    /// scheduled change; a scheduled one cuts a curve in flight).
    @Test(arguments: [0, 9_600, 11_000])  // all before the first push (0.25 s = 12,000)
    func pushedParameterEqualsTheOption(_ renderedBeforePush: Int) throws {
        let pushes: [(name: String, code: Int32, value: Double, seconds: Double)] = [
            ("HapticSharpnessControl", 1, -0.6, 0.25),
            ("HapticIntensityControl", 0, 0.3, 0.5),
            ("HapticIntensityControl", 0, 0.5, 1.4),
        ]
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_layout(o, "haptic", e) }
        let plain = try CAPI.render(heartbeat, o).samples
        for p in pushes {
            try CAPI.check { e in hr_options_add_parameter(o, p.name, p.value, p.seconds, e) }
        }
        let scheduled = try CAPI.render(heartbeat, o).samples
        hr_options_clear_parameters(o)

        let stream = try CAPI.open(heartbeat, o)
        defer { hr_stream_close(stream) }
        var head = [Float](repeating: 0, count: renderedBeforePush)
        #expect(
            hr_stream_render(stream, &head, Int64(renderedBeforePush)) == Int64(renderedBeforePush))
        for p in pushes {
            #expect(hr_parameter_from_name(p.name.lowercased()) == p.code)
            #expect(hr_stream_push_parameter(stream, p.code, p.value, p.seconds) == 0)
        }
        let streamed = head + CAPI.drain(stream, block: 441)
        #expect(CAPI.sameBits(streamed, scheduled))
        #expect(!CAPI.sameBits(streamed, plain))
    }

    @Test func resetAndSeek() throws {
        var spare = [Float](repeating: 0, count: 2)
        let stream = try CAPI.open(heartbeat)
        defer { hr_stream_close(stream) }
        let full = CAPI.drain(stream, block: 1_000)
        #expect(hr_stream_render(stream, &spare, 1) == 0)  // finished
        #expect(hr_stream_reset(stream) == 0)
        #expect(CAPI.sameBits(CAPI.drain(stream, block: 333), full))

        // Seeking lands on the rounded frame, the rest is deterministic and shorter.
        #expect(hr_stream_seek(stream, 0.5) == 0)
        #expect(hr_stream_position(stream) == 24_000)
        let fromHalf = CAPI.drain(stream, block: 512)
        #expect(fromHalf.count == full.count - 2 * 24_000)
        #expect(hr_stream_seek(stream, 0.5) == 0)
        #expect(CAPI.sameBits(CAPI.drain(stream, block: 100), fromHalf))
        // The second heartbeat (0.8 s on) starts after the seek, so it sounds.
        #expect(fromHalf[(2 * 14_400)...].contains { $0 != 0 })
        // Past the end: nothing left; before the start: frame 0.
        #expect(hr_stream_seek(stream, 100) == 0)
        #expect(hr_stream_render(stream, &spare, 1) == 0)
        #expect(hr_stream_seek(stream, -3) == 0 && hr_stream_position(stream) == 0)
        #expect(hr_stream_seek(stream, .nan) == 1)
    }

    /// The real-time calls never allocate: rendering (with resets and seeks) and pushing.
    @Test func renderAndPushDoNotAllocate() throws {
        let o = hr_options_create()
        defer { hr_options_free(o) }
        try CAPI.check { e in hr_options_set_layout(o, "split", e) }
        let stream = try CAPI.open(CAPI.example("AllFeatures.ahap"), o)
        defer { hr_stream_close(stream) }
        var block = [Float](repeating: 0, count: 64 * 4)
        block.withUnsafeMutableBufferPointer { buffer in
            _ = hr_stream_render(stream, buffer.baseAddress, 64)  // warm-up
            let count = allocationsOnThisThread {
                for i in 0..<10_000 {
                    if hr_stream_render(stream, buffer.baseAddress, 64) == 0 {
                        _ = hr_stream_reset(stream)
                    }
                    if i % 500 == 0 {
                        _ = hr_stream_push_parameter(
                            stream, CAPI.intensityControl, 0.5, Double(i) / 1_000)
                    }
                    if i == 7_000 { _ = hr_stream_seek(stream, 0.25) }
                }
            }
            #expect(count == 0)
        }
    }

    /// A producer thread pushes while the render thread pulls (ThreadSanitizer watches this
    /// in CI); every frame is still produced and finite.
    @Test func pushFromAnotherThreadWhileRendering() throws {
        let stream = try CAPI.open(heartbeat)
        defer { hr_stream_close(stream) }
        let total = Int(hr_stream_frames(stream)) * Int(hr_stream_channels(stream))
        nonisolated(unsafe) let handle = stream
        let producer = DispatchGroup()
        DispatchQueue.global().async(group: producer) {
            for k in 0..<2_000 {
                _ = hr_stream_push_parameter(
                    handle, CAPI.intensityControl, Double(k % 10) / 10, Double(k) / 1_000)
            }
        }
        let samples = CAPI.drain(stream, block: 64)
        producer.wait()  // the stream must outlive the producer
        #expect(samples.count == total && samples.allSatisfy(\.isFinite))
    }

    @Test func invalidCallsAreRefused() throws {
        var spare = [Float](repeating: 0, count: 2)
        let stream = try CAPI.open(heartbeat)
        defer { hr_stream_close(stream) }
        #expect(hr_stream_render(stream, nil, 10) == -1)
        #expect(hr_stream_render(stream, &spare, -1) == -1)
        #expect(hr_stream_render(nil, &spare, 1) == -1)
        #expect(hr_stream_push_parameter(stream, 2, 0.5, 0) == 1)  // attack time: options only
        #expect(hr_stream_push_parameter(stream, CAPI.panControl, .infinity, 0) == 1)
        #expect(hr_parameter_from_name("HapticAttackTimeControl") == -1)
        #expect(hr_parameter_from_name("Loudness") == -1)
        #expect(hr_parameter_from_name(nil) == -1)
        // 1024 pending changes fill the queue; the next is refused, not lost silently.
        var statuses: [Int32] = []
        for _ in 0..<1_025 {
            statuses.append(hr_stream_push_parameter(stream, CAPI.panControl, 0, 0))
        }
        #expect(statuses.dropLast().allSatisfy { $0 == 0 } && statuses.last == 8)
    }
}
