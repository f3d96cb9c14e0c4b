/// The first index of `range` that belongs in the second partition, the range being
/// partitioned by `belongsInSecondPartition` (false for a prefix, true after it);
/// `range.upperBound` when none does. Binary search — the one every module's sorted lookups
/// use (times, samples, breakpoints, thresholds), C++'s `std::partition_point`.
/// Over plain indices, so a caller on the render thread (a seek) runs no generic collection
/// code: nothing allocates, in a debug build too.
///
/// - Complexity: O(log n) calls of `belongsInSecondPartition`.
@inlinable
package func partitionPoint(
    in range: Range<Int>, where belongsInSecondPartition: (Int) -> Bool
) -> Int {
    var low = range.lowerBound
    var count = range.upperBound - range.lowerBound
    while count > 0 {
        let half = count / 2
        let mid = low + half
        if belongsInSecondPartition(mid) {
            count = half
        } else {
            low = mid + 1
            count -= half + 1
        }
    }
    return low
}

extension RandomAccessCollection where Index == Int {
    /// ``partitionPoint(in:where:)`` over the elements, as swift-algorithms' method of this name.
    ///
    /// - Complexity: O(log n) calls of `belongsInSecondPartition`.
    @inlinable
    package func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        partitionPoint(in: startIndex..<endIndex) {
            belongsInSecondPartition(self[$0])
        }
    }
}
