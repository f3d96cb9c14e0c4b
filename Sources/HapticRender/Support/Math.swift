#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The module's only door to libm.
///
/// Why a shim: `HapticRender` must not import Foundation, and libm calls are rejected inside
/// `@_noLocks` code. The fast engine calls it at setup only (coefficient design, table
/// building) and uses polynomials and tables in its render loop; the reference engine
/// (`Reference/`) calls it per sample (tone harmonics, pitch, the custom-audio filter), which is one
/// reason it is not real-time safe.
@usableFromInline
enum LibM {
    @usableFromInline static func tan(_ x: Double) -> Double { c_tan(x) }
    @usableFromInline static func exp(_ x: Double) -> Double { c_exp(x) }
    @usableFromInline static func log(_ x: Double) -> Double { c_log(x) }
    @usableFromInline static func log10(_ x: Double) -> Double { c_log(x) / c_log(10) }
    @usableFromInline static func pow(_ x: Double, _ y: Double) -> Double { c_pow(x, y) }
    @usableFromInline static func sin(_ x: Double) -> Double { c_sin(x) }
    @usableFromInline static func cos(_ x: Double) -> Double { c_cos(x) }
    /// `10^(dB/20)`.
    @usableFromInline static func dbToAmplitude(_ db: Double) -> Double { pow(10, db / 20) }
    /// `20·log10(a)`.
    @usableFromInline static func amplitudeToDB(_ a: Double) -> Double { 20 * log10(a) }
}

// Module-level forwarding functions: avoid name clashes between the shim's static members and
// the C functions they call.
private func c_tan(_ x: Double) -> Double { tan(x) }
private func c_exp(_ x: Double) -> Double { exp(x) }
private func c_log(_ x: Double) -> Double { log(x) }
private func c_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func c_sin(_ x: Double) -> Double { sin(x) }
private func c_cos(_ x: Double) -> Double { cos(x) }
