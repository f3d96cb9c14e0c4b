/// Simplifies one stretch of an equally spaced envelope to its outline: Visvalingam–Whyatt
/// line simplification, which repeatedly drops the point whose triangle with its two
/// neighbours has the smallest area, until `keep` points remain. The first and last points
/// always stay. A hit's rise and peak survive as corners; the wobble of a tail goes.
///
/// Designers' tools reduce their millisecond envelope this way, a second at a time, to the
/// 40 or so breakpoints per second a designer then edits; the rises between those breakpoints
/// are where such a tool proposes an emphasis.
final class OutlineReducer {
    private var capacity = 0
    private var previous = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var next = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var removed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// A binary min-heap of triangles; stale ones (a neighbour went) are skipped when popped.
    private var heap = UnsafeMutablePointer<Triangle>.allocate(capacity: 1)
    private var heapCount = 0

    private struct Triangle {
        var area: Float
        var left: Int32, middle: Int32, right: Int32

        /// Smaller area first; ties by position, so the result never depends on the heap's
        /// internal order.
        @inline(__always)
        static func < (a: Triangle, b: Triangle) -> Bool {
            a.area < b.area || (a.area == b.area && a.middle < b.middle)
        }
    }

    deinit {
        previous.deallocate()
        next.deallocate()
        removed.deallocate()
        heap.deallocate()
    }

    /// The indices of `values` kept, ascending. Deterministic.
    /// - Complexity: O(n log n).
    func reduce(_ values: UnsafeBufferPointer<Float>, keep: Int) -> [Int] {
        let n = values.count
        guard n > keep, n > 2 else { return Array(0..<n) }
        reserve(n)
        for i in 0..<n {
            previous[i] = Int32(i - 1)
            next[i] = Int32(i + 1)
            removed[i] = false
        }
        heapCount = 0
        for i in 1..<(n - 1) {
            push(
                Triangle(
                    area: area(values, i - 1, i, i + 1), left: Int32(i - 1), middle: Int32(i),
                    right: Int32(i + 1)))
        }
        var count = n
        while count > keep, heapCount > 0 {
            let t = pop()
            let m = Int(t.middle)
            guard !removed[m], previous[m] == t.left, next[m] == t.right else { continue }
            removed[m] = true
            let l = Int(t.left)
            let r = Int(t.right)
            next[l] = Int32(r)
            previous[r] = Int32(l)
            count -= 1
            rescore(l, values)
            rescore(r, values)
        }
        var kept: [Int] = []
        kept.reserveCapacity(count)
        for i in 0..<n where !removed[i] { kept.append(i) }
        return kept
    }

    /// Room for `n` points and their triangles (each removal pushes at most two).
    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        previous.deallocate()
        next.deallocate()
        removed.deallocate()
        heap.deallocate()
        capacity = n
        previous = .allocate(capacity: n)
        next = .allocate(capacity: n)
        removed = .allocate(capacity: n)
        heap = .allocate(capacity: 3 * n)
    }

    /// Pushes point `c`'s triangle with its current neighbours (none at either end).
    @inline(__always)
    private func rescore(_ c: Int, _ values: UnsafeBufferPointer<Float>) {
        let a = Int(previous[c])
        let b = Int(next[c])
        guard a >= 0, b < values.count else { return }
        push(
            Triangle(area: area(values, a, c, b), left: Int32(a), middle: Int32(c), right: Int32(b))
        )
    }

    /// Twice the triangle's area, with the points one unit apart in time.
    @inline(__always)
    private func area(_ v: UnsafeBufferPointer<Float>, _ a: Int, _ b: Int, _ c: Int) -> Float {
        abs(Float(a - b) * (v[c] - v[b]) - Float(c - b) * (v[a] - v[b]))
    }

    @inline(__always)
    private func push(_ t: Triangle) {
        var i = heapCount
        heapCount += 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard t < heap[parent] else { break }
            heap[i] = heap[parent]
            i = parent
        }
        heap[i] = t
    }

    @inline(__always)
    private func pop() -> Triangle {
        let top = heap[0]
        heapCount -= 1
        let last = heap[heapCount]
        var i = 0
        while true {
            let l = 2 * i + 1
            guard l < heapCount else { break }
            let r = l + 1
            let child = r < heapCount && heap[r] < heap[l] ? r : l
            guard heap[child] < last else { break }
            heap[i] = heap[child]
            i = child
        }
        heap[i] = last
        return top
    }
}
