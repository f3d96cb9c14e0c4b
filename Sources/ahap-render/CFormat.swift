#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `printf`-style formatting of numbers by the C library (`vsnprintf`, "C" locale), what
/// `String(format:)` gave for these specifiers (`%.3f`, `%ld`, …) without Foundation.
/// Arguments are C numbers only (`Int`, `Double`); strings go in by interpolation.
func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 64)
        // vsnprintf consumes the va_list, so the retry with a larger buffer needs a fresh one.
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        if needed < buffer.count { return text(buffer) }
        buffer = [CChar](repeating: 0, count: needed + 1)
        return withVaList(arguments) { list in
            _ = vsnprintf(&buffer, buffer.count, format, list)
            return text(buffer)
        }
    }
}

/// The UTF-8 text of a NUL-terminated C buffer.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
