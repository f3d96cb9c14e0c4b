extension CoreHapticsFacts {
    /// Which of the items writing one dynamic parameter owns its lane, and until when: **the
    /// last started wins**. An item (a `Parameter`, a `ParameterCurve`, a value sent at run
    /// time) owns the lane from its start until the next item starts; of items starting
    /// together the one with the larger `order` wins (callers rank curves over parameters and
    /// later items over earlier ones), the others never own it. Apple documents steps and
    /// linear ramps, not overlaps: this is the renderer's choice (docs/ahap-format.md, Dynamic
    /// parameters), shared by the scheduler and the pattern model's ``ControlLane``.
    ///
    /// - Returns: the owners in time order, each with the start of the item that takes the lane
    ///   over (nil: it keeps it to the end).
    /// - Complexity: O(n log n) for n items.
    public static func laneOwners<Item, Time: Comparable>(
        _ items: [Item], start: (Item) -> Time, order: (Item) -> Int
    ) -> [(item: Item, until: Time?)] {
        let sorted = items.sorted { (start($0), order($0)) < (start($1), order($1)) }
        var owners: [(item: Item, until: Time?)] = []
        owners.reserveCapacity(sorted.count)
        for (i, item) in sorted.enumerated() {
            let until = i + 1 < sorted.count ? start(sorted[i + 1]) : nil
            if let until, start(item) >= until { continue }  // superseded at its own start
            owners.append((item, until))
        }
        return owners
    }
}
