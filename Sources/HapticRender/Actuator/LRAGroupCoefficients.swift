/// One ``LRACoefficients`` set in the form ``LRAModel`` steps it: groups of four samples, each
/// lane computed directly from the group's first state (its *anchor*), in Float.
///
/// With M and b of the set and the input sums `us_j = u_j + u_{j−1}`, the state after lane
/// k's sample (k = 0…3) is
///
/// ```
/// s_k = M^(k+1)·s_anchor + Σ_{j ≤ k} M^(k−j)·b·us_j
/// ```
///
/// so the four lanes are independent given the anchor: a block kernel computes them as one
/// `SIMD4<Float>` each for x and v, and the recursion advances one group per multiply-add
/// chain (the next anchor is lane 3). `mx, my` (`nx, ny`) hold lane k's row of M^(k+1) for x
/// (v); `cx[j], cv[j]` hold the coefficient of `us_j` in every lane — zero in lanes k < j.
/// Every entry is computed in Double and rounded once.
///
/// Why Float: the group form in Float is ~⅓ of the instructions of the former Double pair form
/// per sample (one SSE register holds four lanes). The recursion's accuracy (measured, see
/// ``LRAModel``) stays far inside the model's tests: the poles' relative error from rounding
/// M⁴ is ~1e-7, against a per-group decay of ≥ 2.6e-4 (the least damped preset, Hi-Z).
@usableFromInline struct LRAGroupCoefficients: Sendable {
    @usableFromInline typealias Lanes = SIMD4<Float>
    @usableFromInline var mx: Lanes, my: Lanes, nx: Lanes, ny: Lanes
    @usableFromInline var cx0: Lanes, cx1: Lanes, cx2: Lanes, cx3: Lanes
    @usableFromInline var cv0: Lanes, cv1: Lanes, cv2: Lanes, cv3: Lanes
    /// Output gains (see ``LRACoefficients``), drive force per volt and end-stop force.
    @usableFromInline var gF: Float, gx: Float, gv: Float
    @usableFromInline var forcePerVolt: Float, stopForce: Float

    /// Setup-time: four matrix powers and their products with b, in Double.
    @usableFromInline init(_ c: LRACoefficients) {
        typealias D4 = SIMD4<Double>
        // power[k] = M^(k+1) as (a11, a12, a21, a22); input[i] = M^i·b as (x, v).
        var power: [D4] = [D4(c.m11, c.m12, c.m21, c.m22)]
        var input: [SIMD2<Double>] = [SIMD2(c.b1, c.b2)]
        for k in 1..<4 {
            let p = power[k - 1]
            power.append(D4(c.m11 * p[0] + c.m12 * p[2], c.m11 * p[1] + c.m12 * p[3],
                            c.m21 * p[0] + c.m22 * p[2], c.m21 * p[1] + c.m22 * p[3]))
            let q = input[k - 1]
            input.append(SIMD2(c.m11 * q[0] + c.m12 * q[1], c.m21 * q[0] + c.m22 * q[1]))
        }
        func lanes(_ f: (Int) -> Double) -> Lanes { Lanes(Float(f(0)), Float(f(1)), Float(f(2)), Float(f(3))) }
        func column(_ j: Int, _ component: Int) -> Lanes { lanes { $0 >= j ? input[$0 - j][component] : 0 } }
        mx = lanes { power[$0][0] }
        my = lanes { power[$0][1] }
        nx = lanes { power[$0][2] }
        ny = lanes { power[$0][3] }
        cx0 = column(0, 0); cx1 = column(1, 0); cx2 = column(2, 0); cx3 = column(3, 0)
        cv0 = column(0, 1); cv1 = column(1, 1); cv2 = column(2, 1); cv3 = column(3, 1)
        gF = Float(c.gF); gx = Float(c.gx); gv = Float(c.gv)
        forcePerVolt = Float(c.forcePerVolt)
        stopForce = Float(c.stopForce)
    }

    /// The four lanes' x and v from the anchor state `(x0, v0)` (in every lane) and the input
    /// sums `us` (lane j = us_j): `(M·s + (inputs))` with the inputs summed as a tree, so the
    /// anchor enters through one multiply and two adds (the group recursion's critical path).
    ///
    /// Lane k must not depend on the inputs after its own sample, which the per-sample step
    /// (``lane(_:x0:v0:inputs:)``) does not know yet: there they are +0, so here an input is
    /// masked to +0 in the lanes before it (`0·us` would be −0 for a negative `us`, and a
    /// zero's sign can reach a zero result). Then every lane equals the scalar form operation for
    /// operation. O(1), no branches.
    @inlinable @inline(__always) @_noLocks
    func lanes(x0 x: Lanes, v0 v: Lanes, us: Lanes) -> (x: Lanes, v: Lanes) {
        typealias Mask = SIMD4<UInt32>
        let u0 = Lanes(repeating: us[0])
        let u1 = unsafeBitCast(Mask(repeating: us[1].bitPattern) & Mask(0, ~0, ~0, ~0), to: Lanes.self)
        let u2 = unsafeBitCast(Mask(repeating: us[2].bitPattern) & Mask(0, 0, ~0, ~0), to: Lanes.self)
        let u3 = unsafeBitCast(Mask(repeating: us[3].bitPattern) & Mask(0, 0, 0, ~0), to: Lanes.self)
        let ix = (cx0 * u0 + cx1 * u1) + (cx2 * u2 + cx3 * u3)
        let iv = (cv0 * u0 + cv1 * u1) + (cv2 * u2 + cv3 * u3)
        return ((mx * x + my * v) + ix, (nx * x + ny * v) + iv)
    }

    /// Lane `k` of ``lanes(x0:v0:us:)`` in scalar form — the same operations, so the same bits
    /// — for the per-sample step: `inputs` holds the input sums from the anchor up to this
    /// sample, +0 after it. O(1).
    @inlinable @inline(__always) @_noLocks
    func lane(_ k: Int, x0: Float, v0: Float, inputs u: Lanes) -> (x: Float, v: Float) {
        let ix = (cx0[k] * u[0] + cx1[k] * u[1]) + (cx2[k] * u[2] + cx3[k] * u[3])
        let iv = (cv0[k] * u[0] + cv1[k] * u[1]) + (cv2[k] * u[2] + cv3[k] * u[3])
        return ((mx[k] * x0 + my[k] * v0) + ix, (nx[k] * x0 + ny[k] * v0) + iv)
    }

    /// Body acceleration in g of each lane, from its force and state. O(1).
    @inlinable @inline(__always) @_noLocks
    func acceleration(force u: Lanes, x: Lanes, v: Lanes) -> Lanes {
        (gF * u + gx * x) + gv * v
    }

    /// One lane of ``acceleration(force:x:v:)`` — the same operations. O(1).
    @inlinable @inline(__always) @_noLocks
    func acceleration(force u: Float, x: Float, v: Float) -> Float {
        (gF * u + gx * x) + gv * v
    }
}
