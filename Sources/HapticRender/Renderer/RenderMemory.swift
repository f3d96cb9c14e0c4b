/// The one owner of a renderer's memory: every buffer its stages read and write is allocated
/// here at prepare time, and all of it is freed together when the renderer goes away.
///
/// The stages hold raw pointers into these buffers (the render loop must not touch reference
/// counts); the renderer holds this object, so the pointers stay valid exactly as long as the
/// stages that use them. Only trivial types are stored, so nothing needs deinitializing.
final class RenderMemory {
    private var blocks: [UnsafeMutableRawPointer] = []
    /// Objects that own memory of their own the stages point into (the drive tables).
    private var retained: [AnyObject] = []

    /// `count` (at least one) values, each `value`. O(count).
    func allocate<T>(_ count: Int, repeating value: T) -> UnsafeMutablePointer<T> {
        let p = uninitialized(T.self, count: count)
        p.initialize(repeating: value, count: max(count, 1))
        return p
    }

    /// A copy of `values` (at least one slot). O(count).
    func copy<T>(_ values: some Collection<T>) -> UnsafeMutablePointer<T> {
        let p = uninitialized(T.self, count: values.count)
        _ = UnsafeMutableBufferPointer(start: p, count: values.count).initialize(from: values)
        return p
    }

    /// Room for `count` (at least one) values of a trivial type, to be assigned before use. O(1).
    func uninitialized<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        precondition(_isPOD(T.self), "render memory holds trivial types only")
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        blocks.append(UnsafeMutableRawPointer(p))
        return p
    }

    /// Keeps `owner` alive as long as this memory (for pointers into memory it owns).
    func retain(_ owner: AnyObject) { retained.append(owner) }

    deinit { for block in blocks { block.deallocate() } }
}
