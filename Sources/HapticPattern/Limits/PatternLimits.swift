/// Caps on what one AHAP document may ask of the decoder, so a hostile or broken file is
/// refused up front with one clear error instead of exhausting memory or time later.
///
/// Every limit is inclusive (a file *at* the limit is accepted). A file over a limit is
/// rejected in both modes with one error diagnostic (code `limit.*`, the JSON path of the
/// item that crossed it) and `pattern == nil`; nothing after that item is decoded.
///
/// The defaults are far beyond any real AHAP file (Apple's and the corpus' largest have a
/// few hundred events and 16-point curves) yet keep the decoder's peak memory in the low
/// hundreds of MB. Trusted callers can raise them (``unlimited`` removes them).
///
/// | limit | default | checked |
/// |---|---|---|
/// | ``maxInputBytes`` | 64 MiB | before parsing (and before reading a file) |
/// | ``maxJSONValues`` | 4,000,000 | while parsing, at the first value over it |
/// | ``maxEvents`` | 100,000 | while decoding `Pattern`, at the first event over it |
/// | ``maxParameters`` | 100,000 | same, for `Parameter` items |
/// | ``maxCurvePointsPerCurve`` | 10,000 | before decoding a curve's points |
/// | ``maxCurvePoints`` | 1,000,000 | running total over all curves |
/// | ``maxDurationSeconds`` | 3,600 (1 h) | every item's end: `Time` + `EventDuration` (+ release), curve `Time` + point `Time` |
/// | ``maxDiagnostics`` | 1,000 | further findings are counted in one summary |
public struct PatternLimits: Hashable, Sendable {
    /// Largest input, in bytes: bounds the parser's time (and the input buffer).
    public var maxInputBytes: Int
    /// Most JSON values in the document. `[0,0,…]` packs a value into 2 input bytes and the
    /// parsed tree costs 50–250 bytes per value (objects cost most), so this, not the input
    /// size, bounds the parser's memory: measured peaks at the default are 0.3 GB for
    /// 64 MiB of `0,` and 0.9 GB for 64 MiB of minimal events (16 GB and 1.5 GB without
    /// it). A 100,000-event file with four event parameters each has ~1.8 million.
    public var maxJSONValues: Int
    /// Most `Event` items.
    public var maxEvents: Int
    /// Most `Parameter` items.
    public var maxParameters: Int
    /// Most control points in one `ParameterCurve` (Core Haptics' exporters write ≤ 16).
    public var maxCurvePointsPerCurve: Int
    /// Most control points over all curves.
    public var maxCurvePoints: Int
    /// Latest time, in seconds, that any item may reach (its start plus its length). Finite
    /// times beyond it (`1e300`) would render for longer than any use needs.
    public var maxDurationSeconds: Double
    /// Most diagnostics listed; the rest are summarized in one `diagnostics.truncated`
    /// finding whose severity is the worst one left out (so `accepted` stays exact). Bounds
    /// memory for files with millions of unknown keys.
    public var maxDiagnostics: Int

    public init(
        maxInputBytes: Int = 64 << 20, maxJSONValues: Int = 4_000_000, maxEvents: Int = 100_000,
        maxParameters: Int = 100_000,
        maxCurvePointsPerCurve: Int = 10_000, maxCurvePoints: Int = 1_000_000,
        maxDurationSeconds: Double = 3_600, maxDiagnostics: Int = 1_000
    ) {
        self.maxInputBytes = maxInputBytes
        self.maxJSONValues = maxJSONValues
        self.maxEvents = maxEvents
        self.maxParameters = maxParameters
        self.maxCurvePointsPerCurve = maxCurvePointsPerCurve
        self.maxCurvePoints = maxCurvePoints
        self.maxDurationSeconds = maxDurationSeconds
        self.maxDiagnostics = maxDiagnostics
    }

    /// The documented defaults (see the table above).
    public static var `default`: PatternLimits { PatternLimits() }

    /// The longest duration limit a command-line option may set (`--max-duration` of every
    /// command): a day. Frame counts then stay far inside `Int64` at any sample rate
    /// (3.3·10¹⁰ at 384 kHz), while a larger number is a typo, not a render.
    public static let durationCeilingSeconds: Double = 86_400

    /// No limits beyond what memory allows. Only for trusted input.
    public static var unlimited: PatternLimits {
        PatternLimits(
            maxInputBytes: .max, maxJSONValues: .max, maxEvents: .max, maxParameters: .max,
            maxCurvePointsPerCurve: .max,
            maxCurvePoints: .max, maxDurationSeconds: .infinity, maxDiagnostics: .max)
    }
}
