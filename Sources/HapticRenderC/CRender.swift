import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `hr_audio`: a whole render in one malloc'ed interleaved buffer.
final class CAudio {
    let samples: UnsafeMutablePointer<Float>?
    let frames: Int64
    let channels: Int32
    let sampleRate: Double
    let diagnostics: CText

    init(
        samples: UnsafeMutablePointer<Float>?, frames: Int64, channels: Int32, sampleRate: Double,
        diagnostics: CText
    ) {
        self.samples = samples
        self.frames = frames
        self.channels = channels
        self.sampleRate = sampleRate
        self.diagnostics = diagnostics
    }

    deinit { free(samples) }

    /// Renders every frame of `source` with the pipeline of `ahap-render render`
    /// (``PreparedRender/read(into:)``), so the samples are the CLI's float32 file's.
    /// O(render); allocates frames × channels floats.
    /// The largest one-shot render: 4 GiB of samples (an hour of 48 kHz audio in 5
    /// channels). Longer renders go block by block through `hr_stream_*`.
    static let maxBytes: Int64 = 4 << 30

    static func render(_ source: CSource, options handle: OpaquePointer?) throws(CError) -> CAudio {
        let options = try COptions.resolved(handle)
        var prepared = try source.prepare(options)
        let channels = prepared.channelCount
        let bytes = prepared.frames.multipliedReportingOverflow(by: Int64(channels * 4))
        guard !bytes.overflow, bytes.partialValue <= maxBytes else {
            throw CError(
                .schedule,
                message:
                    "\(source.name): error: the render is \(prepared.frames) frames × \(channels) channels, more than the \(maxBytes >> 30) GiB a one-shot render holds; render it in blocks with hr_stream_render",
                file: source.name)
        }
        let count = Int(prepared.frames) * channels
        var samples: UnsafeMutablePointer<Float>?
        if count > 0 {
            guard let memory = malloc(count * MemoryLayout<Float>.size) else {
                throw CError(
                    .outOfMemory,
                    message:
                        "\(source.name): error: cannot allocate \(count * 4) bytes for \(prepared.frames) frames",
                    file: source.name)
            }
            samples = memory.bindMemory(to: Float.self, capacity: count)
            let written = prepared.read(
                into: UnsafeMutableBufferPointer(start: samples, count: count))
            precondition(Int64(written) == prepared.frames, "the render stopped early")
        }
        return CAudio(
            samples: samples, frames: prepared.frames, channels: Int32(channels),
            sampleRate: options.sampleRate, diagnostics: diagnosticsJSON(prepared.diagnostics))
    }
}

@_cdecl("hr_render_file")
public func hr_render_file(
    _ path: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ audio: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let audio else { throw .argument("audio is NULL") }
        audio.pointee = try handle(try CAudio.render(.file(path), options: options))
    }
}

@_cdecl("hr_render_file_n")
public func hr_render_file_n(
    _ path: UnsafePointer<CChar>?, _ length: UInt, _ options: OpaquePointer?,
    _ audio: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let audio else { throw .argument("audio is NULL") }
        audio.pointee = try handle(
            try CAudio.render(.file(path, length: length), options: options))
    }
}

@_cdecl("hr_render_bytes")
public func hr_render_bytes(
    _ bytes: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?,
    _ options: OpaquePointer?, _ audio: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        guard let audio else { throw .argument("audio is NULL") }
        audio.pointee = try handle(
            try CAudio.render(.bytes(bytes, length, name), options: options))
    }
}

@_cdecl("hr_audio_samples")
public func hr_audio_samples(_ audio: OpaquePointer?) -> UnsafePointer<Float>? {
    guard let a: CAudio = try? object(audio, "audio") else { return nil }
    return a.samples.map { UnsafePointer($0) }
}

@_cdecl("hr_audio_frames")
public func hr_audio_frames(_ audio: OpaquePointer?) -> Int64 {
    (try? object(audio, "audio") as CAudio)?.frames ?? 0
}

@_cdecl("hr_audio_channels")
public func hr_audio_channels(_ audio: OpaquePointer?) -> Int32 {
    (try? object(audio, "audio") as CAudio)?.channels ?? 0
}

@_cdecl("hr_audio_sample_rate")
public func hr_audio_sample_rate(_ audio: OpaquePointer?) -> Double {
    (try? object(audio, "audio") as CAudio)?.sampleRate ?? 0
}

@_cdecl("hr_audio_diagnostics_json")
public func hr_audio_diagnostics_json(_ audio: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let a: CAudio = try? object(audio, "audio") else { return nil }
    return UnsafePointer(a.diagnostics.pointer)
}

@_cdecl("hr_audio_free")
public func hr_audio_free(_ audio: OpaquePointer?) { CHandles.release(audio, as: CAudio.self) }
