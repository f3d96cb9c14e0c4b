#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real-input FFT of one fixed power-of-two size: the `size / 2`-point complex FFT of the
/// even and odd samples as one complex signal, then one pass that separates the two spectra.
///
/// The complex transform is a radix-4 Stockham FFT (out of place, no bit reversal) on split
/// real and imaginary arrays, with a radix-2 stage when `size / 2` is not a power of 4. After
/// its first stage every butterfly group runs over four or more consecutive values with one
/// twiddle, which the compiler turns into vector instructions.
///
/// A class because it owns the twiddle tables and scratch buffers every transform reuses:
/// `powerSpectrum(of:into:)` allocates nothing. Not thread-safe; make one per thread.
public final class RealFFT {
    /// The transform size (samples in, `size / 2 + 1` bins out).
    public let size: Int
    private let half: Int
    /// Per radix-4 stage: the twiddles W^p, W^2p, W^3p of its length, p = 0 ..< length/4.
    private var stageTwiddles: [[Float]] = []
    /// e^(−2πik/size) for k = 0 ..< half/2 + 1, which the split pass uses.
    private let splitCos: [Float]
    private let splitSin: [Float]
    private var re0: [Float]
    private var im0: [Float]
    private var re1: [Float]
    private var im1: [Float]

    /// - Precondition: `size` is a power of two ≥ 16.
    public init(size: Int) {
        precondition(size >= 16 && size & (size - 1) == 0, "RealFFT needs a power of two ≥ 16")
        self.size = size
        half = size / 2
        var n = half
        while n >= 4 {
            let m = n / 4
            var t = [Float](repeating: 0, count: 6 * m)
            for p in 0..<m {
                for k in 1...3 {
                    let angle = -2 * Double.pi * Double(k * p) / Double(n)
                    t[(k - 1) * 2 * m + p] = Float(cos(angle))
                    t[(k - 1) * 2 * m + m + p] = Float(sin(angle))
                }
            }
            stageTwiddles.append(t)
            n /= 4
        }
        splitCos = (0...(half / 2)).map { Float(cos(-2 * Double.pi * Double($0) / Double(size))) }
        splitSin = (0...(half / 2)).map { Float(sin(-2 * Double.pi * Double($0) / Double(size))) }
        re0 = [Float](repeating: 0, count: half)
        im0 = re0
        re1 = re0
        im1 = re0
    }

    /// Writes |X[k]|² for k = 0 … size/2 of `samples` (exactly `size` values) into `power`.
    /// O(size · log size), no allocation.
    public func powerSpectrum(
        of samples: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(samples.count == size && power.count == size / 2 + 1)
        re0.withUnsafeMutableBufferPointer { r0 in
            im0.withUnsafeMutableBufferPointer { i0 in
                re1.withUnsafeMutableBufferPointer { r1 in
                    im1.withUnsafeMutableBufferPointer { i1 in
                        // Even samples to the real part, odd to the imaginary, eight at a time.
                        let x = samples.baseAddress!
                        var k = 0
                        while k + 8 <= half {
                            let lo = UnsafeRawPointer(x + 2 * k).loadUnaligned(
                                as: SIMD8<Float>.self)
                            let hi = UnsafeRawPointer(x + 2 * k + 8).loadUnaligned(
                                as: SIMD8<Float>.self)
                            let even = SIMD8(lowHalf: lo.evenHalf, highHalf: hi.evenHalf)
                            let odd = SIMD8(lowHalf: lo.oddHalf, highHalf: hi.oddHalf)
                            UnsafeMutableRawPointer(r0.baseAddress! + k).storeBytes(
                                of: even, as: SIMD8<Float>.self)
                            UnsafeMutableRawPointer(i0.baseAddress! + k).storeBytes(
                                of: odd, as: SIMD8<Float>.self)
                            k += 8
                        }
                        while k < half {
                            r0[k] = samples[2 * k]
                            i0[k] = samples[2 * k + 1]
                            k += 1
                        }
                        let inFirst = transform(r0, i0, r1, i1)
                        split(
                            inFirst ? r0 : r1, inFirst ? i0 : i1, into: power)
                    }
                }
            }
        }
    }

    /// The forward complex FFT of (`re`, `im`), using (`re2`, `im2`) as scratch. Returns true
    /// when the result is in the first pair.
    private func transform(
        _ re: UnsafeMutableBufferPointer<Float>, _ im: UnsafeMutableBufferPointer<Float>,
        _ re2: UnsafeMutableBufferPointer<Float>, _ im2: UnsafeMutableBufferPointer<Float>
    ) -> Bool {
        var xr = re.baseAddress!
        var xi = im.baseAddress!
        var yr = re2.baseAddress!
        var yi = im2.baseAddress!
        var n = half
        var s = 1
        var first = true
        for t in stageTwiddles {
            t.withUnsafeBufferPointer { tw in
                Self.radix4(n: n, s: s, xr, xi, yr, yi, tw.baseAddress!)
            }
            swap(&xr, &yr)
            swap(&xi, &yi)
            first.toggle()
            n /= 4
            s *= 4
        }
        if n == 2 {
            for q in 0..<s {
                let ar = xr[q]
                let ai = xi[q]
                let br = xr[q + s]
                let bi = xi[q + s]
                yr[q] = ar + br
                yi[q] = ai + bi
                yr[q + s] = ar - br
                yi[q + s] = ai - bi
            }
            first.toggle()
        }
        return first
    }

    /// One radix-4 stage of length `n` and stride `s` from x into y; `tw` holds the stage's
    /// twiddles (cos and sin of W^p, W^2p, W^3p in runs of n/4). The first stage (stride 1)
    /// runs one butterfly per twiddle; later ones four at a time on vectors.
    @inline(__always)
    private static func radix4(
        n: Int, s: Int, _ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
        _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>,
        _ tw: UnsafePointer<Float>
    ) {
        let m = n / 4
        if s == 1 {
            var p = 0
            if m % 4 == 0 {
                while p < m {
                    firstStageButterflies(xr, xi, yr, yi, p: p, m: m, twiddles: tw)
                    p += 4
                }
            }
            while p < m {
                butterfly(
                    Float(0), xr, xi, yr, yi, at: (p, p + m, p + 2 * m, p + 3 * m), out: 4 * p,
                    stride: 1, twiddles: tw, p: p, m: m)
                p += 1
            }
            return
        }
        for p in 0..<m {
            var q = 0
            while q < s {
                butterfly(
                    SIMD4<Float>(), xr, xi, yr, yi,
                    at: (s * p + q, s * (p + m) + q, s * (p + 2 * m) + q, s * (p + 3 * m) + q),
                    out: s * 4 * p + q, stride: s, twiddles: tw, p: p, m: m)
                q += 4
            }
        }
    }

    /// The first stage's butterflies p … p + 3 at once, one per vector lane, each with its own
    /// twiddles: lane by lane the scalar butterfly's arithmetic (so the same values), its four
    /// outputs stored to `4(p + lane) + r`.
    @inline(__always)
    private static func firstStageButterflies(
        _ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
        _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>, p: Int, m: Int,
        twiddles tw: UnsafePointer<Float>
    ) {
        typealias V = SIMD4<Float>
        func load(_ q: UnsafePointer<Float>) -> V { UnsafeRawPointer(q).loadUnaligned(as: V.self) }
        let c1 = load(tw + p)
        let s1 = load(tw + m + p)
        let c2 = load(tw + 2 * m + p)
        let s2 = load(tw + 3 * m + p)
        let c3 = load(tw + 4 * m + p)
        let s3 = load(tw + 5 * m + p)
        let ar = load(xr + p)
        let ai = load(xi + p)
        let br = load(xr + p + m)
        let bi = load(xi + p + m)
        let cr = load(xr + p + 2 * m)
        let ci = load(xi + p + 2 * m)
        let dr = load(xr + p + 3 * m)
        let di = load(xi + p + 3 * m)
        let apcR = ar + cr
        let apcI = ai + ci
        let amcR = ar - cr
        let amcI = ai - ci
        let bpdR = br + dr
        let bpdI = bi + di
        let jR = bi - di
        let jI = dr - br
        let u1R = amcR + jR
        let u1I = amcI + jI
        let u2R = apcR - bpdR
        let u2I = apcI - bpdI
        let u3R = amcR - jR
        let u3I = amcI - jI
        let outR = (apcR + bpdR, u1R * c1 - u1I * s1, u2R * c2 - u2I * s2, u3R * c3 - u3I * s3)
        let outI = (apcI + bpdI, u1R * s1 + u1I * c1, u2R * s2 + u2I * c2, u3R * s3 + u3I * c3)
        for lane in 0..<4 {
            let o = 4 * (p + lane)
            UnsafeMutableRawPointer(yr + o).storeBytes(
                of: V(outR.0[lane], outR.1[lane], outR.2[lane], outR.3[lane]), as: V.self)
            UnsafeMutableRawPointer(yi + o).storeBytes(
                of: V(outI.0[lane], outI.1[lane], outI.2[lane], outI.3[lane]), as: V.self)
        }
    }

    /// One radix-4 butterfly on scalars or vectors of `V` (the first argument only names the
    /// type): inputs at `at`, outputs at `out + r·stride` for r = 0…3.
    @inline(__always)
    private static func butterfly<V: Lane>(
        _: V, _ xr: UnsafeMutablePointer<Float>, _ xi: UnsafeMutablePointer<Float>,
        _ yr: UnsafeMutablePointer<Float>, _ yi: UnsafeMutablePointer<Float>,
        at: (Int, Int, Int, Int), out: Int, stride s: Int, twiddles tw: UnsafePointer<Float>,
        p: Int, m: Int
    ) {
        let c1 = V(repeating: tw[p])
        let s1 = V(repeating: tw[m + p])
        let c2 = V(repeating: tw[2 * m + p])
        let s2 = V(repeating: tw[3 * m + p])
        let c3 = V(repeating: tw[4 * m + p])
        let s3 = V(repeating: tw[5 * m + p])
        let ar = V.load(xr + at.0)
        let ai = V.load(xi + at.0)
        let br = V.load(xr + at.1)
        let bi = V.load(xi + at.1)
        let cr = V.load(xr + at.2)
        let ci = V.load(xi + at.2)
        let dr = V.load(xr + at.3)
        let di = V.load(xi + at.3)
        let apcR = ar + cr
        let apcI = ai + ci
        let amcR = ar - cr
        let amcI = ai - ci
        let bpdR = br + dr
        let bpdI = bi + di
        // −i·(b − d)
        let jR = bi - di
        let jI = dr - br
        (apcR + bpdR).store(yr + out)
        (apcI + bpdI).store(yi + out)
        let u1R = amcR + jR
        let u1I = amcI + jI
        (u1R * c1 - u1I * s1).store(yr + out + s)
        (u1R * s1 + u1I * c1).store(yi + out + s)
        let u2R = apcR - bpdR
        let u2I = apcI - bpdI
        (u2R * c2 - u2I * s2).store(yr + out + 2 * s)
        (u2R * s2 + u2I * c2).store(yi + out + 2 * s)
        let u3R = amcR - jR
        let u3I = amcI - jI
        (u3R * c3 - u3I * s3).store(yr + out + 3 * s)
        (u3R * s3 + u3I * c3).store(yi + out + 3 * s)
    }

    /// Separates the spectra of the even and odd samples (Z = FFT of x[2n] + i·x[2n+1]) into
    /// the real signal's power spectrum: X[k] = E[k] + W^k·O[k], with
    /// E = (Z[k] + Z*[M−k]) / 2 and O = (Z[k] − Z*[M−k]) / 2i.
    private func split(
        _ zr: UnsafeMutableBufferPointer<Float>, _ zi: UnsafeMutableBufferPointer<Float>,
        into power: UnsafeMutableBufferPointer<Float>
    ) {
        let m = half
        let dc = zr[0] + zi[0]
        let nyquist = zr[0] - zi[0]
        power[0] = dc * dc
        power[m] = nyquist * nyquist
        // Four bins k … k + 3 at once (their mirrors j = m − k … read and written reversed),
        // lane by lane the scalar loop's arithmetic; the scalar loop finishes.
        var k0 = 1
        if m >= 16 {
            typealias V = SIMD4<Float>
            let zrp = zr.baseAddress!
            let zip = zi.baseAddress!
            let pw = power.baseAddress!
            func load(_ q: UnsafePointer<Float>) -> V {
                UnsafeRawPointer(q).loadUnaligned(as: V.self)
            }
            func reversed(_ v: V) -> V { V(v[3], v[2], v[1], v[0]) }
            splitCos.withUnsafeBufferPointer { cosines in
                splitSin.withUnsafeBufferPointer { sines in
                    while k0 + 3 <= m / 2 {
                        let j0 = m - k0 - 3
                        let zrk = load(zrp + k0)
                        let zik = load(zip + k0)
                        let zrj = reversed(load(zrp + j0))
                        let zij = reversed(load(zip + j0))
                        let er = 0.5 * (zrk + zrj)
                        let ei = 0.5 * (zik - zij)
                        let or = 0.5 * (zik + zij)
                        let oi = -0.5 * (zrk - zrj)
                        let c = load(cosines.baseAddress! + k0)
                        let s = load(sines.baseAddress! + k0)
                        let wr = or * c - oi * s
                        let wi = or * s + oi * c
                        let xr = er + wr
                        let xi = ei + wi
                        UnsafeMutableRawPointer(pw + k0).storeBytes(
                            of: xr * xr + xi * xi, as: V.self)
                        let yr = er - wr
                        let yi = ei - wi
                        UnsafeMutableRawPointer(pw + j0).storeBytes(
                            of: reversed(yr * yr + yi * yi), as: V.self)
                        k0 += 4
                    }
                }
            }
        }
        for k in k0..<(m / 2 + 1) {
            let j = m - k
            let er = 0.5 * (zr[k] + zr[j])
            let ei = 0.5 * (zi[k] - zi[j])
            let or = 0.5 * (zi[k] + zi[j])
            let oi = -0.5 * (zr[k] - zr[j])
            let c = splitCos[k]
            let s = splitSin[k]
            let wr = or * c - oi * s
            let wi = or * s + oi * c
            // X[k] = E + W^k·O; X[m−k] = conj(E − W^k·O) (same power).
            let xr = er + wr
            let xi = ei + wi
            power[k] = xr * xr + xi * xi
            let yr = er - wr
            let yi = ei - wi
            power[j] = yr * yr + yi * yi
        }
    }
}

/// What a butterfly computes on: one `Float` or four at a time.
private protocol Lane {
    init(repeating: Float)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func load(_ p: UnsafeMutablePointer<Float>) -> Self
    func store(_ p: UnsafeMutablePointer<Float>)
}

extension Float: Lane {
    @inline(__always) init(repeating value: Float) { self = value }
    @inline(__always) static func load(_ p: UnsafeMutablePointer<Float>) -> Float { p.pointee }
    @inline(__always) func store(_ p: UnsafeMutablePointer<Float>) { p.pointee = self }
}

extension SIMD4<Float>: Lane {
    @inline(__always) static func load(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }
    @inline(__always) func store(_ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: self, as: SIMD4<Float>.self)
    }
}
