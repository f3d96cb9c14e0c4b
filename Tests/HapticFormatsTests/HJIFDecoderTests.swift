import Foundation
import HapticFormats
import HapticPattern
import Testing

/// The `.hjif` reader: what a hand-made file plays, each rule and its diagnostic (path and
/// line:column), the hostile shapes the limits stop, and the writer read back.
@Suite struct HJIFDecoderTests {
    /// Two bands of one channel: a transient, a library reference, a vectorial effect with a
    /// step in frequency, a composite holding one more.
    static let valid = """
        {
          "version": "2023", "profile": "Main", "level": 1, "date": "2025-01-01",
          "description": "test", "timescale": 1000, "avatars": [], "syncs": [],
          "perceptions": [{
            "id": 0, "avatar_id": 0, "description": "p", "perception_modality": "Vibrotactile",
            "effect_library": [
              {"effect_type": "Basis", "id": 7, "position": 0, "keyframes": [
                {"relative_position": 0, "amplitude_modulation": 0.792, "frequency_modulation": 300}]}],
            "channels": [{
              "id": 0, "description": "c", "gain": 1, "mixing_coefficient": 1, "body_part_mask": 0,
              "bands": [
                {"band_type": "Transient", "lower_frequency_limit": 65, "upper_frequency_limit": 300,
                 "effects": [
                   {"effect_type": "Basis", "position": 100, "keyframes": [
                     {"relative_position": 0, "amplitude_modulation": 0.396, "frequency_modulation": 65}]},
                   {"effect_type": "Reference", "id": 7, "position": 400}]},
                {"band_type": "VectorialWave", "lower_frequency_limit": 65, "upper_frequency_limit": 300,
                 "effects": [
                   {"effect_type": "Basis", "position": 200, "base_signal": "Sine", "keyframes": [
                     {"relative_position": 0, "amplitude_modulation": 0, "frequency_modulation": 65},
                     {"relative_position": 100, "amplitude_modulation": 0.6138, "frequency_modulation": 300},
                     {"relative_position": 300, "amplitude_modulation": 0}]},
                   {"effect_type": "Composite", "position": 1000, "timeline": [
                     {"effect_type": "Basis", "position": 50, "keyframes": [
                       {"relative_position": 0, "amplitude_modulation": 0.3069},
                       {"relative_position": 100, "amplitude_modulation": 0.3069}]}]}]}]}]}]
        }
        """

    static func decode(_ text: String, strict: Bool = false, limits: PatternLimits = .default)
        -> HJIFDecodeResult
    {
        HJIFDecoder(options: .init(mode: strict ? .strict : .lenient, limits: limits)).decode(
            Array(text.utf8))
    }

    static func valid(replacing old: String, with new: String) -> String {
        precondition(valid.contains(old), old)
        return valid.replacingOccurrences(of: old, with: new)
    }

    /// The mapping: 65…300 Hz to sharpness 0…1, the reference scales to intensity 1,
    /// references at their own position, composites' children from theirs.
    @Test func playsTheHandMadeFile() throws {
        let result = Self.decode(Self.valid, strict: true)
        #expect(result.accepted && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let outline = try #require(result.outline)
        #expect(
            outline.transients == [
                OutlineTransient(time: 0.1, intensity: 0.5, sharpness: 0),
                OutlineTransient(time: 0.4, intensity: 1, sharpness: 1),
            ])
        // Steps from and to silence between pieces; after the last, silence is the outline's.
        #expect(outline.intensity.map(\.time) == [0.2, 0.3, 0.5, 1.05, 1.05, 1.15])
        #expect(outline.intensity.map(\.value) == [0, 1, 0, 0, 0.5, 0.5])
        #expect(outline.intensity(at: 1.151) == 0)
        #expect(outline.sharpness(at: 0.25) == 0.5 && outline.sharpness(at: 0.45) == 1)
        #expect(abs(outline.sharpness(at: 1.1) - 25.0 / 235) < 1e-12, "90 Hz where none is given")
        #expect(outline.duration == 1.15)
        let experience = try #require(result.experience)
        #expect(experience.timescale == 1000 && experience.perceptions[0].effectLibrary.count == 1)
        #expect(
            experience.perceptions[0].channels[0].bands.map(\.kind) == [.transient, .vectorialWave])
    }

    /// Channel gain × mixing coefficient scale every amplitude; other timescales scale time.
    @Test func gainsAndTimescale() throws {
        let text = Self.valid(
            replacing: "\"gain\": 1, \"mixing_coefficient\": 1",
            with: "\"gain\": 0.5, \"mixing_coefficient\": 0.5"
        )
        .replacingOccurrences(of: "\"timescale\": 1000", with: "\"timescale\": 2000")
        let outline = try #require(Self.decode(text, strict: true).outline)
        #expect(outline.transients.map(\.time) == [0.05, 0.2])
        #expect(outline.transients.map(\.intensity) == [0.125, 0.25])
        #expect(outline.intensity.map(\.value).max() == 0.25)
    }

    /// Each rule: an error at its path and line:column in strict mode; lenient mode repairs
    /// what has one meaning (a warning) and refuses what has none.
    @Test(
        arguments: [
            // (replace, with, code, path, line, column, lenient accepts)
            (
                "\"amplitude_modulation\": 0.396", "\"amplitude_modulation\": 1.5",
                DiagnosticCode.hjifValueOutOfRange,
                "perceptions[0].channels[0].bands[0].effects[0].keyframes[0].amplitude_modulation",
                15, 63, true
            ),
            (
                "{\"relative_position\": 300, \"amplitude_modulation\": 0}",
                "{\"relative_position\": 50, \"amplitude_modulation\": 0}", .hjifUnsortedKeyframes,
                "perceptions[0].channels[0].bands[1].effects[0].keyframes[2].relative_position",
                22, 36, true
            ),
            (
                "\"position\": 100", "\"position\": -100", .hjifNegativeTime,
                "perceptions[0].channels[0].bands[0].effects[0].position", 14, 49, true
            ),
            (
                "\"id\": 7, \"position\": 400", "\"id\": 8, \"position\": 400",
                .hjifUnknownReference,
                "perceptions[0].channels[0].bands[0].effects[1].id", 16, 47, true
            ),
            (
                "\"timescale\": 1000", "\"timescale\": 0", .hjifValueOutOfRange, "timescale", 3, 39,
                true
            ),
            (
                "\"gain\": 1,", "\"gain\": -2,", .hjifValueOutOfRange,
                "perceptions[0].channels[0].gain", 10, 44, true
            ),
            (
                "\"position\": 200,", "\"position\": 2.5,", .valueWrongType,
                "perceptions[0].channels[0].bands[1].effects[0].position", 19, 49, true
            ),
            (
                "\"band_type\": \"VectorialWave\"", "\"band_type\": \"WaveletWave\"",
                .hjifWaveletBand, "perceptions[0].channels[0].bands[1].band_type", 17, 23, false
            ),
            (
                "{\"effect_type\": \"Composite\"", "{\"effect_type\": \"Timeline\"",
                .hjifUnknownName,
                "perceptions[0].channels[0].bands[1].effects[1].effect_type", 23, 28, false
            ),
            (
                "\"perceptions\": [{", "\"perception\": [{", .hjifMissingKey, "", 1, 1, false
            ),
        ] as [(String, String, DiagnosticCode, String, Int, Int, Bool)])
    func rule(
        old: String, new: String, code: DiagnosticCode, path: String, line: Int, column: Int,
        lenientAccepts: Bool
    ) throws {
        let text = Self.valid(replacing: old, with: new)
        let strict = Self.decode(text, strict: true)
        #expect(!strict.accepted)
        let error = try #require(strict.diagnostics.first { $0.severity == .error })
        #expect(error.code == code)
        #expect(error.path == path)
        #expect(error.line == line && error.column == column, "\(error)")
        let lenient = Self.decode(text)
        #expect(lenient.accepted == lenientAccepts, "\(lenient.diagnostics)")
        #expect(lenient.diagnostics.contains { $0.code == code && $0.path == path })
    }

    /// What an actuator does not play is said, and the rest plays.
    @Test func notPlayed() throws {
        let force = Self.valid(
            replacing: "\"perception_modality\": \"Vibrotactile\"",
            with: "\"perception_modality\": \"Force\"")
        let silent = Self.decode(force, strict: true)
        #expect(silent.accepted && silent.outline?.transients.isEmpty == true)
        #expect(silent.diagnostics.map(\.code) == [.hjifNotPlayed, .hjifNothingToPlay])
        #expect(silent.diagnostics.allSatisfy { $0.severity == .warning })
        let square = Self.decode(
            Self.valid(replacing: "\"base_signal\": \"Sine\"", with: "\"base_signal\": \"Square\""),
            strict: true)
        #expect(square.accepted && square.diagnostics.map(\.code) == [.hjifNotPlayed])
        let loud = Self.decode(
            Self.valid(replacing: "\"gain\": 1,", with: "\"gain\": 2,"), strict: true)
        #expect(loud.accepted && loud.diagnostics.map(\.code) == [.valueClamped])
        #expect(loud.outline?.intensity.map(\.value).max() == 1)
    }

    /// Effects that sound together merge as AHAP voices do: intensities squared add.
    @Test func overlappingEffectsMerge() throws {
        let text = Self.valid(
            replacing: "\"position\": 1000, \"timeline\"", with: "\"position\": 150, \"timeline\"")
        let outline = try #require(Self.decode(text, strict: true).outline)
        #expect(outline.notes.map(\.kind) == [.continuousMerged])
        // At 0.3 s the ramp's peak (1) and the composite's 0.5: √(1 + 0.25), capped at 1.
        #expect(outline.intensity(at: 0.3) == 1)
        // At 0.2 s the composite starts at 0.5 under the ramp's 0; between keyframes the
        // merged signal is a straight line.
        #expect(outline.intensity(at: 0.2) == 0.5)
        #expect(abs(outline.intensity(at: 0.25) - 0.75) < 1e-9)
        #expect(outline.intensity(at: 0.199) < 1e-12)
    }

    /// Sizes, nesting and times the limits stop, each with one error and no outline.
    @Test func hostile() {
        func keyframes(_ n: Int) -> String {
            (0..<n).map { "{\"relative_position\": \($0), \"amplitude_modulation\": 0.3}" }
                .joined(separator: ",")
        }
        func file(library: String = "", effects: String) -> String {
            """
            {"version": "2023", "profile": "Main", "level": 1, "date": "", "description": "",
             "timescale": 1000, "avatars": [], "syncs": [], "perceptions": [{"id": 0,
             "avatar_id": 0, "description": "", "perception_modality": "Vibrotactile",
             "effect_library": [\(library)], "channels": [{"id": 0, "description": "", "gain": 1,
             "mixing_coefficient": 1, "body_part_mask": 0, "bands": [{"band_type": "VectorialWave",
             "lower_frequency_limit": 65, "upper_frequency_limit": 300, "effects": [\(effects)]}]}]}]}
            """
        }
        let small = PatternLimits(maxEvents: 100, maxCurvePoints: 1_000)
        func refused(_ text: String, _ code: DiagnosticCode, limits: PatternLimits = small) {
            let result = Self.decode(text, limits: limits)
            #expect(result.outline == nil)
            #expect(result.diagnostics.contains { $0.code == code }, "\(result.diagnostics)")
        }
        // Too many keyframes in one effect.
        refused(
            file(
                effects:
                    "{\"effect_type\": \"Basis\", \"position\": 0, \"keyframes\": [\(keyframes(1_001))]}"
            ),
            .limitCurvePoints)
        // Too many effects.
        let effect =
            "{\"effect_type\": \"Basis\", \"position\": 0, \"keyframes\": [\(keyframes(2))]}"
        refused(
            file(effects: Array(repeating: effect, count: 101).joined(separator: ",")), .limitEvents
        )
        // A library that plays itself, and one whose references multiply at every level:
        // counted as they expand, stopped at once.
        refused(
            file(
                library:
                    "{\"effect_type\": \"Composite\", \"id\": 1, \"position\": 0, \"timeline\": [{\"effect_type\": \"Reference\", \"id\": 1, \"position\": 10}]}",
                effects: "{\"effect_type\": \"Reference\", \"id\": 1, \"position\": 0}"),
            .hjifUnknownReference, limits: .default)
        let fan = (0..<4).map { level in
            let children = (0..<30).map { _ in
                level == 0
                    ? effect
                    : "{\"effect_type\": \"Reference\", \"id\": \(level - 1), \"position\": 1}"
            }.joined(separator: ",")
            return
                "{\"effect_type\": \"Composite\", \"id\": \(level), \"position\": 0, \"timeline\": [\(children)]}"
        }.joined(separator: ",")
        refused(
            file(
                library: fan,
                effects: "{\"effect_type\": \"Reference\", \"id\": 3, \"position\": 0}"),
            .limitEvents, limits: PatternLimits(maxEvents: 1_000, maxCurvePoints: 100_000))
        // Times past the duration limit, numbers that are no time.
        refused(
            file(
                effects:
                    "{\"effect_type\": \"Basis\", \"position\": 900000000000, \"keyframes\": [\(keyframes(2))]}"
            ),
            .limitDuration)
        refused(
            file(effects: "{\"effect_type\": \"Basis\", \"position\": 1e400, \"keyframes\": []}"),
            .jsonNumberOverflow)
        refused(
            file(effects: "{\"effect_type\": \"Basis\", \"position\": NaN}"), .jsonNonFiniteLiteral)
        // Nesting deeper than the parser's stack.
        refused(String(repeating: "[", count: 100_000), .jsonTooDeep)
        // Effects that all overlap: merging them is bounded as keyframes are.
        let overlapping = Array(
            repeating:
                "{\"effect_type\": \"Basis\", \"position\": 0, \"keyframes\": [\(keyframes(10))]}",
            count: 1_000
        ).joined(separator: ",")
        refused(
            file(effects: overlapping), .limitCurvePoints,
            limits: PatternLimits(maxEvents: 10_000, maxCurvePoints: 10_000))
    }

    /// The writer's file is valid by the key tree (strict, no finding) and plays its outline:
    /// times to the millisecond, frequencies to the hertz.
    @Test func writerReadsBack() throws {
        let outline = try #require(Self.decode(Self.valid).outline)
        let experience = HJIFExperience(
            outline: outline, actuator: .pixel, description: "d", date: "2026-01-01")
        #expect(experience.perceptions[0].referenceDevices[0].type == "LRA")
        #expect(experience.perceptions[0].referenceDevices[0].resonanceFrequency == 145)
        let again = Self.decode(Array(HJIFEncoder().encode(experience)).string, strict: true)
        #expect(again.accepted && again.diagnostics.isEmpty, "\(again.diagnostics)")
        let back = try #require(again.outline)
        #expect(back.transients.map(\.time) == outline.transients.map(\.time))
        for (a, b) in zip(back.transients, outline.transients) {
            #expect(abs(a.intensity - b.intensity) < 1e-5 && abs(a.sharpness - b.sharpness) < 0.003)
        }
        for t in stride(from: 0.0, through: 1.2, by: 0.01) {
            #expect(abs(back.intensity(at: t) - outline.intensity(at: t)) < 1e-5, "\(t)")
            if outline.intensity(at: t) > 0 {
                #expect(abs(back.sharpness(at: t) - outline.sharpness(at: t)) < 0.003, "\(t)")
            }
        }
    }
}

extension [UInt8] {
    fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
