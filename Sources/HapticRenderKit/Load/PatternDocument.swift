import FoundationEssentials
import HapticFormats
import HapticPattern

/// A pattern file loaded from disk, in any format of ``PatternFormats`` (told apart by content,
/// then by extension): its decode result — for a format other than AHAP, the AHAP form that
/// plays like it (docs/formats.md) — plus how each AudioCustom `EventWaveformPath` resolved.
/// The audio itself is not read.
public struct PatternDocument: Sendable {
    /// The file that was loaded.
    public var url: URL
    /// Decoding result; resource problems are appended to its diagnostics.
    public var result: PatternDecodeResult
    /// Resolution of every distinct `EventWaveformPath` (as written) of AudioCustom events.
    public var resources: [String: ResourceResolution]
    /// The format the file was read as.
    public var format: PatternFormat

    public init(
        url: URL, result: PatternDecodeResult, resources: [String: ResourceResolution],
        format: PatternFormat = PatternFormats.fallback
    ) {
        self.url = url
        self.result = result
        self.resources = resources
        self.format = format
    }

    /// Reads, decodes and resolves the resources of the pattern file at `url`.
    ///
    /// Unreadable files give one error, and so do files over
    /// ``PatternLimits/maxInputBytes`` (refused from their size, before reading). What the
    /// format's player says of the file's name is added first (an AHAP file not named `.ahap`
    /// or `.json`: an error in strict mode, Core Haptics −4809, a note in lenient mode). A
    /// missing or refused audio file is an error in strict mode (−4830) and a warning in
    /// lenient mode (the renderer skips that event); a bare-name fallback is a note.
    public static func load(
        contentsOf url: URL, options: AHAPDecoder.Options = .init(),
        searchRoots: [String] = [], allowEscaping: Bool = false
    ) -> PatternDocument {
        let bytes: [UInt8]
        switch BoundedFileRead.read(path: url.path, limit: options.limits.maxInputBytes) {
        case .success(let b): bytes = b
        case .failure(let failure): return unread(url: url, failure, options: options)
        }
        var document = decode(
            bytes, url: url, options: options, searchRoots: searchRoots,
            allowEscaping: allowEscaping)
        if let d = document.format.reader?.checkExtension?(url.pathExtension.lowercased(), options)
        {
            document.result.diagnostics.insert(d, at: 0)
        }
        return document
    }

    /// Reads standard input within ``PatternLimits/maxInputBytes`` (reading stops past it, with
    /// the error a file that size gives) and decodes it as ``decode(_:url:options:searchRoots:allowEscaping:)``
    /// does; `url` names it and locates its audio files.
    public static func loadStandardInput(
        url: URL, options: AHAPDecoder.Options = .init(), searchRoots: [String] = [],
        allowEscaping: Bool = false
    ) -> PatternDocument {
        switch BoundedFileRead.readStandardInput(limit: options.limits.maxInputBytes) {
        case .success(let bytes):
            return decode(
                bytes, url: url, options: options, searchRoots: searchRoots,
                allowEscaping: allowEscaping)
        case .failure(let failure):
            return unread(url: url, failure, options: options)
        }
    }

    /// The document of an input that could not be read: one error saying why; its format is
    /// the one its name says (``PatternFormats/fallback`` when it says none).
    static func unread(url: URL, _ failure: BoundedFileRead.Failure, options: AHAPDecoder.Options)
        -> PatternDocument
    {
        let d: Diagnostic
        switch failure {
        case .unreadable(let message):
            d = Diagnostic(
                severity: .error, code: .fileUnreadable,
                message:
                    "The file cannot be read (\(message)); check that it exists and is readable.")
        case .tooLarge(let size, let streamed):
            d = Diagnostic(
                severity: .error, code: .limitInputSize,
                message:
                    "The file is \(streamed ? "more than " : "")\(size) bytes, more than the limit of \(options.limits.maxInputBytes) bytes (maxInputBytes); real AHAP files are far smaller. It is not read."
            )
        }
        return PatternDocument(
            url: url, result: PatternDecodeResult(pattern: nil, diagnostics: [d]), resources: [:],
            format: PatternFormats.format(forFileName: url.lastPathComponent)
                ?? PatternFormats.fallback)
    }

    /// Decodes pattern bytes already in memory (`CHHapticPattern(data:)`: no file-name check)
    /// and resolves their resources as if they were the file at `url`: AudioCustom paths are
    /// looked up in `url`'s folder, then in `searchRoots`. The format is told by content, then
    /// by `url`'s extension. Bytes over ``PatternLimits/maxInputBytes`` give one error without
    /// decoding. O(bytes).
    public static func decode(
        _ bytes: [UInt8], url: URL, options: AHAPDecoder.Options = .init(),
        searchRoots: [String] = [], allowEscaping: Bool = false
    ) -> PatternDocument {
        let strict = options.mode == .strict
        guard bytes.count <= options.limits.maxInputBytes else {
            let d = Diagnostic(
                severity: .error, code: .limitInputSize,
                message:
                    "The pattern is \(bytes.count) bytes, more than the limit of \(options.limits.maxInputBytes) bytes (maxInputBytes); real AHAP files are far smaller. It is not decoded."
            )
            return PatternDocument(
                url: url, result: PatternDecodeResult(pattern: nil, diagnostics: [d]),
                resources: [:],
                format: PatternFormats.format(forFileName: url.lastPathComponent)
                    ?? PatternFormats.fallback)
        }
        let decoded = PatternFormats.decode(
            bytes, options: options, fileName: url.lastPathComponent)
        var result = decoded.result
        let resolver = AudioResourceResolver(
            baseDirectory: url.deletingLastPathComponent().path, searchRoots: searchRoots,
            allowEscaping: allowEscaping)
        var resources: [String: ResourceResolution] = [:]
        for event in result.pattern?.events ?? [] where event.type == .audioCustom {
            guard let path = event.waveformPath, resources[path] == nil else { continue }
            let resolution = resolver.resolve(path)
            resources[path] = resolution
            let location = result.waveformPathLocations[path]
            func report(
                _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ ch: Int?,
                _ message: String
            ) {
                result.diagnostics.append(
                    Diagnostic(
                        severity: severity, code: code, coreHapticsCode: ch,
                        path: location?.jsonPath ?? "",
                        line: location?.position.line, column: location?.position.column,
                        message: message))
            }
            switch resolution {
            case .resolved(let real):
                let primary = AudioResourceResolver.realPath(resolver.primaryCandidate(for: path))
                if primary != real {
                    report(
                        .note, .resourceFallback, nil,
                        "Audio file `\(path)` is not at that path relative to the AHAP file; using \(real) instead (Core Haptics would also search the app bundle)."
                    )
                }
            case .notFound(let tried):
                report(
                    strict ? .error : .warning, .resourceNotFound, -4830,
                    "Audio file `\(path)` was not found (looked at \(tried.joined(separator: ", "))); Core Haptics rejects the event (-4830)."
                        + (strict
                            ? " Put the file next to the AHAP file or fix the path."
                            : " The event will be skipped; put the file next to the AHAP file or fix the path.")
                )
            case .refused(let reason):
                report(
                    strict ? .error : .warning, .resourceRefused, -4830,
                    reason + (strict ? "" : " The event will be skipped."))
            }
        }
        return PatternDocument(
            url: url, result: result, resources: resources, format: decoded.format)
    }
}

/// The name this type had while it loaded AHAP files only.
@available(*, deprecated, renamed: "PatternDocument")
public typealias AHAPDocument = PatternDocument
