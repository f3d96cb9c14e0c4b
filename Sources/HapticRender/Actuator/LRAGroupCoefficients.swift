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
/// (v). The input part is a convolution: `Σ_m h_m·us_{k−m}` with `h_m = M^m·b` (`hx[m]`,
/// `hv[m]`, the same in every lane), so it is four multiplies of `us` shifted by m lanes
/// (zeros shifted in: lane k never sees an input after its own sample). Every entry is
/// computed in Double and rounded once.
///
/// Why Float: the group form in Float is ~⅓ of the instructions of the former Double pair form
/// per sample (one SSE register holds four lanes). The recursion's accuracy (measured, see
/// ``LRAModel``) stays far inside the model's tests: the poles' relative error from rounding
/// M⁴ is ~1e-7, against a per-group decay of ≥ 2.6e-4 (the least damped preset, Hi-Z).
struct LRAGroupCoefficients: Sendable {
    typealias Lanes = SIMD4<Float>
    var mx: Lanes, my: Lanes, nx: Lanes, ny: Lanes
    var hx0: Lanes, hx1: Lanes, hx2: Lanes, hx3: Lanes
    var hv0: Lanes, hv1: Lanes, hv2: Lanes, hv3: Lanes
    /// Output gains (see ``LRACoefficients``) and drive force per volt in every lane, so the
    /// block kernel multiplies by a register or a memory operand instead of broadcasting a
    /// scalar per group; the per-sample step reads lane 0.
    var gFLanes: Lanes, gxLanes: Lanes, gvLanes: Lanes, forcePerVoltLanes: Lanes
    /// End-stop force.
    var stopForce: Float

    /// Setup-time: four matrix powers and their products with b, in Double.
    init(_ c: LRACoefficients) {
        typealias D4 = SIMD4<Double>
        // power[k] = M^(k+1) as (a11, a12, a21, a22); input[i] = M^i·b as (x, v).
        var power: [D4] = [D4(c.m11, c.m12, c.m21, c.m22)]
        var input: [SIMD2<Double>] = [SIMD2(c.b1, c.b2)]
        for k in 1..<4 {
            let p = power[k - 1]
            power.append(
                D4(
                    c.m11 * p[0] + c.m12 * p[2], c.m11 * p[1] + c.m12 * p[3],
                    c.m21 * p[0] + c.m22 * p[2], c.m21 * p[1] + c.m22 * p[3]))
            let q = input[k - 1]
            input.append(SIMD2(c.m11 * q[0] + c.m12 * q[1], c.m21 * q[0] + c.m22 * q[1]))
        }
        func lanes(_ f: (Int) -> Double) -> Lanes {
            Lanes(Float(f(0)), Float(f(1)), Float(f(2)), Float(f(3)))
        }
        func splat(_ m: Int, _ component: Int) -> Lanes {
            Lanes(repeating: Float(input[m][component]))
        }
        mx = lanes { power[$0][0] }
        my = lanes { power[$0][1] }
        nx = lanes { power[$0][2] }
        ny = lanes { power[$0][3] }
        hx0 = splat(0, 0)
        hx1 = splat(1, 0)
        hx2 = splat(2, 0)
        hx3 = splat(3, 0)
        hv0 = splat(0, 1)
        hv1 = splat(1, 1)
        hv2 = splat(2, 1)
        hv3 = splat(3, 1)
        gFLanes = Lanes(repeating: Float(c.gF))
        gxLanes = Lanes(repeating: Float(c.gx))
        gvLanes = Lanes(repeating: Float(c.gv))
        forcePerVoltLanes = Lanes(repeating: Float(c.forcePerVolt))
        stopForce = Float(c.stopForce)
    }

    /// The four lanes' x and v from the anchor state `(x0, v0)` (in every lane), the group's
    /// forces `u` (lane j = u_j) and the previous group's (`previous`, whose lane 3 is the force
    /// before this group): `(M·s + (inputs))` with the inputs summed as a tree, so the anchor
    /// enters through one multiply and two adds (the group recursion's critical path).
    ///
    /// The input sums `us = u + (u shifted by one lane)`, then `us` shifted by 1, 2, 3 lanes
    /// with +0 shifted in — the value the per-sample step (``lane(_:x0:v0:inputs:)``) uses for
    /// inputs it does not know yet, so every lane equals the scalar form operation for
    /// operation. O(1), no branches.
    @inline(__always)
    func lanes(x0 x: Lanes, v0 v: Lanes, u: Lanes, previous: Lanes) -> (x: Lanes, v: Lanes) {
        let us = u + Lanes(previous[3], u[0], u[1], u[2])
        let s1 = Lanes(0, us[0], us[1], us[2])
        let s2 = Lanes(0, 0, us[0], us[1])
        let s3 = Lanes(0, 0, 0, us[0])
        let ix = (hx0 * us + hx1 * s1) + (hx2 * s2 + hx3 * s3)
        let iv = (hv0 * us + hv1 * s1) + (hv2 * s2 + hv3 * s3)
        return ((mx * x + my * v) + ix, (nx * x + ny * v) + iv)
    }

    /// Lane `k` of ``lanes(x0:v0:u:previous:)`` in scalar form — the same operations, so the
    /// same bits — for the per-sample step: `inputs` holds the input sums from the anchor up
    /// to this sample (lane j = us_j). O(1).
    @inline(__always)
    func lane(_ k: Int, x0: Float, v0: Float, inputs u: Lanes) -> (x: Float, v: Float) {
        let a0 = u[k]
        let a1: Float = k >= 1 ? u[k &- 1] : 0
        let a2: Float = k >= 2 ? u[k &- 2] : 0
        let a3: Float = k >= 3 ? u[k &- 3] : 0
        let ix = (hx0[0] * a0 + hx1[0] * a1) + (hx2[0] * a2 + hx3[0] * a3)
        let iv = (hv0[0] * a0 + hv1[0] * a1) + (hv2[0] * a2 + hv3[0] * a3)
        return ((mx[k] * x0 + my[k] * v0) + ix, (nx[k] * x0 + ny[k] * v0) + iv)
    }

    /// Body acceleration in g of each lane, from its force and state. O(1).
    @inline(__always)
    func acceleration(force u: Lanes, x: Lanes, v: Lanes) -> Lanes {
        (gFLanes * u + gxLanes * x) + gvLanes * v
    }

    /// One lane of ``acceleration(force:x:v:)`` — the same operations. O(1).
    @inline(__always)
    func acceleration(force u: Float, x: Float, v: Float) -> Float {
        (gFLanes[0] * u + gxLanes[0] * x) + gvLanes[0] * v
    }
}
