import HapticPattern
import HapticRenderKit

/// The AHAP input of a render, stream or lint call: a file path, or bytes in memory with a
/// name for messages (whose folder is where AudioCustom files are looked up).
struct CSource {
    var name: String
    var bytes: [UInt8]?

    /// A file given by path.
    static func file(_ path: UnsafePointer<CChar>?) throws(CError) -> CSource {
        CSource(name: try string(path, "path"))
    }

    /// Bytes in memory; `name` may be NULL (then "<memory>", in the current folder).
    static func bytes(_ pointer: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?)
        throws(CError) -> CSource
    {
        guard pointer != nil || length == 0 else { throw .argument("bytes is NULL") }
        let bytes =
            pointer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        guard name != nil else { return CSource(name: "<memory>", bytes: bytes) }
        return CSource(name: try string(name, "name"), bytes: bytes)
    }

    /// The render job of `ahap-render render` for this input, minus the output file.
    func job(_ options: RenderOptions) -> RenderJob {
        RenderJob(input: name, output: "", options: options, bytes: bytes)
    }

    /// Decodes, loads audio, schedules and sets up the renderer: everything that can fail.
    func prepare(_ options: RenderOptions) throws(CError) -> PreparedRender {
        do { return try job(options).prepareRendering() } catch { throw CError(error) }
    }
}

/// Warnings and notes as the JSON array of `hr_*_diagnostics_json`.
func diagnosticsJSON(_ diagnostics: [Diagnostic]) -> CText {
    CText((try? StableJSON.text(diagnostics.map(\.jsonObject), pretty: false)) ?? "[]")
}
