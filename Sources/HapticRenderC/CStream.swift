import HapticPattern
import HapticRender
import HapticRenderKit
import Synchronization

/// `hr_stream`: a prepared render pulled block by block.
///
/// Everything the render thread touches after opening is fixed-size state in
/// ``PreparedRender`` (``PatternRenderer/render(into:)`` is `@_noLocks`). Producers touch only
/// ``queue``, a separate reference taken at open (multi-producer), so a push never reads the
/// struct the render thread is mutating. The render side (render, seek, reset, position) is
/// one thread at a time: ``renderSide`` is taken with a compare-exchange, and a second thread
/// that comes meanwhile is refused (`HR_ERROR_BUSY`, or -1) instead of racing it.
final class CStream {
    var prepared: PreparedRender
    let queue: RuntimeParameterQueue
    let renderSide = Atomic<Bool>(false)
    let channels: Int32
    let sampleRate: Double
    let frames: Int64
    let diagnostics: CText

    init(_ prepared: consuming PreparedRender, sampleRate: Double) {
        queue = prepared.parameters
        channels = Int32(prepared.channelCount)
        frames = prepared.frames
        diagnostics = diagnosticsJSON(prepared.diagnostics)
        self.sampleRate = sampleRate
        self.prepared = prepared
    }

    static func open(_ source: CSource, options handle: OpaquePointer?) throws(CError) -> CStream {
        let options = try COptions.resolved(handle)
        return CStream(try source.prepare(options), sampleRate: options.sampleRate)
    }

    /// Output frame of `seconds`, rounded like the scheduler rounds player time; negative and
    /// NaN times are 0, huge ones saturate. O(1), no allocation.
    @inline(__always)
    func frame(at seconds: Double) -> Int64 {
        let x = (seconds * sampleRate).rounded()
        guard x > 0 else { return 0 }
        return x < 4.0e18 ? Int64(x) : 4_000_000_000_000_000_000
    }
}

/// The stream behind `handle` (``CHandles/use(_:as:_:)``: no lock, allocation or reference
/// counting), or nil for NULL, a freed stream or another object.
@inline(__always)
private func withStream<R>(_ handle: OpaquePointer?, _ body: (CStream) -> R) -> R? {
    CHandles.use(handle, as: CStream.self, body)
}

/// `body` on the stream's render side, or nil when another thread is on it. Wait-free.
@inline(__always)
private func onRenderSide<R>(_ s: CStream, _ body: () -> R) -> R? {
    guard
        s.renderSide.compareExchange(expected: false, desired: true, ordering: .acquiring)
            .exchanged
    else { return nil }
    defer { s.renderSide.store(false, ordering: .releasing) }
    return body()
}

/// The pushable `hr_parameter` codes (their index in ``DynamicParameterID/allCases``), as a
/// switch: the real-time path must not build the `allCases` array.
@inline(__always)
private func pushableParameter(_ code: Int32) -> DynamicParameterID? {
    switch code {
    case 0: .hapticIntensityControl
    case 1: .hapticSharpnessControl
    case 5: .audioVolumeControl
    case 6: .audioPanControl
    case 7: .audioPitchControl
    case 8: .audioBrightnessControl
    default: nil
    }
}

@_cdecl("hr_stream_open_file")
public func hr_stream_open_file(
    _ path: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ stream: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let stream else { throw .argument("stream is NULL") }
        stream.pointee = try handle(try CStream.open(.file(path), options: options))
    }
}

@_cdecl("hr_stream_open_file_n")
public func hr_stream_open_file_n(
    _ path: UnsafePointer<CChar>?, _ length: UInt, _ options: OpaquePointer?,
    _ stream: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let stream else { throw .argument("stream is NULL") }
        stream.pointee = try handle(
            try CStream.open(.file(path, length: length), options: options))
    }
}

@_cdecl("hr_stream_open_bytes")
public func hr_stream_open_bytes(
    _ bytes: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?,
    _ options: OpaquePointer?, _ stream: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let stream else { throw .argument("stream is NULL") }
        stream.pointee = try handle(
            try CStream.open(.bytes(bytes, length, name), options: options))
    }
}

@_cdecl("hr_stream_channels")
public func hr_stream_channels(_ stream: OpaquePointer?) -> Int32 {
    withStream(stream) { $0.channels } ?? 0
}

@_cdecl("hr_stream_sample_rate")
public func hr_stream_sample_rate(_ stream: OpaquePointer?) -> Double {
    withStream(stream) { $0.sampleRate } ?? 0
}

@_cdecl("hr_stream_frames")
public func hr_stream_frames(_ stream: OpaquePointer?) -> Int64 {
    withStream(stream) { $0.frames } ?? 0
}

@_cdecl("hr_stream_position")
public func hr_stream_position(_ stream: OpaquePointer?) -> Int64 {
    withStream(stream) { s in onRenderSide(s) { s.prepared.position } ?? -1 } ?? 0
}

@_cdecl("hr_stream_diagnostics_json")
public func hr_stream_diagnostics_json(_ stream: OpaquePointer?) -> UnsafePointer<CChar>? {
    withStream(stream) { UnsafePointer($0.diagnostics.pointer) }
}

@_cdecl("hr_stream_render")
public func hr_stream_render(
    _ stream: OpaquePointer?, _ out: UnsafeMutablePointer<Float>?, _ frames: Int64
) -> Int64 {
    guard let out, frames >= 0 else { return -1 }
    return withStream(stream) { s in
        onRenderSide(s) {
            // Clamped to what is left first, so frames × channels cannot overflow.
            let n = min(frames, s.frames - s.prepared.position)
            guard n > 0 else { return 0 }
            return Int64(
                s.prepared.read(
                    into: UnsafeMutableBufferPointer(start: out, count: Int(n) * Int(s.channels))))
        } ?? -1
    } ?? -1
}

@_cdecl("hr_parameter_from_name")
public func hr_parameter_from_name(_ name: UnsafePointer<CChar>?) -> Int32 {
    guard let text = try? string(name, "name"), let id = DynamicParameterID(name: text),
        let index = DynamicParameterID.allCases.firstIndex(of: id),
        pushableParameter(Int32(index)) != nil
    else { return -1 }
    return Int32(index)
}

@_cdecl("hr_stream_push_parameter")
public func hr_stream_push_parameter(
    _ stream: OpaquePointer?, _ parameter: Int32, _ value: Double,
    _ seconds: Double
) -> Int32 {
    guard let id = pushableParameter(parameter), value.isFinite, !seconds.isNaN else {
        return CStatus.argument.rawValue
    }
    return withStream(stream) { s in
        let pushed = s.queue.push(
            QueuedParameter(id: id, value: value, sample: s.frame(at: seconds)))
        return pushed ? CStatus.ok.rawValue : CStatus.queueFull.rawValue
    } ?? CStatus.argument.rawValue
}

@_cdecl("hr_stream_seek")
public func hr_stream_seek(_ stream: OpaquePointer?, _ seconds: Double) -> Int32 {
    guard !seconds.isNaN else { return CStatus.argument.rawValue }
    return withStream(stream) { s in
        onRenderSide(s) {
            s.prepared.seek(toFrame: s.frame(at: seconds))
            return CStatus.ok.rawValue
        } ?? CStatus.busy.rawValue
    } ?? CStatus.argument.rawValue
}

@_cdecl("hr_stream_reset")
public func hr_stream_reset(_ stream: OpaquePointer?) -> Int32 {
    withStream(stream) { s in
        onRenderSide(s) {
            s.prepared.seek(toFrame: 0)
            return CStatus.ok.rawValue
        } ?? CStatus.busy.rawValue
    } ?? CStatus.argument.rawValue
}

@_cdecl("hr_stream_close")
public func hr_stream_close(_ stream: OpaquePointer?) {
    CHandles.release(stream, as: CStream.self)
}
