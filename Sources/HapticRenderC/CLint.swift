import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `{file, accepted, diagnostics}` of `source` as `ahap-render lint --format json` prints it
/// (compact), handed to the caller as a malloc'ed string.
private func lint(
    _ source: CSource, _ options: OpaquePointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
)
    throws(CError)
{
    guard let json else { throw .argument("json is NULL") }
    // Only the decoder's settings matter here: an actuator or rate mismatch is no lint error.
    var render = RenderOptions()
    if options != nil {
        let settings: COptions = try object(options, "options")
        render = settings.snapshot.render
    }
    let result = source.job(render).decode().result
    let data: [UInt8]
    do {
        data = Array(
            try StableJSON.text(result.lintJSONObject(file: source.name), pretty: false).utf8)
    } catch {
        throw CError(
            .render,
            message: "\(source.name): error: cannot encode the diagnostics as JSON: \(error)",
            file: source.name)
    }
    json.pointee = strdup(String(decoding: data, as: UTF8.self))
}

@_cdecl("hr_lint_file")
public func hr_lint_file(
    _ path: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in try lint(.file(path), options, json) }
}

@_cdecl("hr_lint_file_n")
public func hr_lint_file_n(
    _ path: UnsafePointer<CChar>?, _ length: UInt, _ options: OpaquePointer?,
    _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        try lint(.file(path, length: length), options, json)
    }
}

@_cdecl("hr_lint_bytes")
public func hr_lint_bytes(
    _ bytes: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?,
    _ options: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in try lint(.bytes(bytes, length, name), options, json) }
}
