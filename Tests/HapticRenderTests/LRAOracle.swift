import HapticRender

/// Test oracle: the exact zero-order-hold discretization of the 3-state electromechanical
/// model with coil inductance (docs/physics.md, Discrete-time model).
///
/// ```
/// A = [[−Re/Le, 0, −Bl/Le], [0, 0, 1], [Bl/μ, −k/μ, −c_m/μ]],  B = [1/Le, 0, 0]ᵀ
/// [Ad Bd; 0 I] = expm([[A, B]; [0, 0]]·T)
/// s[n+1] = Ad·s[n] + Bd·V[n]          a = −(loc/M)·(Bl·i − k·x − c_m·v)
/// ```
///
/// Linear, always low-Z, no clamp and no end-stop: it checks the cheap path, it does not
/// replace it. `expm` is computed once at init by scaling-and-squaring with a degree-18 Taylor
/// series (the scaled norm is ≤ 0.5, so the truncation error is < 1e-20) — plain Swift, Double.
/// If `Le` is 0 the electrical pole is placed at 1e9 rad/s (i follows V instantly).
/// ~15 mul + 11 add per sample.
struct LRAOracle: Sendable {
    /// State [i, x, v].
    private(set) var state: (i: Double, x: Double, v: Double) = (0, 0, 0)
    /// Ad (row-major 3×3) and Bd.
    let ad: [Double]
    let bd: [Double]
    let outI: Double, outX: Double, outV: Double

    init(profile p: LRAProfile, sampleRate: Double = 48_000) {
        let mu = p.reducedMass
        let k = p.stiffness
        let cm = p.mechanicalDamping
        let bl = p.forceFactor
        let re = p.coilResistance
        let le = p.coilInductance > 0 ? p.coilInductance : re / 1e9
        let T = 1 / sampleRate
        // Augmented 4×4 matrix M = [[A, B]; [0, 0]]·T, row-major.
        var m = [Double](repeating: 0, count: 16)
        m[0] = -re / le
        m[2] = -bl / le
        m[3] = 1 / le
        m[4 + 2] = 1
        m[8] = bl / mu
        m[8 + 1] = -k / mu
        m[8 + 2] = -cm / mu
        for j in 0..<16 { m[j] *= T }
        let e = Self.expm(m, n: 4)
        ad = [e[0], e[1], e[2], e[4], e[5], e[6], e[8], e[9], e[10]]
        bd = [e[3], e[7], e[11]]
        let g = -p.locationFactor / (p.bodyMass * ActuatorProfile.standardGravity)
        outI = g * bl
        outX = -g * k
        outV = -g * cm
    }

    /// Applies `volts` held over one sample; returns body acceleration (g) at the end of the
    /// interval. (Relative to the trapezoidal model this output is half a sample early; the
    /// average of two consecutive outputs aligns them — see the tests.)
    mutating func step(volts: Double) -> Double {
        let (i, x, v) = state
        let ni = ad[0] * i + ad[1] * x + ad[2] * v + bd[0] * volts
        let nx = ad[3] * i + ad[4] * x + ad[5] * v + bd[1] * volts
        let nv = ad[6] * i + ad[7] * x + ad[8] * v + bd[2] * volts
        state = (ni, nx, nv)
        return outI * ni + outX * nx + outV * nv
    }

    /// Back to rest (zero current, excursion and velocity).
    mutating func reset() { state = (0, 0, 0) }

    /// Matrix exponential of the n×n row-major matrix `a` by scaling and squaring + Taylor.
    /// O(n³·(18 + s)), s = log2 of the norm. Setup-time only.
    static func expm(_ a: [Double], n: Int) -> [Double] {
        var norm = 0.0
        for r in 0..<n {
            var row = 0.0
            for c in 0..<n { row += abs(a[r * n + c]) }
            norm = max(norm, row)
        }
        var s = 0
        var scale = 1.0
        while norm * scale > 0.5 {
            scale *= 0.5
            s += 1
        }
        let x = a.map { $0 * scale }
        func mul(_ p: [Double], _ q: [Double]) -> [Double] {
            var r = [Double](repeating: 0, count: n * n)
            for i in 0..<n {
                for k in 0..<n {
                    let pik = p[i * n + k]
                    for j in 0..<n { r[i * n + j] += pik * q[k * n + j] }
                }
            }
            return r
        }
        var result = [Double](repeating: 0, count: n * n)
        for i in 0..<n { result[i * n + i] = 1 }
        var term = result
        for k in 1...18 {
            term = mul(term, x).map { $0 / Double(k) }
            for j in 0..<(n * n) { result[j] += term[j] }
        }
        for _ in 0..<s { result = mul(result, result) }
        return result
    }
}
