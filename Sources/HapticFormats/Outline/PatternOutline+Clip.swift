extension PatternOutline {
    /// The outline a `.haptic` player plays (docs/formats.md, "Playing a clip"): intensity
    /// √amplitude and sharpness √frequency at the breakpoints (Lofelt's and Meta's laws: Core
    /// Haptics' intensity is perceived about quadratically), each emphasis a transient at
    /// √amplitude with its frequency as sharpness. Frequency breakpoints outside the amplitude
    /// envelope play nothing, so the sharpness is cut to the envelope (a point interpolated at
    /// each cut): they never make the clip last longer. O(breakpoints).
    public init(clip: HapticClip) {
        let sharpness = clip.frequency.map {
            OutlinePoint(time: $0.time, value: $0.frequency.squareRoot())
        }
        self.init(
            intensity: clip.amplitude.map {
                OutlinePoint(time: $0.time, value: $0.amplitude.squareRoot())
            },
            sharpness: clip.amplitude.first.map {
                OutlinePoint.cut(sharpness, to: $0.time...clip.duration)
            } ?? sharpness,
            transients: clip.amplitude.compactMap { p in
                p.emphasis.map {
                    OutlineTransient(
                        time: p.time, intensity: $0.amplitude.squareRoot(), sharpness: $0.frequency)
                }
            },
            duration: clip.duration)
    }
}

extension HapticClip {
    /// The clip that plays `outline` (the inverse of ``PatternOutline/init(clip:)``), valid by
    /// the spec: at least two amplitude breakpoints spanning the outline's duration, each
    /// transient an emphasis on a breakpoint at its time (inserted where there is none),
    /// frequency breakpoints inside the amplitude envelope. What the format cannot hold is
    /// added to `notes`: transients at one time merged, an emphasis below the envelope raised
    /// to it. O(points + transients).
    public init(
        outline: PatternOutline, metadata: Metadata = Metadata(), notes: inout [ConversionNote]
    ) {
        var amplitude = outline.intensity.map {
            AmplitudeBreakpoint(time: $0.time, amplitude: $0.value * $0.value)
        }
        if amplitude.isEmpty {
            amplitude = [
                AmplitudeBreakpoint(time: outline.transients.first?.time ?? 0, amplitude: 0)
            ]
        }
        // Silence before the envelope and after it, where transients or the pattern reach.
        if let first = outline.transients.first, first.time < amplitude[0].time {
            if amplitude[0].amplitude > 0 {
                amplitude.insert(AmplitudeBreakpoint(time: amplitude[0].time, amplitude: 0), at: 0)
            }
            amplitude.insert(AmplitudeBreakpoint(time: first.time, amplitude: 0), at: 0)
        }
        let last = amplitude[amplitude.count - 1]
        let end = max(
            outline.duration, outline.transients.last?.time ?? 0,
            amplitude[0].time + Self.minimumDuration)
        if end > last.time {
            if last.amplitude > 0 {
                amplitude.append(AmplitudeBreakpoint(time: last.time, amplitude: 0))
            }
            amplitude.append(AmplitudeBreakpoint(time: end, amplitude: 0))
        }
        // The envelope with a breakpoint at every transient's time, built in one merge: each
        // transient lands on the last breakpoint at its time or on one inserted there.
        var envelope: [AmplitudeBreakpoint] = []
        envelope.reserveCapacity(amplitude.count + outline.transients.count)
        var next = 0  // the first breakpoint of `amplitude` not yet in `envelope`
        for t in outline.transientsInTimeOrder {
            while next < amplitude.count, amplitude[next].time <= t.time {
                envelope.append(amplitude[next])
                next += 1
            }
            if envelope[envelope.count - 1].time != t.time {
                envelope.append(
                    Self.breakpoint(
                        at: t.time, between: envelope[envelope.count - 1], amplitude[next]))
            }
            let i = envelope.count - 1
            var emphasis = Emphasis(
                amplitude: t.intensity * t.intensity, frequency: min(max(t.sharpness, 0), 1))
            if let existing = envelope[i].emphasis {
                notes.record(
                    .transientsMerged, at: t.time,
                    "Transients at the same time are merged into one emphasis (the stronger one).")
                if existing.amplitude >= emphasis.amplitude { emphasis = existing }
            }
            if emphasis.amplitude < envelope[i].amplitude {
                notes.record(
                    .emphasisRaised, at: t.time,
                    "A transient weaker than the continuous signal under it is raised to the signal's level (a .haptic emphasis is never below its envelope)."
                )
                emphasis.amplitude = envelope[i].amplitude
            }
            envelope[i].emphasis = emphasis
        }
        envelope += amplitude[next...]
        amplitude = envelope
        let start = amplitude[0].time
        let stop = amplitude[amplitude.count - 1].time
        var frequency: [FrequencyBreakpoint] = []
        if !outline.sharpness.isEmpty {
            let inside = outline.sharpness.filter { $0.time > start && $0.time < stop }
            let edges = [
                OutlinePoint(
                    time: start, value: OutlinePoint.interpolate(outline.sharpness, at: start))
            ]
            let last = [
                OutlinePoint(
                    time: stop, value: OutlinePoint.interpolate(outline.sharpness, at: stop))
            ]
            frequency = (edges + inside + last).map {
                FrequencyBreakpoint(time: $0.time, frequency: min(max($0.value * $0.value, 0), 1))
            }
        }
        self.init(
            metadata: metadata, amplitude: amplitude.map(\.rounded),
            frequency: frequency.map(\.rounded))
    }

    /// The shortest clip written for an outline that ends where it starts (one transient):
    /// the spec requires a length > 0.
    static let minimumDuration = 0.001

    /// The breakpoint at `time` on the envelope's line from `a` to `b` (linear in intensity),
    /// `time` strictly between theirs.
    private static func breakpoint(
        at time: Double, between a: AmplitudeBreakpoint, _ b: AmplitudeBreakpoint
    ) -> AmplitudeBreakpoint {
        let i =
            a.amplitude.squareRoot()
            + (b.amplitude.squareRoot() - a.amplitude.squareRoot()) * (time - a.time)
            / (b.time - a.time)
        return AmplitudeBreakpoint(time: time, amplitude: i * i)
    }
}

extension AmplitudeBreakpoint {
    /// Values to 6 decimals (the format's readers hold 32-bit floats; the outline's come from
    /// 32-bit voice tables), times as they are.
    fileprivate var rounded: AmplitudeBreakpoint {
        AmplitudeBreakpoint(
            time: time, amplitude: amplitude.sixDecimals,
            emphasis: emphasis.map {
                Emphasis(amplitude: $0.amplitude.sixDecimals, frequency: $0.frequency.sixDecimals)
            })
    }
}

extension FrequencyBreakpoint {
    fileprivate var rounded: FrequencyBreakpoint {
        FrequencyBreakpoint(time: time, frequency: frequency.sixDecimals)
    }
}

extension Double {
    fileprivate var sixDecimals: Double { (self * 1_000_000).rounded() / 1_000_000 }
}
