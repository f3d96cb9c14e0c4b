/// The real-time actuator: 2-state trapezoidal (bilinear, prewarped) update in physical
/// coordinates (x, v) with the driver's low-Z/Hi-Z state, the rail clamp and the end-stop
/// contact (lra-model.md §1.2, §1.1 driver states, §3 nonlinearities).
///
/// Per sample: ~10 multiplies + 8 adds, two compare pairs (rail clamp, contact check), one
/// well-predicted regime branch, no divisions and no libm — O(1) time, no allocation.
///
/// State is `Double`. Measured (NumPy, pixel Hi-Z, Q_m = 60, pole radius 1 − 6.5e-5, 1 s free
/// decay): a Float32 recursion fits Q_m = 59.998 vs 59.997 in Float64, so Float would be
/// accurate enough for the linear decay; Double is kept for headroom in the 1e-4 relative
/// energy test of the brake and the oracle comparisons, at no measurable cost on 64-bit FPUs
/// (release, render-profile on a 2-core EPYC: ≈340 M frames/s for
/// ``process(drive:acceleration:)``, ≈410 M frames/s for ``run(drive:count:excursionGuard:into:)``
/// with the guard and three outputs; both ≈245 M frames/s before the pair form).
///
/// Driver state (§1.1): a non-zero command switches to low-Z immediately; after
/// ``lowZHoldSamples`` consecutive zero commands the driver goes Hi-Z (i = 0, damping c_m only).
/// Choice: the hold defaults to 4·τ (the reference asks for ≥ 2·τ); at 4·τ the low-Z ring is
/// −35 dB down, so the Hi-Z switch is inaudible in tests that fit decays down to −30 dB.
///
/// End-stop (§3): while |x| > x_max the step uses the contact set (stiffness k + k_s) with the
/// input offset ±k_s·x_max; ``contactSamples`` counts such samples (a test failure in normal use).
///
/// Pairs: samples are taken in pairs (2m, 2m + 1), counted from creation / ``reset()``. When
/// both samples of a pair use the same coefficient set, the second one's state is computed from
/// the pair's first state in one go, `s[2m+2] = M²·s[2m] + (M·b·us[2m] + b·us[2m+1])`, instead
/// of from `s[2m+1]`; otherwise (a regime switch or end-stop contact inside the pair) it is the
/// plain step. Why: in a block kernel the recursion then advances two samples per
/// multiply-add-add, half the critical path of stepping (``run(drive:count:excursionGuard:into:)``);
/// the intermediate `s[2m+1]` (outputs, guard, contact check) hangs off that chain. The rule
/// is part of the model, so ``step(volts:)`` and the block kernel give the same bits, and the
/// pairs sit on absolute sample positions, so block size cannot change a bit. The two forms of
/// `s[2m+2]` differ by rounding only (a few ulps in Double, relative ≈ 1e-16 per pair, decaying
/// with the model's own time constant), far below Float output resolution.
public struct LRAModel: Sendable {
    /// Displacement x, m.
    @inlinable public var excursion: Double { x }
    /// Velocity v, m/s.
    @inlinable public var velocity: Double { v }
    @usableFromInline var x: Double = 0
    @usableFromInline var v: Double = 0
    /// Previous total input force (trapezoidal rule needs u[n−1]).
    @usableFromInline var uPrev: Double = 0
    /// Consecutive zero-drive samples (saturates at the hold length).
    @usableFromInline var idleSamples: Int = 0
    /// Zero-drive samples after which the driver goes Hi-Z.
    public var lowZHoldSamples: Int
    /// Number of samples simulated in end-stop contact since creation / ``reset()``.
    @inlinable public var contactSamples: Int { contactCount }
    @usableFromInline var contactCount: Int = 0

    @usableFromInline let voltageClamp: Double
    @usableFromInline let maxExcursion: Double
    @usableFromInline let halfMass: Double
    @usableFromInline let halfStiffness: Double
    @usableFromInline let lowZ: LRACoefficients
    @usableFromInline let hiZ: LRACoefficients
    @usableFromInline let lowZContact: LRACoefficients
    @usableFromInline let hiZContact: LRACoefficients
    /// Coefficient set in use and its regime code (bit 0: Hi-Z, bit 1: contact).
    @usableFromInline var active: LRACoefficients
    @usableFromInline var regime: Int = 0
    /// The regime code of the previous sample if it was the first of a pair (see the type's
    /// discussion) — this sample ends the pair — else −1.
    @usableFromInline var pairRegime: Int = -1
    /// The previous sample's state before it and its input sum u + u_prev: an open pair's start.
    @usableFromInline var pairX: Double = 0
    @usableFromInline var pairV: Double = 0
    @usableFromInline var pairInput: Double = 0

    /// The profile this model simulates.
    public let profile: ActuatorProfile
    /// Sample rate in Hz.
    public let sampleRate: Double

    /// Designs the four coefficient sets. Setup-time (libm); call ``ActuatorProfile/validate(sampleRate:)`` first.
    public init(profile p: ActuatorProfile, sampleRate: Double = 48_000, lowZHoldTimeConstants: Double = 4) {
        profile = p
        self.sampleRate = sampleRate
        let mu = p.reducedMass, k = p.stiffness, ks = p.endStopStiffness
        let stop = ks * p.maxExcursion
        func set(_ stiffness: Double, _ damping: Double, _ fpv: Double, _ sf: Double) -> LRACoefficients {
            LRACoefficients(reducedMass: mu, stiffness: stiffness, damping: damping, sampleRate: sampleRate,
                            forcePerVolt: fpv, stopForce: sf, location: p.locationFactor, bodyMass: p.bodyMass)
        }
        lowZ = set(k, p.lowZDamping, p.forcePerVolt, 0)
        hiZ = set(k, p.mechanicalDamping, 0, 0)
        lowZContact = set(k + ks, p.lowZDamping, p.forcePerVolt, stop)
        hiZContact = set(k + ks, p.mechanicalDamping, 0, stop)
        active = lowZ
        voltageClamp = p.voltageClamp
        maxExcursion = p.maxExcursion
        halfMass = mu / 2
        halfStiffness = k / 2
        lowZHoldSamples = max(1, Int(lowZHoldTimeConstants * p.lowZTimeConstant * sampleRate))
    }

    /// Back to rest, low-Z, contact counter cleared. O(1), real-time safe.
    @inlinable @_noLocks
    public mutating func reset() {
        x = 0; v = 0; uPrev = 0; idleSamples = 0; contactCount = 0
        regime = 0; active = lowZ
        pairRegime = -1
    }

    /// Accounts for `frames` samples skipped at rest in Hi-Z (x = v = u_prev = 0, at least
    /// ``lowZHoldSamples`` idle, zero drive), where stepping would leave every value zero:
    /// keeps the pair positions, and an open pair's start (that rest state), as stepping would. O(1).
    @inlinable @_noLocks
    public mutating func skipAtRest(frames: Int) {
        guard frames > 0 else { return }
        if regime != 1 { select(1) }
        // The last skipped sample opened a pair if the pair state flips an odd number of times.
        if (pairRegime < 0) == (frames & 1 != 0) {
            pairX = 0; pairV = 0; pairInput = 0; pairRegime = 1
        } else {
            pairRegime = -1
        }
    }

    /// True while the driver outputs are open (Hi-Z).
    @inlinable public var isHighImpedance: Bool { idleSamples >= lowZHoldSamples }

    /// Stored mechanical energy ½μv² + ½kx² (J); the end-stop spring's energy is not included.
    @inlinable public var storedEnergy: Double { halfMass * v * v + halfStiffness * x * x }

    /// Forces the driver into Hi-Z now (e.g. the renderer's standby), until the next non-zero drive.
    public mutating func enterHighImpedance() { idleSamples = lowZHoldSamples }

    /// Advances one sample with drive command `volts` (clamped to ±V_clamp). O(1).
    /// (The renderer's hot loop uses the block kernel ``run(drive:count:excursionGuard:into:)``.)
    @inlinable @_noLocks
    public mutating func step(volts command: Double) -> LRASample {
        stepChangingRegime(volts: min(max(command, -voltageClamp), voltageClamp))
    }

    /// ``step(volts:)`` after the clamp: the driver-state and end-stop bookkeeping, then the
    /// update.
    @inlinable @_noLocks
    mutating func stepChangingRegime(volts: Double) -> LRASample {
        if volts != 0 {
            idleSamples = 0
        } else if idleSamples < lowZHoldSamples {
            idleSamples &+= 1
        }
        let side: Double = x > maxExcursion ? 1 : (x < -maxExcursion ? -1 : 0)
        let code = (idleSamples >= lowZHoldSamples ? 1 : 0) | (side != 0 ? 2 : 0)
        if code != regime { select(code) }
        if side != 0 { contactCount &+= 1 }
        return advance(volts: volts, side: side)
    }

    /// The trapezoidal update with the active coefficient set: one step, or the end of a pair
    /// in one set by the two-step form (see the type's discussion). O(1).
    @inlinable @inline(__always) @_noLocks
    mutating func advance(volts: Double, side: Double) -> LRASample {
        let c = active
        // Clear of the end stop the force is the drive alone, as the block kernel computes it
        // (adding 0·stopForce = +0 would turn a −0 force into +0).
        let u = side == 0 ? c.forcePerVolt * volts : c.forcePerVolt * volts + side * c.stopForce
        let us = u + uPrev
        uPrev = u
        // Every sample records itself as a pair's start; only a pair's first sample keeps it.
        let open = pairRegime, x0 = pairX, v0 = pairV, us0 = pairInput
        pairX = x; pairV = v; pairInput = us
        if open == regime {
            Self.twoSteps(c, x0: x0, v0: v0, input0: us0, input1: us, x: &x, v: &v)
        } else {
            Self.oneStep(c, input: us, x: &x, v: &v)
        }
        pairRegime = open < 0 ? regime : -1
        return LRASample(acceleration: Self.acceleration(c, force: u, x: x, v: v), excursion: x, velocity: v, volts: volts)
    }

    /// One trapezoidal state update with set `c` and input sum `us` = u + u_prev, on any state
    /// (the model's own, or a block kernel's locals). O(1).
    @inlinable @inline(__always) @_noLocks
    static func oneStep(_ c: LRACoefficients, input us: Double, x: inout Double, v: inout Double) {
        let xn = c.m11 * x + c.m12 * v + c.b1 * us
        let vn = c.m21 * x + c.m22 * v + c.b2 * us
        x = xn
        v = vn
    }

    /// Two updates with set `c` at once, from the state (x0, v0) before the first and the two
    /// input sums: M²·s + (M·b·us0 + b·us1). The state enters through one multiply and two
    /// adds, as in ``oneStep(_:input:x:v:)``, for two samples. O(1).
    @inlinable @inline(__always) @_noLocks
    static func twoSteps(_ c: LRACoefficients, x0: Double, v0: Double, input0 us0: Double, input1 us1: Double,
                         x: inout Double, v: inout Double) {
        x = c.mm11 * x0 + c.mm12 * v0 + (c.mb1 * us0 + c.b1 * us1)
        v = c.mm21 * x0 + c.mm22 * v0 + (c.mb2 * us0 + c.b2 * us1)
    }

    /// Body acceleration in g for force `u` and the updated state. O(1).
    @inlinable @inline(__always) @_noLocks
    static func acceleration(_ c: LRACoefficients, force u: Double, x: Double, v: Double) -> Double {
        c.gF * u + c.gx * x + c.gv * v
    }

    @inlinable @_noLocks
    mutating func select(_ code: Int) {
        regime = code
        switch code {
        case 0: active = lowZ
        case 1: active = hiZ
        case 2: active = lowZContact
        default: active = hiZContact
        }
    }

    /// Runs a block: `drive[i]` volts in, body acceleration in g out (`acceleration[i]`), then
    /// snaps denormal-range state to zero once. `acceleration.count` must be ≥ `drive.count`.
    /// Per sample exactly `step(volts: drive[i])`, by the block kernel of
    /// ``run(drive:count:excursionGuard:into:)`` with a guard that never acts. O(n), no allocation.
    @inlinable @_noLocks
    public mutating func process(drive: UnsafeBufferPointer<Float>, acceleration: UnsafeMutableBufferPointer<Float>) {
        precondition(acceleration.count >= drive.count, "acceleration buffer shorter than drive")
        if let d = drive.baseAddress, let a = acceleration.baseAddress {
            runBlock(drive: d, count: drive.count, excursionGuard: ExcursionGuard(inactive: ()),
                     into: HapticSignalBuffers(volts: a, voltsScale: 1, acceleration: a, accelerationScale: 1,
                                               excursion: a, excursionScale: 1),
                     allSignals: false)
        }
        flushDenormals()
    }

    /// Denormal guard: zeroes state that has decayed below any meaningful level (x < 1e-18 m,
    /// v < 1e-15 m/s — ~10⁻¹² of the smallest audible motion). Call once per block; O(1).
    /// Choice: the reference asks for the guard without thresholds; these keep the next
    /// samples far from the 1e-308 denormal range while changing nothing measurable.
    @inlinable @_noLocks
    public mutating func flushDenormals() {
        if abs(x) < 1e-18 && abs(v) < 1e-15 && abs(uPrev) < 1e-15 {
            x = 0; v = 0; uPrev = 0
            // An open pair restarts from the zeroed state (its input sum was u_prev: now 0).
            pairX = 0; pairV = 0; pairInput = 0
        }
    }
}
