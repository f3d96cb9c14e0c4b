// Four-float (and four-double) loads and stores at any address: the render loop's SIMD kernels read and
// write scratch rows at arbitrary sample offsets, so nothing here may assume alignment.
// (`loadUnaligned` and `storeBytes` compile to one `movups` each.)

/// Four consecutive floats from any (unaligned) address. O(1).
@inlinable @inline(__always)
func load4(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Four consecutive floats from any (unaligned) read-only address. O(1).
@inlinable @inline(__always)
func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Stores four floats to any (unaligned) address. O(1).
@inlinable @inline(__always)
func store4(_ value: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: value, as: SIMD4<Float>.self)
}

/// Four consecutive doubles from any (unaligned) address. O(1).
@inlinable @inline(__always)
func load4(_ p: UnsafeMutablePointer<Double>) -> SIMD4<Double> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Double>.self)
}

/// Stores four doubles to any (unaligned) address. O(1).
@inlinable @inline(__always)
func store4(_ value: SIMD4<Double>, _ p: UnsafeMutablePointer<Double>) {
    UnsafeMutableRawPointer(p).storeBytes(of: value, as: SIMD4<Double>.self)
}
