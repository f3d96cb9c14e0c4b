/// One sounding stretch of an outline's continuous signal: its points from the last silence
/// before it to the first silence after it.
struct SoundingPiece {
    var points: [OutlinePoint]
    var start: Double { points[0].time }
    var end: Double { points[points.count - 1].time }
    var peak: Double { points.map(\.value).max() ?? 0 }
}

extension PatternOutline {
    /// The continuous signal cut at silences (two zero points in a row) and every
    /// `maxLength` seconds (interpolated points at the cuts); silent pieces dropped.
    /// O(points).
    func soundingPieces(maxLength: Double = .infinity) -> [SoundingPiece] {
        var result: [SoundingPiece] = []
        var current: [OutlinePoint] = []
        for (i, p) in intensity.enumerated() {
            current.append(p)
            let silentAhead = p.value == 0 && i + 1 < intensity.count && intensity[i + 1].value == 0
            if silentAhead || i == intensity.count - 1 {
                result += Self.split(current, every: maxLength)
                current = []
            }
        }
        return result.filter { $0.peak > 0 && $0.end > $0.start }
    }

    /// `points` cut into pieces no longer than `length`.
    private static func split(_ points: [OutlinePoint], every length: Double) -> [SoundingPiece] {
        guard let first = points.first, let last = points.last, last.time - first.time > length
        else {
            return points.count >= 2 ? [SoundingPiece(points: points)] : []
        }
        var pieces: [SoundingPiece] = []
        var cut = first.time + length
        var current: [OutlinePoint] = []
        for p in points {
            while p.time > cut {
                let value = OutlinePoint.interpolate(points, at: cut)
                current.append(OutlinePoint(time: cut, value: value))
                pieces.append(SoundingPiece(points: current))
                current = [OutlinePoint(time: cut, value: value)]
                cut += length
            }
            current.append(p)
        }
        if current.count >= 2 { pieces.append(SoundingPiece(points: current)) }
        return pieces
    }
}
