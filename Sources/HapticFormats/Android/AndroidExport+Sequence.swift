import HapticPattern

extension AndroidExport {
    /// A primitive for a transient, and its scale: `CLICK`, or for a transient at most half a
    /// click's drive `LOW_TICK` (sharpness < ⅓) or `TICK` (sharpness > ⅔). The scale keeps the
    /// drive: amplitude (intensity²) ÷ the primitive's strength.
    func primitive(for t: OutlineTransient) -> (primitive: AndroidPrimitive, scale: Double) {
        let amplitude = t.intensity * t.intensity
        var p = AndroidPrimitive.click
        if amplitude <= AndroidPrimitive.tick.relativeStrength {
            if t.sharpness < 1.0 / 3 { p = .lowTick } else if t.sharpness > 2.0 / 3 { p = .tick }
        }
        return (p, AndroidExport.fourDecimals(min(amplitude / p.relativeStrength, 1)))
    }

    /// The sharpness a primitive plays with in the device model.
    func sharpness(of p: AndroidPrimitive) -> Double {
        switch p {
        case .tick: return 1
        case .lowTick, .thud: return 0
        default: return device.resonanceSharpness
        }
    }

    /// Transients as primitives (back to back where they would overlap) and the continuous
    /// signal between them as `continuous(a, b, free)` (nil: nothing to play there; `free`:
    /// until when it may sound — where the next segment starts, `Int.max` after the last, `b`
    /// when a primitive cuts it), in time order; continuous parts longer than `maxPartMs` cut
    /// into equal parts (noted).
    func sequence(
        _ outline: PatternOutline, maxPartMs: Int = .max, notes: inout [ConversionNote],
        continuous: (Int, Int, Int, inout [ConversionNote]) -> AndroidSegment.Content?
    ) -> AndroidSequence {
        // Primitive windows.
        var windows: [(start: Int, end: Int, step: AndroidPrimitiveStep)] = []
        for t in outline.transients {
            let (p, scale) = primitive(for: t)
            let planned = Self.ms(t.time)
            let start = max(planned, windows.last?.end ?? .min)
            if start > planned {
                notes.record(
                    .transientShifted, at: t.time,
                    "A transient closer to the one before than that primitive lasts (\(windows.last!.step.primitive.pixelDurationMs) ms on a Pixel) plays after it."
                )
            }
            if abs(sharpness(of: p) - t.sharpness) > 0.15 {
                notes.record(
                    .transientSharpnessQuantized, at: t.time,
                    "A primitive has its own character: transient sharpness is reduced to CLICK, TICK (sharp, light) or LOW_TICK (dull, light)."
                )
            }
            windows.append(
                (
                    start, start + p.pixelDurationMs,
                    AndroidPrimitiveStep(primitive: p, scale: scale, atMs: 0, delayMs: 0)
                ))
        }
        // The continuous pieces outside the windows (which are in time order, each ending
        // before the next starts).
        var parts: [(start: Int, end: Int)] = []
        for piece in outline.soundingPieces() {
            var cursor = Self.ms(piece.start)
            let stop = Self.ms(piece.end)
            var k = windows.partitioningIndex { $0.end > cursor }
            while k < windows.count, windows[k].start < stop {
                if windows[k].start > cursor { parts.append((cursor, windows[k].start)) }
                cursor = windows[k].end
                k += 1
            }
            if stop > cursor { parts.append((cursor, stop)) }
        }
        parts = parts.flatMap { part -> [(start: Int, end: Int)] in
            let length = part.end - part.start
            guard length > maxPartMs else { return [part] }
            notes.record(
                .beyondPlatformMaximum, at: Double(part.start) / 1000,
                "A continuous part longer than one envelope holds (\(maxPartMs) ms: \(Self.envelopeMaxPoints) control points of at most \(Self.envelopeMaxPointMs) ms) plays as several, each returning to 0."
            )
            let count = (length + maxPartMs - 1) / maxPartMs
            return (0..<count).map {
                (part.start + length * $0 / count, part.start + length * ($0 + 1) / count)
            }
        }
        /// The index of the first window starting at or after `ms`.
        func firstWindow(from ms: Int) -> Int { windows.partitioningIndex { $0.start >= ms } }
        /// Where the segment after part `index` starts (the next primitive's or part's); a part
        /// cut off by a primitive ends where it is, leaving its remnant to the primitive's ring.
        func free(after index: Int) -> Int {
            let part = parts[index]
            let next = firstWindow(from: part.end)
            let before = firstWindow(from: part.start) - 1
            if (next < windows.count && windows[next].start == part.end)
                || (before >= 0 && windows[before].end == part.start)
            {
                return part.end
            }
            let nextPart = index + 1 < parts.count ? parts[index + 1].start : .max
            return min(next < windows.count ? windows[next].start : .max, nextPart)
        }
        // Merge in time order: primitives with nothing between them share a composition.
        var segments: [AndroidSegment] = []
        // The composition being built: its steps, where it starts and where its last ends.
        var group: [AndroidPrimitiveStep] = []
        var groupStart = 0
        var groupEnd = 0
        func flush() {
            if !group.isEmpty {
                segments.append(AndroidSegment(startMs: groupStart, .primitives(group)))
            }
            group = []
        }
        var p = 0
        for w in windows {
            while p < parts.count, parts[p].start < w.start {
                if let content = continuous(parts[p].start, parts[p].end, free(after: p), &notes) {
                    flush()
                    segments.append(AndroidSegment(startMs: parts[p].start, content))
                }
                p += 1
            }
            var step = w.step
            if group.isEmpty {
                groupStart = w.start
            } else {
                step.atMs = w.start - groupStart
                step.delayMs = w.start - groupEnd
            }
            group.append(step)
            groupEnd = w.end
        }
        flush()
        for i in p..<parts.count {
            if let content = continuous(parts[i].start, parts[i].end, free(after: i), &notes) {
                segments.append(AndroidSegment(startMs: parts[i].start, content))
            }
        }
        return AndroidSequence(segments: segments)
    }
}
