#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension HJIFExperience {
    /// Today's date in UTC as the key tree's `date` wants it (`2026-12-02`), or the day of
    /// `SOURCE_DATE_EPOCH` where it is set, so that a reproducible build's conversions are
    /// byte-identical.
    static func conversionDate() -> String {
        var seconds = time(nil)
        if let raw = getenv("SOURCE_DATE_EPOCH"), let epoch = Int(String(cString: raw)) {
            seconds = time_t(epoch)
        }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }
}
