import HapticPattern
import HapticRenderKit

/// The pattern input of a render, stream, lint or convert call: a file path, or bytes in memory with a
/// name for messages (whose folder is where AudioCustom files are looked up).
struct CSource {
    var name: String
    var bytes: [UInt8]?

    /// A file given by path.
    static func file(_ path: UnsafePointer<CChar>?) throws(CError) -> CSource {
        try named(string(path, "path"))
    }

    /// A file given by a path of `length` bytes (no NUL needed; one inside is refused).
    static func file(_ path: UnsafePointer<CChar>?, length: UInt) throws(CError) -> CSource {
        try named(string(path, length: length, "path"))
    }

    /// The file at `path`; an empty path (which would name the current folder) is refused.
    private static func named(_ path: String) throws(CError) -> CSource {
        guard !path.isEmpty else { throw .argument("path is empty") }
        return CSource(name: path)
    }

    /// The largest pattern text accepted in memory: the decoder's input limit (64 MiB), checked
    /// before a byte is copied, so a wrong length (`SIZE_MAX`) is refused, not read.
    static let maxBytes = PatternLimits.default.maxInputBytes

    /// Bytes in memory; `name` may be NULL (then "<memory>", in the current folder).
    static func bytes(_ pointer: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?)
        throws(CError) -> CSource
    {
        guard pointer != nil || length == 0 else { throw .argument("bytes is NULL") }
        guard length <= UInt(maxBytes) else {
            throw CError(
                .rejected,
                message:
                    "\(name.flatMap { String(validatingCString: $0) } ?? "<memory>"): error: the pattern text is \(length) bytes, more than the limit of \(maxBytes) [limit.input-size]"
            )
        }
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
