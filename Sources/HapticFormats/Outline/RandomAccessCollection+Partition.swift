extension RandomAccessCollection {
    /// The first index whose element belongs in the second partition, the collection being
    /// partitioned by `belongsInSecondPartition` (false for a prefix, true after it);
    /// `endIndex` when none does. Binary search, as swift-algorithms' method of this name.
    ///
    /// - Complexity: O(log n) calls of `belongsInSecondPartition`.
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(low, offsetBy: half)
            if belongsInSecondPartition(self[mid]) {
                count = half
            } else {
                low = index(after: mid)
                count -= half + 1
            }
        }
        return low
    }
}
