/// Precomputed sharpness/intensity → (frequency, volts) tables for one actuator profile
/// (docs/physics.md, Sharpness and intensity mapping), so the render loop does a table lookup +
/// lerp and no libm.
///
/// Owns its storage (one allocation at init, freed in deinit). Library users read the tables
/// through its methods; the render loop, which must not retain, uses the package-internal
/// ``lookup`` view, valid while this object is alive — the renderer keeps the mapping
/// referenced for as long as any kernel holds its lookup.
///
/// Tables (``tableSize`` entries over s ∈ [0, 1] and I ∈ [0, 1]; ``DriveTables``), as the
/// profile's kind designs them from its physics (an LRA's: ``LRAProfile``'s `designDrive`):
/// - `frequency[s]`, the continuous carrier;
/// - `maxVolts[s]`, the largest steady drive there;
/// - `thresholdVolts[s]`, the drive that reaches the perception threshold (0 dB SL);
/// - `excursionPerVolt[s]`, the steady excursion per volt (the onset overdrive's target);
/// - `gain[I]`, the sensation-level law's gain over the threshold volts;
/// - `clickHz[s]`, a transient's carrier.
/// volts(s, I) = I == 0 ? 0 : min(maxVolts, gain(I)·thresholdVolts)   (sensationLevel)
///             = I²·maxVolts                                         (squareLaw)
package final class DriveMapping: @unchecked Sendable {
    /// Entries per table. Lerp error for the smooth curves here is < 1e-5 relative.
    package static let tableSize = 1024

    package let profile: ActuatorProfile
    package let sharpnessMapping: SharpnessMapping
    package let intensityMapping: IntensityMapping
    /// Band edges f_lo, f_hi in Hz (≥ 10 dB SL crossings of the FOAM, clamped to the driver
    /// range; the whole driver range if the FOAM never reaches 10 dB SL).
    package let bandLowHz: Double
    package let bandHighHz: Double
    /// Sensation level of the FOAM peak inside the band, dB SL.
    package let maxSensationLevel: Double
    /// The render-loop view.
    package let lookup: DriveLookup
    private let storage: UnsafeMutablePointer<Double>

    /// Builds the tables, as the profile's kind designs them
    /// (``ActuatorKind/designDrive(sharpness:intensity:into:)``). Setup-time only.
    package init(
        profile p: ActuatorProfile, sharpness: SharpnessMapping = .android,
        intensity: IntensityMapping? = nil
    ) {
        profile = p
        sharpnessMapping = sharpness
        let law = intensity ?? sharpness.defaultIntensityMapping
        intensityMapping = law
        let n = Self.tableSize
        storage = .allocate(capacity: DriveTables.tables * n)
        let design = p.kind.designDrive(
            sharpness: sharpness, intensity: law, into: DriveTables(base: storage, count: n))
        bandLowHz = design.bandLowHz
        bandHighHz = design.bandHighHz
        maxSensationLevel = design.maxSensationLevel
        lookup = DriveLookup(
            base: UnsafePointer(storage), count: n, squareLaw: design.squareLaw,
            inverseFullScaleGain: design.inverseFullScaleGain)
    }

    /// Android's band for an actuator whose largest steady acceleration at f is `foam(f)` g
    /// (docs/physics.md, Sharpness and intensity mapping): the FOAM scanned from `fMin` to
    /// `fMax` at 0.1 Hz for its crossings of the perception threshold + 10 dB — the first
    /// upwards is f_lo, the next downwards f_hi, else the range's end; the whole range if it
    /// never crosses — and the largest sensation level inside it, dB SL. Setup time (libm).
    static func androidBand(from fMin: Double, to fMax: Double, foam: (Double) -> Double) -> (
        low: Double, high: Double, maxSensationLevel: Double
    ) {
        let step = 0.1
        func margin(_ f: Double) -> Double {
            LibM.amplitudeToDB(foam(f)) - PerceptualThreshold.thresholdDB(atHz: f) - 10
        }
        var lo = Double.nan
        var hi = Double.nan
        var prevF = fMin
        var prevM = margin(fMin)
        if prevM >= 0 { lo = fMin }
        var f = fMin + step
        while f <= fMax + 1e-9 {
            let m = margin(f)
            if lo.isNaN, m >= 0 {
                lo = prevF + (f - prevF) * (0 - prevM) / (m - prevM)
            } else if !lo.isNaN, hi.isNaN, m < 0 {
                hi = prevF + (f - prevF) * (0 - prevM) / (m - prevM)
                break
            }
            prevF = f
            prevM = m
            f += step
        }
        if lo.isNaN {
            lo = fMin
            hi = fMax
        }
        if hi.isNaN { hi = fMax }
        var slMax = -Double.infinity
        f = lo
        while f <= hi + 1e-9 {
            slMax = max(
                slMax, LibM.amplitudeToDB(foam(f)) - PerceptualThreshold.thresholdDB(atHz: f))
            f += step
        }
        return (lo, hi, slMax)
    }

    deinit { storage.deallocate() }

    /// Drive frequency for sharpness `s` (clamped to 0…1), Hz. O(1).
    package func frequency(sharpness s: Double) -> Double { lookup.frequency(sharpness: s) }

    /// Carrier frequency of a transient click for sharpness `s` (clamped to 0…1), Hz. O(1).
    package func transientFrequency(sharpness s: Double) -> Double {
        lookup.transientFrequency(sharpness: s)
    }

    /// Frequency and sine amplitude for sharpness `s` and intensity `i` (both clamped to 0…1).
    /// O(1).
    package func evaluate(sharpness s: Double, intensity i: Double) -> DrivePoint {
        lookup.evaluate(sharpness: s, intensity: i)
    }

    /// Amplitude at intensity `i` relative to intensity 1, independent of frequency:
    /// 10^((I−1)·SL_max/20) (sensation level) or I² (square law); 0 for I ≤ 0. O(1).
    package func relativeAmplitude(intensity i: Double) -> Double {
        lookup.relativeAmplitude(intensity: i)
    }
}

/// A drive operating point: carrier frequency and sine amplitude.
package struct DrivePoint: Sendable, Hashable {
    /// Carrier frequency, Hz.
    package var hz: Double
    /// Sine amplitude (peak), V.
    package var volts: Double
    /// Steady-state |excursion/volt| at `hz`, m/V.
    package var excursionPerVolt: Double

    package init(hz: Double, volts: Double, excursionPerVolt: Double) {
        self.hz = hz
        self.volts = volts
        self.excursionPerVolt = excursionPerVolt
    }
}

/// The tables a kind fills for a ``DriveMapping`` (``ActuatorKind/designDrive(sharpness:intensity:into:)``):
/// ``DriveMapping/tableSize`` entries each, entry i at sharpness (or, for the gain, intensity)
/// i/(n − 1). O(1) per entry.
struct DriveTables {
    /// How many tables: frequency, maximum volts, threshold volts, excursion per volt, gain,
    /// click carrier.
    static let tables = 6
    let base: UnsafeMutablePointer<Double>
    let count: Int

    /// Entry `i` of the sharpness tables: the carrier `frequency` (Hz), the largest steady
    /// drive (`maxVolts`), the drive at the perception threshold (`thresholdVolts`), the
    /// steady excursion per volt (m/V, the onset overdrive's target) and a click's carrier
    /// (`clickHz`).
    func set(
        _ i: Int, frequency: Double, maxVolts: Double, thresholdVolts: Double,
        excursionPerVolt: Double, clickHz: Double
    ) {
        base[i] = frequency
        base[count + i] = maxVolts
        base[2 * count + i] = thresholdVolts
        base[3 * count + i] = excursionPerVolt
        base[5 * count + i] = clickHz
    }

    /// Entry `i` of the intensity table: the sensation-level law's gain over the threshold
    /// volts.
    func setGain(_ i: Int, _ gain: Double) { base[4 * count + i] = gain }
}

/// What a kind's drive design says besides the tables: the band, the strongest sensation
/// level, and how the lookup turns intensity into volts (``DriveLookup``).
struct DriveDesign {
    var bandLowHz: Double
    var bandHighHz: Double
    var maxSensationLevel: Double
    /// The lookup computes I²·maxVolts instead of reading the gain table.
    var squareLaw: Bool
    /// 1/gain(1), so the gain table gives a relative amplitude.
    var inverseFullScaleGain: Double
}

/// A ``DriveLookup``'s tables at one sharpness (``DriveLookup/column(sharpness:)``).
package struct SharpnessColumn: Sendable {
    package var hz: Double
    package var maxVolts: Double
    package var thresholdVolts: Double
    package var excursionPerVolt: Double

    @inlinable package init(
        hz: Double, maxVolts: Double, thresholdVolts: Double, excursionPerVolt: Double
    ) {
        self.hz = hz
        self.maxVolts = maxVolts
        self.thresholdVolts = thresholdVolts
        self.excursionPerVolt = excursionPerVolt
    }
}

/// Trivially copyable view of a ``DriveMapping``'s tables for the render loop, which must not
/// retain. A view does not keep its mapping alive — an expression such as
/// `DriveMapping(…).lookup` leaves it pointing at freed tables — so it stays inside the
/// package, where the renderer holds the mapping. Every call is O(1), lerp between two table
/// entries, no libm, no allocation.
package struct DriveLookup: @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<Double>
    @usableFromInline let count: Int
    @usableFromInline let squareLaw: Bool
    /// 1/slGain(1) = 10^(−SL_max/20), to turn the SL law into a relative amplitude.
    @usableFromInline let inverseFullScaleGain: Double

    @usableFromInline
    init(base: UnsafePointer<Double>, count: Int, squareLaw: Bool, inverseFullScaleGain: Double) {
        self.base = base
        self.count = count
        self.squareLaw = squareLaw
        self.inverseFullScaleGain = inverseFullScaleGain
    }

    /// Index and fraction for a 0…1 argument (clamped; NaN maps to 0). Inlined with ``lerp``:
    /// the renderer evaluates a drive point per voice per drive period.
    @inlinable @inline(__always)
    func position(_ t: Double) -> (Int, Double) {
        let c = t >= 0 ? (t < 1 ? t : 1) : 0
        let x = c * Double(count &- 1)
        // 0 ≤ x ≤ count − 1, so the conversion cannot trap.
        let i = min(Int(x), count &- 2)
        return (i, x - Double(i))
    }

    @inlinable @inline(__always)
    func lerp(_ table: Int, _ p: (Int, Double)) -> Double {
        let t = base + (table &* count &+ p.0)
        return t[0] + p.1 * (t[1] - t[0])
    }

    /// Drive frequency for sharpness `s` (clamped to 0…1), Hz.
    @inlinable
    package func frequency(sharpness s: Double) -> Double { lerp(0, position(s)) }

    /// Carrier frequency of a transient click for sharpness `s`, Hz.
    @inlinable
    package func transientFrequency(sharpness s: Double) -> Double { lerp(5, position(s)) }

    /// Frequency and sine amplitude for sharpness `s` and intensity `i` (both clamped to 0…1).
    @inlinable @inline(__always)
    package func evaluate(sharpness s: Double, intensity i: Double) -> DrivePoint {
        evaluate(column(sharpness: s), intensity: i)
    }

    /// The tables' entries at sharpness `s` (clamped to 0…1): what every drive point at that
    /// sharpness shares. A continuous voice keeps the last one (its sharpness rarely moves), so
    /// a grid point costs only the intensity's lookup. O(1).
    @inlinable @inline(__always)
    package func column(sharpness s: Double) -> SharpnessColumn {
        let ps = position(s)
        return SharpnessColumn(
            hz: lerp(0, ps), maxVolts: lerp(1, ps), thresholdVolts: lerp(2, ps),
            excursionPerVolt: lerp(3, ps))
    }

    /// Frequency and sine amplitude at the sharpness of `c` and intensity `i` (clamped to 0…1):
    /// the same value as ``evaluate(sharpness:intensity:)`` at that sharpness. O(1).
    @inlinable @inline(__always)
    package func evaluate(_ c: SharpnessColumn, intensity i: Double) -> DrivePoint {
        let volts: Double
        if !(i > 0) {
            volts = 0
        } else if squareLaw {
            let clamped = min(i, 1)
            volts = clamped * clamped * c.maxVolts
        } else {
            volts = min(c.maxVolts, lerp(4, position(i)) * c.thresholdVolts)
        }
        return DrivePoint(hz: c.hz, volts: volts, excursionPerVolt: c.excursionPerVolt)
    }

    /// Amplitude at intensity `i` relative to intensity 1, independent of frequency:
    /// 10^((I−1)·SL_max/20) (sensation level) or I² (square law); 0 for I ≤ 0. Used to scale
    /// transient clicks, whose level is set by the excursion budget rather than the FOAM.
    @inlinable
    package func relativeAmplitude(intensity i: Double) -> Double {
        if !(i > 0) { return 0 }
        let c = min(i, 1)
        if squareLaw { return c * c }
        return lerp(4, position(c)) * inverseFullScaleGain
    }
}
