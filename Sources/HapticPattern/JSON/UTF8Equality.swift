/// Whether two byte sequences are equal, comparing whole words.
///
/// Decoding compares every key and name with a few candidates, most 4–30 bytes long: the
/// standard library's generic `elementsEqual` walks iterators one byte at a time and
/// dominated that. Here a sequence of 8 bytes or more is compared as 64-bit words, the
/// last one overlapping the one before; 4–7 bytes as two overlapping 32-bit words; 1–3
/// bytes as its first, middle and last byte. O(count / 8).
@inline(__always)
func utf8Equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    let ra = UnsafeRawPointer(pa)
    let rb = UnsafeRawPointer(pb)
    if count >= 8 {
        var i = 0
        while i + 8 < count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        return ra.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == rb.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return ra.loadUnaligned(as: UInt32.self) == rb.loadUnaligned(as: UInt32.self)
            && ra.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                == rb.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    return pa[0] == pb[0] && pa[count / 2] == pb[count / 2] && pa[count - 1] == pb[count - 1]
}

extension StaticString {
    /// The literal's UTF-8 bytes (static storage: valid for the program's lifetime).
    @inline(__always) var utf8Bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
