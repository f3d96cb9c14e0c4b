import FoundationEssentials
import HapticFormats
import HapticPattern

/// An AHAP file loaded from disk: its decode result plus how each AudioCustom
/// `EventWaveformPath` resolved. The audio itself is not read.
///
/// A `.haptic` clip (Meta Haptics SDK / Lofelt Studio), recognized by its content whatever
/// its name, loads too: its diagnostics are the clip decoder's and its pattern is the clip's
/// AHAP form (``PatternOutline/ahapPattern(notes:)``), which renders like the clip's two
/// players (docs/formats.md).
public struct AHAPDocument: Sendable {
    /// The file that was loaded.
    public var url: URL
    /// Decoding result; resource problems are appended to its diagnostics.
    public var result: AHAPDecodeResult
    /// Resolution of every distinct `EventWaveformPath` (as written) of AudioCustom events.
    public var resources: [String: ResourceResolution]

    /// The format the file was read as.
    public var format: SourceFormat

    public init(
        url: URL, result: AHAPDecodeResult, resources: [String: ResourceResolution],
        format: SourceFormat = .ahap
    ) {
        self.url = url
        self.result = result
        self.resources = resources
        self.format = format
    }

    /// Reads, decodes and resolves the resources of the AHAP file at `url`.
    ///
    /// Unreadable files give one error, and so do files over
    /// ``PatternLimits/maxInputBytes`` (refused from their size, before reading). A file extension other than `.ahap`/`.json` is an
    /// error in strict mode (Core Haptics −4809), a note in lenient mode. A missing or
    /// refused audio file is an error in strict mode (−4830) and a warning in lenient mode
    /// (the renderer skips that event); a bare-name fallback is a note.
    public static func load(
        contentsOf url: URL, options: AHAPDecoder.Options = .init(),
        searchRoots: [String] = [], allowEscaping: Bool = false
    ) -> AHAPDocument {
        let strict = options.mode == .strict
        let bytes: [UInt8]
        switch BoundedFileRead.read(path: url.path, limit: options.limits.maxInputBytes) {
        case .success(let b): bytes = b
        case .failure(let failure): return unread(url: url, failure, options: options)
        }
        var document = decode(
            bytes, url: url, options: options, searchRoots: searchRoots,
            allowEscaping: allowEscaping)
        let ext = url.pathExtension.lowercased()
        if document.format == .ahap && ext != "ahap" && ext != "json" {
            document.result.diagnostics.insert(
                Diagnostic(
                    severity: strict ? .error : .note, code: .fileExtension, coreHapticsCode: -4809,
                    message:
                        "Core Haptics only loads files named `.ahap` or `.json` (-4809). Rename the file."
                ), at: 0)
        }
        return document
    }

    /// Reads standard input within ``PatternLimits/maxInputBytes`` (reading stops past it, with
    /// the error a file that size gives) and decodes it as ``decode(_:url:options:searchRoots:allowEscaping:)``
    /// does; `url` names it and locates its audio files.
    public static func loadStandardInput(
        url: URL, options: AHAPDecoder.Options = .init(), searchRoots: [String] = [],
        allowEscaping: Bool = false
    ) -> AHAPDocument {
        switch BoundedFileRead.readStandardInput(limit: options.limits.maxInputBytes) {
        case .success(let bytes):
            return decode(
                bytes, url: url, options: options, searchRoots: searchRoots,
                allowEscaping: allowEscaping)
        case .failure(let failure):
            return unread(url: url, failure, options: options)
        }
    }

    /// The document of an input that could not be read: one error saying why.
    static func unread(url: URL, _ failure: BoundedFileRead.Failure, options: AHAPDecoder.Options)
        -> AHAPDocument
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
        return AHAPDocument(
            url: url, result: AHAPDecodeResult(pattern: nil, diagnostics: [d]), resources: [:])
    }

    /// Decodes AHAP bytes already in memory (`CHHapticPattern(data:)`: no file-name check) and
    /// resolves their resources as if they were the file at `url`: AudioCustom paths are
    /// looked up in `url`'s folder, then in `searchRoots`. Bytes over
    /// ``PatternLimits/maxInputBytes`` give one error without decoding. O(bytes).
    public static func decode(
        _ bytes: [UInt8], url: URL, options: AHAPDecoder.Options = .init(),
        searchRoots: [String] = [], allowEscaping: Bool = false
    ) -> AHAPDocument {
        let strict = options.mode == .strict
        guard bytes.count <= options.limits.maxInputBytes else {
            let d = Diagnostic(
                severity: .error, code: .limitInputSize,
                message:
                    "The pattern is \(bytes.count) bytes, more than the limit of \(options.limits.maxInputBytes) bytes (maxInputBytes); real AHAP files are far smaller. It is not decoded."
            )
            return AHAPDocument(
                url: url, result: AHAPDecodeResult(pattern: nil, diagnostics: [d]), resources: [:])
        }
        if SourceFormat.detect(bytes) == .haptic {
            return AHAPDocument(
                url: url, result: decodeClip(bytes, options: options), resources: [:],
                format: .haptic)
        }
        var result = AHAPDecoder(options: options).decode(bytes)
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
        return AHAPDocument(url: url, result: result, resources: resources)
    }

    /// A `.haptic` clip's findings and, when it is accepted (or readable, in strict mode), its
    /// AHAP form.
    private static func decodeClip(_ bytes: [UInt8], options: AHAPDecoder.Options)
        -> AHAPDecodeResult
    {
        let clip = HapticClipDecoder(options: options).decode(bytes)
        var ignored: [ConversionNote] = []
        let pattern = clip.clip.map { PatternOutline(clip: $0).ahapPattern(notes: &ignored) }
        return AHAPDecodeResult(pattern: pattern, diagnostics: clip.diagnostics)
    }
}
