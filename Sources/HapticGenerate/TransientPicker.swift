import AudioAnalysis

/// Hits that become transients, chosen among the outline's rises (``PeakCandidate``) the way
/// designers' tools propose emphasis points, thinned to the density.
///
/// Levels are read with the file's reference level at 0.85 (a clip peaking at −1 dBFS, as
/// the designers' sounds do). A rise is a hit when
/// 1. it rises by more than the sensitivity's threshold (0.1 at 0.5) and comes at least
///    20 ms after the previous such rise;
/// 2. it is not a bump of a steady texture (``SteadyTexture``);
/// 3. its spectral flux reaches the sensitivity's share of the largest among those hits
///    within ±3 s (40 % at 0.5): a new sound, not a swell;
///
/// or, however small its rise, when it stands 12 dB out of what came before it and reaches
/// the sensitivity's quiet level (0.03 at 0.5): a quiet hit out of near-silence. In the
/// rumble band (`film`) a hit must also be a hit there, so dialogue never taps.
///
/// With musical onsets (`music`) every struck note or chord counts: a rise whose spectrum
/// changes sharply (``SpectralNovelty`` ≥ the sensitivity's novelty, 5 at 0.5) is a hit
/// however little the level rises, and a hit must be a spectral onset (novelty ≥ 2), not the
/// wobble of a ringing note.
///
/// A hit sits on its corner of the outline (where the level peaks), plays at √ of its peak
/// on the hit envelope (the bed's law) and takes the colour of the sound there.
enum TransientPicker {
    /// The reference level's place on the designers' scale.
    static let referenceLevel: Float = 0.85
    /// Least time after the previous rise, seconds.
    static let window = 0.02
    /// Flux maxima are local to ± this many seconds.
    static let fluxSpan = 3.0
    /// How far a quiet hit must stand out of the 50 ms before it (amplitude ratio, 12 dB).
    static let quietContrast: Float = 4

    struct Hit: Sendable {
        var time: Double
        var intensity: Double
        var sharpness: Double
        /// How much the level rose (what the density keeps first).
        var rise: Double
    }

    /// The kept hits, in time order. O(candidates · (flux span + look-back) + budget).
    static func pick(
        _ analysis: AnalysisResult, levels: SoundLevels, settings: GenerationSettings,
        sharpness: (Double) -> Double
    ) -> [Hit] {
        let outline = analysis.peaks
        guard outline.reference > 0, !levels.hit.isEmpty else { return [] }
        let scale = referenceLevel / outline.reference
        let steady = SteadyTexture(analysis, reference: levels.reference)
        let windowMilliseconds = Int((window * 1_000).rounded())
        var rises: [PeakCandidate] = []
        var last: Int?
        for c in outline.candidates where c.rise * scale > Float(settings.riseThreshold) {
            if let last, c.milliseconds - last < windowMilliseconds { continue }
            last = c.milliseconds
            if !steady.isBump(at: c.time) { rises.append(c) }
        }
        let quiet = Float(settings.quietLevel)
        var chosen = merge(
            novel(rises, fraction: settings.fluxFraction),
            outline.candidates.filter {
                $0.before >= 0 && $0.level * scale >= quiet && $0.level >= quietContrast * $0.before
            }, apart: windowMilliseconds)
        if settings.musicalOnsets {
            let spectral = SpectralNovelty(analysis)
            let struck = outline.candidates.filter {
                $0.level * scale >= quiet && spectral.novelty(at: $0.time) >= settings.hitNovelty
                    && !steady.isBump(at: $0.time)
            }
            chosen = merge(chosen, struck, apart: windowMilliseconds).filter {
                spectral.novelty(at: $0.time) >= SpectralNovelty.onset
            }
        }
        if settings.band == .rumble {
            chosen = chosen.filter {
                levels.isHit(at: $0.time, threshold: Float(settings.hitThreshold))
            }
        }
        let hits = chosen.map { c in
            Hit(
                time: c.time,
                intensity: Quantize.value(
                    Double(min(1, levels.peakHit(around: c.time))).squareRoot()),
                sharpness: sharpness(c.time), rise: Double(c.rise * scale))
        }
        let candidates = hits.enumerated().map {
            TransientBudget.Candidate(
                milliseconds: Int(($0.element.time * 1_000).rounded()), salience: $0.element.rise,
                index: $0.offset)
        }
        let kept = TransientBudget.select(
            candidates, minGapMilliseconds: Int((settings.minTransientGap * 1_000).rounded()),
            maxPerSecond: settings.maxTransientsPerSecond)
        return kept.map { hits[$0] }
    }

    /// `main` and those of `extra` at least `apart` ms from every one of `main`, in time
    /// order (both are). O(main + extra).
    static func merge(_ main: [PeakCandidate], _ extra: [PeakCandidate], apart: Int)
        -> [PeakCandidate]
    {
        var result: [PeakCandidate] = []
        result.reserveCapacity(main.count + extra.count)
        var i = 0
        for c in extra {
            while i < main.count && main[i].milliseconds <= c.milliseconds {
                result.append(main[i])
                i += 1
            }
            let previous = i > 0 ? main[i - 1].milliseconds : Int.min / 2
            let next = i < main.count ? main[i].milliseconds : Int.max / 2
            if c.milliseconds - previous >= apart && next - c.milliseconds >= apart {
                result.append(c)
            }
        }
        result.append(contentsOf: main[i...])
        return result
    }

    /// The rises whose flux reaches `fraction` of the largest within ±``fluxSpan``.
    /// O(rises · rises in the span).
    static func novel(_ rises: [PeakCandidate], fraction: Double) -> [PeakCandidate] {
        let span = Int(fluxSpan * 1_000)
        var lo = 0
        var hi = 0
        var result: [PeakCandidate] = []
        for c in rises {
            while rises[lo].milliseconds < c.milliseconds - span { lo += 1 }
            while hi < rises.count && rises[hi].milliseconds <= c.milliseconds + span { hi += 1 }
            var largest: Float = 0
            for k in lo..<hi { largest = max(largest, rises[k].flux) }
            if c.flux >= Float(fraction) * largest { result.append(c) }
        }
        return result
    }
}
