/// The resolved content of one node, in the node's own time frame (its origin at 0),
/// plus what it does to the enclosing cursor. See ``Pattern`` for the rules.
struct PatternLayout: Sendable {
    var events: [HapticEvent] = []
    var parameters: [DynamicParameter] = []
    var curves: [ParameterCurve] = []
    /// How far the node moves the cursor (its sequential length), unscaled.
    var length: Double = 0
    /// Whether the node moves the cursor at all (events, pauses, groups holding either).
    var advances = false
    /// Whether a gap is pending after the node (it ended with an event).
    var endsWithGap = false

    /// Adds `child`'s content with its time frame mapped by `t ↦ origin + scale × t`.
    mutating func place(_ child: PatternLayout, origin: Double, scale: Double) {
        for var event in child.events {
            event.time = origin + scale * event.time
            if event.type != .hapticTransient, let duration = event.duration {
                event.duration = scale * duration
            }
            events.append(event)
        }
        for var parameter in child.parameters {
            parameter.time = origin + scale * parameter.time
            parameters.append(parameter)
        }
        for var curve in child.curves {
            curve.time = origin + scale * curve.time
            for i in curve.points.indices { curve.points[i].time *= scale }
            curves.append(curve)
        }
    }
}

extension PatternNode {
    /// Lays the node's content out in its own time frame. `inheritedGap` is the gap of the
    /// enclosing sequential group, used by groups that do not set their own.
    func layout(inheritedGap: Double) -> PatternLayout {
        switch content {
        case .event(let event, let advance):
            return PatternLayout(
                events: [event], length: advance, advances: true, endsWithGap: true)
        case .pause(let duration):
            return PatternLayout(length: duration, advances: true, endsWithGap: false)
        case .control(let id, let value):
            return PatternLayout(parameters: [DynamicParameter(id: id, time: 0, value: value)])
        case .curve(let id, let points):
            return PatternLayout(curves: [ParameterCurve(id: id, time: 0, points: points)])
        case .fragment(let nodes):
            // A fragment with its own timing behaves as an inline sequential group.
            return Self.layoutSequence(nodes, gap: inheritedGap)
        case .sequence(let nodes, let gap):
            return Self.layoutSequence(nodes, gap: gap ?? inheritedGap)
        case .parallel(let nodes):
            return Self.layoutParallel(nodes, inheritedGap: inheritedGap)
        }
    }

    /// The nodes with untimed fragments (builder blocks, arrays, optionals) expanded in place.
    static func flattened(_ nodes: [PatternNode]) -> [PatternNode] {
        var result: [PatternNode] = []
        result.reserveCapacity(nodes.count)
        for node in nodes {
            if case .fragment(let inner) = node.content, node.timing == ElementTiming() {
                result.append(contentsOf: flattened(inner))
            } else {
                result.append(node)
            }
        }
        return result
    }

    /// The cursor rules: an unpinned node starts at the cursor plus the pending gap; a
    /// node that advances moves the cursor to its end and sets whether a gap is pending;
    /// pinned nodes, controls and curves leave the cursor alone.
    static func layoutSequence(_ nodes: [PatternNode], gap: Double) -> PatternLayout {
        var result = PatternLayout()
        var cursor = 0.0
        var gapPending = false
        for node in flattened(nodes) {
            let child = node.layout(inheritedGap: gap)
            let timing = node.timing
            if let pinned = timing.pinnedTime {
                result.place(child, origin: pinned + timing.offset, scale: timing.scale)
                continue
            }
            let start = cursor + (gapPending ? gap : 0)
            result.place(child, origin: start + timing.offset, scale: timing.scale)
            if child.advances {
                cursor = start + child.length * timing.scale
                gapPending = child.endsWithGap
                result.advances = true
            }
        }
        result.length = cursor
        result.endsWithGap = gapPending
        return result
    }

    /// Every branch starts at the group's origin; the group lasts as long as its longest
    /// unpinned branch and leaves a gap pending when any branch ended with an event.
    static func layoutParallel(_ nodes: [PatternNode], inheritedGap: Double) -> PatternLayout {
        var result = PatternLayout()
        for node in flattened(nodes) {
            let child = node.layout(inheritedGap: inheritedGap)
            let timing = node.timing
            result.place(
                child, origin: (timing.pinnedTime ?? 0) + timing.offset, scale: timing.scale)
            if timing.pinnedTime == nil, child.advances {
                result.advances = true
                result.length = max(result.length, child.length * timing.scale)
                result.endsWithGap = result.endsWithGap || child.endsWithGap
            }
        }
        return result
    }
}
