import Foundation
import HapticGenerate
import HapticPattern
import Testing

/// `generate` (preset `auto`) on the synthetic categories (``SoundCategorySet``), scored as
/// the designers' clips are (``DesignerScore``) against a designer-like reference
/// (``DesignerClip/loudnessReference(for:hits:)``): r of the felt envelopes, F1 (±50 ms) of
/// the transients against the known hits, the envelope-follower baseline scored the same way.
/// The per-category table goes to stdout, and to the file named by `SOUND_CATEGORY_TABLE`
/// when set (docs/generate.md quotes it). Without fluidsynth, its soundfont, sox or
/// espeak-ng the suite skips with the reason, except in CI (`CI=true`).
@Suite(
    .serialized,
    .enabled(
        if: QualityTestSet.missingTools == nil
            || ProcessInfo.processInfo.environment["CI"] == "true",
        "the sound categories \(QualityTestSet.missingTools ?? "")"))
struct SoundCategoryTests {
    struct Row {
        var clip: SoundCategoryClip
        var score: DesignerScore
    }

    static let rows: Result<[Row], Error> = Result {
        try SoundCategorySet.clips.get().map { clip in
            let reference = try DesignerClip.loudnessReference(for: clip.path, hits: clip.hits)
            return Row(
                clip: clip,
                score: try DesignerScore(
                    name: clip.name, audioPath: clip.path, reference: reference.patterns,
                    referenceTimes: clip.hits,
                    generated: try HapticGeneration.generate(path: clip.path).pattern))
        }
    }

    func rows() throws -> [Row] { try Self.rows.get() }

    /// For each known hit, the signed error of the nearest transient within 50 ms, seconds.
    static func timingErrors(_ hits: [Double], _ transients: [Double]) -> [Double] {
        hits.compactMap { hit in
            transients.map { $0 - hit }.filter { abs($0) <= 0.05 }.min { abs($0) < abs($1) }
        }
    }

    /// |timing error| of every matched transient of every clip, seconds.
    static func timingErrors(
        _ rows: [Row], _ transients: KeyPath<DesignerScore, [Double]> = \.transients
    ) -> [Double] {
        rows.flatMap { timingErrors($0.clip.hits, $0.score[keyPath: transients]).map(abs) }
    }

    /// Medians per category and over all clips, as a markdown table, then the timing errors of
    /// the matched transients.
    static func table(_ rows: [Row]) -> String {
        func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }
        func line(_ name: String, _ rows: [Row]) -> String {
            let m = { (key: KeyPath<DesignerScore, Double>) in
                f(DesignerScore.median(rows.map { $0.score[keyPath: key] }))
            }
            return
                "| \(name) | \(rows.count) | \(m(\.r)) | \(m(\.rBaseline)) | \(m(\.f)) | \(m(\.fBaseline)) |\n"
        }
        var s =
            "| category | clips | r | r baseline | F1 | F1 baseline |\n|---|---|---|---|---|---|\n"
        for category in SoundCategory.allCases {
            s += line(category.rawValue, rows.filter { $0.clip.category == category })
        }
        s += line("**all**", rows)
        func summary(_ errors: [Double]) -> String {
            errors.isEmpty
                ? "none matched"
                : "median \(f(DesignerScore.median(errors) * 1000, 1)) ms, "
                    + "mean \(f(DesignerScore.mean(errors) * 1000, 1)) ms"
        }
        s += "\nTiming error of matched transients: \(summary(timingErrors(rows))) "
        s += "(baseline: \(summary(timingErrors(rows, \.baselineTransients)))).\n"
        return s
    }

    @Test func theTableIsWritten() throws {
        let rows = try rows()
        for r in rows {
            let s = r.score
            print(
                "\(r.clip.name): r \(String(format: "%.2f", s.r)) (baseline \(String(format: "%.2f", s.rBaseline))), F1 \(String(format: "%.2f", s.f)) (baseline \(String(format: "%.2f", s.fBaseline))), transients \(s.transients.map { String(format: "%.3f", $0) })"
            )
        }
        let table = Self.table(rows)
        print(table)
        if let path = ProcessInfo.processInfo.environment["SOUND_CATEGORY_TABLE"] {
            try table.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(rows.count == 28)
        #expect(Set(rows.map(\.clip.category)).count == SoundCategory.allCases.count)
    }

    /// Every category's felt envelope follows the reference (median r ≥ 0.85), over all clips
    /// at least as well as the baseline's (though the reference is an envelope follower like
    /// the baseline), and on steady textures (a whoosh, wind, rain), where the baseline's flux
    /// peaks tap, better by at least 0.04. The set's seeds 1–3 instead of 7 give category
    /// medians of 0.89 and more, overall medians 0.015–0.02 above the baseline's and textures
    /// better by 0.05–0.11: the bars are not one noise's.
    @Test func theFeltEnvelopeFollowsTheSoundInEveryCategory() throws {
        let rows = try rows()
        for category in SoundCategory.allCases {
            let r = DesignerScore.median(
                rows.filter { $0.clip.category == category }.map(\.score.r))
            #expect(r >= 0.85, "\(category): median r \(r)")
        }
        let r = DesignerScore.median(rows.map(\.score.r))
        let rBaseline = DesignerScore.median(rows.map(\.score.rBaseline))
        #expect(r >= rBaseline, "median r \(r), baseline \(rBaseline)")
        for texture in rows
        where ["object-whoosh", "nature-wind", "nature-rain"].contains(texture.clip.name) {
            let s = texture.score
            #expect(s.r >= s.rBaseline + 0.04, "\(s.name): r \(s.r), baseline \(s.rBaseline)")
        }
    }

    /// The transients find the known hits: median F1 ≥ 0.75 over all clips (today 1.00; what
    /// is left are footsteps' toes, a piano loop's ringing chords, rain's drops and speech's
    /// syllables, see docs/generate.md), ≥ 0.9 for impacts and for weapons, and at least 80 %
    /// of the hits of impacts, shots and drums are found (today 56 of 61).
    @Test func transientsFindTheKnownHits() throws {
        let rows = try rows()
        let f = DesignerScore.median(rows.map(\.score.f))
        #expect(f >= 0.75, "median F1 \(f)")
        for category in [SoundCategory.impacts, .weapons] {
            let f = DesignerScore.median(
                rows.filter { $0.clip.category == category }.map(\.score.f))
            #expect(f >= 0.9, "\(category): median F1 \(f)")
        }
        let struck = rows.filter { [.impacts, .weapons, .music].contains($0.clip.category) }
        let hits = struck.map(\.clip.hits.count).reduce(0, +)
        let found = struck.map { Self.timingErrors($0.clip.hits, $0.score.transients).count }
            .reduce(0, +)
        #expect(Double(found) >= 0.8 * Double(hits), "\(found) of \(hits) hits found")
    }

    /// A transient sits on its hit: the mean |error| of the matched transients ≤ 10 ms.
    @Test func matchedTransientsAreOnTime() throws {
        let errors = Self.timingErrors(try rows())
        let mean = DesignerScore.mean(errors)
        #expect(
            !errors.isEmpty && mean <= 0.01, "mean |error| \(mean * 1000) ms over \(errors.count)")
    }

    /// Wind and the whoosh (swells of noise without an attack, from 0 s and 0.1 s) never tap
    /// after their own first 50 ms.
    @Test func swellsNeverTap() throws {
        for (name, start) in [("nature-wind", 0.0), ("object-whoosh", 0.1)] {
            let swell = try #require(try rows().first { $0.clip.name == name })
            #expect(
                swell.score.transients.allSatisfy { $0 < start + 0.05 },
                "\(name): \(swell.score.transients)")
        }
    }
}
