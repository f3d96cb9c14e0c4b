import HapticFormats
import HapticPattern
import HapticTestSupport
import Testing

/// The validation expectations of the two peers' own test suites, on their test files:
/// Meta Haptics SDK (`core/haptic_data/src/v1.rs`, strict validation) and Lofelt's
/// NiceVibrations data model (`core/datamodel/src/lib.rs`, `v1.rs`).
@Suite(needsCorpus) struct PeerValidationTests {
    static let meta = "facebook__meta-haptics-sdk/core/haptic_data/test_files/"
    static let lofelt = "Lofelt__NiceVibrations/core/datamodel/src/test_data/"

    /// Meta's `validation_failure` cases: the error each file must give, with the value the
    /// peer's error names (in our message) and where it is.
    @Test(
        arguments: [
            ("validation_v1_amplitude.haptic", DiagnosticCode.hapticValueOutOfRange, "1.5", 39),
            (
                "validation_v1_sequence.haptic", .hapticUnsortedBreakpoints, "0.1 s follows 0.2 s",
                nil
            ),
            (
                "validation_v1_emphasis_amplitude.haptic", .hapticEmphasisBelowEnvelope,
                "0.2 is below the envelope's 0.5", nil
            ),
            ("validation_v1_emphasis_amplitude_range.haptic", .hapticValueOutOfRange, "-0.2", nil),
            ("validation_v1_emphasis_frequency_range.haptic", .hapticValueOutOfRange, "1.1", nil),
            (
                "invalid_empty_amplitude_envelope.haptic", .hapticTooFewBreakpoints,
                "0 usable breakpoints", nil
            ),
            (
                "invalid_single_amplitude_breakpoint.haptic", .hapticTooFewBreakpoints,
                "1 usable breakpoint", nil
            ),
            ("invalid_zero_duration.haptic", .hapticZeroDuration, "starts and ends at 0", nil),
            (
                "invalid_freq_bp_outside_amp_env.haptic", .hapticFrequencyOutsideEnvelope,
                "1.0001 s", 30
            ),
            ("invalid_fields_v1.haptic", .hapticMissingKey, "`signals`", nil),
        ] as [(String, DiagnosticCode, String, Int?)])
    func metaStrictFailures(file: String, code: DiagnosticCode, mentions: String, line: Int?) throws
    {
        let result = HapticClipDecoder(options: .init(mode: .strict)).decode(
            try TestClips.corpus(Self.meta + file))
        #expect(!result.accepted)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.code == code)
        #expect(error.message.contains(mentions), "\(error.message)")
        if let line { #expect(error.line == line) }
        #expect(
            error.line != nil || error.code == .hapticMissingKey
                || error.code == .hapticTooFewBreakpoints || error.code == .hapticZeroDuration)
    }

    /// Meta's `validation_success` cases pass strict validation; its legacy mode accepts a
    /// frequency breakpoint past the amplitude envelope, as our lenient mode does (warning).
    @Test func metaSuccesses() throws {
        for file in [
            "valid_v1.haptic", "validation_v1_optionals.haptic", "valid_beta_impulses.haptic",
            "valid_required_v1.haptic",
        ] {
            let result = HapticClipDecoder(options: .init(mode: .strict)).decode(
                try TestClips.corpus(Self.meta + file))
            #expect(result.accepted, "\(file): \(result.diagnostics)")
        }
        let legacy = TestClips.decode(
            String(
                decoding: try TestClips.corpus(
                    Self.meta + "invalid_freq_bp_outside_amp_env.haptic"), as: UTF8.self))
        #expect(legacy.accepted && legacy.codes(.warning) == [.hapticFrequencyOutsideEnvelope])
    }

    /// `check_serialized_required_only`: only the required fields, frequency absent.
    @Test func requiredFieldsOnly() throws {
        let clip = try #require(
            HapticClipDecoder().decode(try TestClips.corpus(Self.meta + "valid_required_v1.haptic"))
                .clip)
        #expect(clip.metadata == HapticClip.Metadata() && clip.frequency.isEmpty)
        #expect(
            clip.amplitude
                == [(0, 0.2), (0.1, 0.3), (0.2, 0.2), (0.3, 0.5)].map {
                    AmplitudeBreakpoint(time: $0.0, amplitude: $0.1)
                })
    }

    /// Lofelt's `from_json`: major version 2 is unsupported; a newer minor version with
    /// fields of its own loads ("partial support": ours notes it).
    @Test func lofeltVersions() throws {
        let unsupported = HapticClipDecoder().decode(
            try TestClips.corpus(Self.lofelt + "invalid_version_v1.haptic"))
        #expect(unsupported.clip == nil && unsupported.codes(.error) == [.versionUnsupported])
        let newer = HapticClipDecoder(options: .init(mode: .strict)).decode(
            try TestClips.corpus(Self.lofelt + "v1_additional_fields.haptic"))
        #expect(newer.accepted)
        #expect(newer.clip?.version.minor == 9000)
        #expect(
            newer.codes(.note).contains(.versionUnsupported)
                && newer.codes(.note).contains(.keyUnknown))
    }

    /// Every corpus clip either plays (lenient) or is one of the files the peers' suites
    /// reject, with a clear error. Lofelt's older validator also took a single breakpoint
    /// (its player tests `one_amp_bp…`); the spec and Meta's validator need two, as we do.
    @Test func everyCorpusClipPlaysOrFailsClearly() throws {
        let rejected: Set<String> = [
            Self.meta + "invalid_empty_amplitude_envelope.haptic",
            Self.meta + "invalid_fields_v1.haptic",
            Self.meta + "invalid_single_amplitude_breakpoint.haptic",
            Self.meta + "invalid_zero_duration.haptic",
            Self.lofelt + "invalid_fields_v1.haptic", Self.lofelt + "invalid_version_v1.haptic",
            Self.lofelt + "truncate_before_1_bp.haptic",
            "Lofelt__NiceVibrations/clip-players/src/test_data/one_amp_bp.haptic",
            "Lofelt__NiceVibrations/clip-players/src/test_data/one_amp_bp_multiple_freq_bps.haptic",
        ]
        let files = Corpus.clipFiles()
        #expect(files.count >= 80)
        for file in files {
            let result = HapticClipDecoder().decode(try TestClips.corpus(file))
            #expect(result.accepted == !rejected.contains(file), "\(file): \(result.diagnostics)")
            if !result.accepted {
                let error = try #require(result.diagnostics.first { $0.severity == .error })
                #expect(!error.message.isEmpty && error.rendered(file: file).hasPrefix(file + ":"))
            }
        }
    }
}
