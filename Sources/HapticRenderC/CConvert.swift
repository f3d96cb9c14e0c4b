import HapticFormats
import HapticPattern
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `convert` of one input: the converted text and, when asked, the loss report as JSON —
/// `ahap-render convert --to TARGET [--report --format json]` for one file.
private func convert(
    _ source: CSource, _ target: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) throws(CError) {
    guard let output else { throw .argument("output is NULL") }
    let name = try string(target, "target")
    guard let to = PatternFormats.named(name), to.writer != nil else {
        throw .argument(PatternFormats.unknownTarget(name))
    }
    var render = RenderOptions()
    if options != nil {
        let settings: COptions = try object(options, "options")
        render = settings.snapshot.render
    }
    let decoder = AHAPDecoder.Options(
        mode: render.strict ? .strict : .lenient, limits: render.patternLimits)
    let bytes: [UInt8]
    if let b = source.bytes {
        bytes = b
    } else {
        let limit = decoder.limits.maxInputBytes
        switch BoundedFileRead.read(path: source.name, limit: limit) {
        case .success(let b): bytes = b
        case .failure(let failure):
            let isIO = if case .unreadable = failure { true } else { false }
            throw CError(
                isIO ? .io : .rejected,
                message: "\(source.name): error: \(failure.message(limit: limit))",
                file: source.name)
        }
    }
    let input = ConversionSource(bytes: bytes, options: decoder, fileName: source.name)
    guard input.accepted else {
        let errors = input.diagnostics.filter { $0.severity == .error }
        throw CError(
            .rejected,
            message: ([
                "\(source.name): error: "
                    + input.format.rejection(strict: render.strict, errors: errors.count)
            ]
                + errors.map { $0.rendered(file: source.name) }).joined(separator: "\n"),
            file: source.name)
    }
    let converter = FormatConverter()
    let converted = converter.convert(input, to: to, name: PathString.lastComponent(source.name))
    var reportText: String?
    if report != nil {
        do {
            reportText = try converter.report(input, name: source.name).json.text(indent: 0)
        } catch {
            throw CError(
                .render,
                message: "\(source.name): error: cannot render the report: \(error.description)",
                file: source.name)
        }
    }
    output.pointee = strdup(String(decoding: converted.bytes, as: UTF8.self))
    if let report, let reportText { report.pointee = strdup(reportText) }
}

@_cdecl("hr_convert_file")
public func hr_convert_file(
    _ path: UnsafePointer<CChar>?, _ target: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in try convert(.file(path), target, options, output, report)
    }
}

@_cdecl("hr_convert_file_n")
public func hr_convert_file_n(
    _ path: UnsafePointer<CChar>?, _ length: UInt, _ target: UnsafePointer<CChar>?,
    _ options: OpaquePointer?, _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        try convert(.file(path, length: length), target, options, output, report)
    }
}

@_cdecl("hr_convert_bytes")
public func hr_convert_bytes(
    _ bytes: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?,
    _ target: UnsafePointer<CChar>?, _ options: OpaquePointer?,
    _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    catching(error) { () throws(CError) in
        try convert(.bytes(bytes, length, name), target, options, output, report)
    }
}
