internal import CKissFFT

/// A real-input FFT of one fixed power-of-two size over KissFFT (`kiss_fftr`, BSD-3).
///
/// A class because it owns KissFFT's configuration (freed in `deinit`) and scratch buffers
/// that every transform reuses: `powerSpectrum(of:into:)` allocates nothing. Not thread-safe;
/// make one per thread.
public final class RealFFT {
    /// The transform size (samples in, `size / 2 + 1` bins out).
    public let size: Int
    private let configuration: kiss_fftr_cfg
    private var input: [Float]
    private var output: [kiss_fft_cpx]

    /// - Precondition: `size` is even and ≥ 16 (KissFFT's real transform needs an even size).
    public init(size: Int) {
        precondition(size >= 16 && size % 2 == 0, "RealFFT needs an even size ≥ 16")
        guard let cfg = kiss_fftr_alloc(Int32(size), 0, nil, nil) else {
            fatalError("kiss_fftr_alloc(\(size)) failed: out of memory")
        }
        self.size = size
        configuration = cfg
        input = [Float](repeating: 0, count: size)
        output = [kiss_fft_cpx](repeating: kiss_fft_cpx(r: 0, i: 0), count: size / 2 + 1)
    }

    deinit { ckissfft_fftr_free(configuration) }

    /// Writes |X[k]|² for k = 0 … size/2 of `samples` (exactly `size` values) into `power`.
    /// O(size · log size), no allocation.
    public func powerSpectrum(
        of samples: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(samples.count == size && power.count == size / 2 + 1)
        input.withUnsafeMutableBufferPointer { inBuf in
            _ = inBuf.initialize(from: samples)
            output.withUnsafeMutableBufferPointer { outBuf in
                kiss_fftr(configuration, inBuf.baseAddress, outBuf.baseAddress)
                for k in 0..<outBuf.count {
                    let c = outBuf[k]
                    power[k] = c.r * c.r + c.i * c.i
                }
            }
        }
    }
}
