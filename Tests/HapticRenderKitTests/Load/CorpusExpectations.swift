import Foundation
import HapticPattern
import HapticTestSupport
import Testing

/// Expected verdict of every corpus file, derived from docs/ahap-format.md (File, Error codes) and
/// the corpus `quirks` column — not from this decoder. The rows were produced by the independent
/// oracle `Scripts/ahap_corpus_oracle.py` (Python `json` + the spec rules) and reviewed by hand
/// against SOURCES.tsv: trailing commas → strict json.trailing-comma
/// at the comma (positions checked with sed), `HapticReleaseTime`-style IDs → strict
/// −4820, sharpness 10 / −1 → clamped and accepted, AudioCustom files whose WAV is not
/// beside the AHAP (Ricochet: in `!Copy-To-StreamingAssets!`; Tanay Singhai copies
/// without the WAV) → strict −4830 with no search roots.
enum CorpusExpectations {
    enum Verdict: Equatable, Sendable {
        case accept
        case reject(DiagnosticCode, coreHaptics: Int? = nil, at: (Int, Int)? = nil)

        static func == (a: Verdict, b: Verdict) -> Bool {
            switch (a, b) {
            case (.accept, .accept): return true
            case (.reject(let c1, let h1, let p1), .reject(let c2, let h2, let p2)):
                return c1 == c2 && h1 == h2 && p1?.0 == p2?.0 && p1?.1 == p2?.1
            default: return false
            }
        }
    }

    enum LenientVerdict: Sendable { case accept, reject }

    struct Row: Sendable {
        var path: String
        var lenient: LenientVerdict
        var strict: Verdict
        init(_ path: String, lenient: LenientVerdict, strict: Verdict) {
            self.path = path
            self.lenient = lenient
            self.strict = strict
        }
    }

    static let rows: [Row] = [
        Row(
            "Azzeccagarbugli__core_haptics/example/assets/patterns/transient.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "CypherPoet__CoreHapticsUtils/Tests/CoreHapticsUtils/Resources/ahap-patterns/example-1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "CypherPoet__CoreHapticsUtils/Tests/CoreHapticsUtils/Resources/ahap-sample-1.ahap",
            lenient: .accept, strict: .accept),
        Row("FancyPixel__moby/AHAP Tester/demo.json", lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/8Bit.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/9Bit.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/BouncingBall.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/Button.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/CatPurring.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/Charging.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/NewProject/NewTrack00333555.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/NewProject/channel_b_NewTrack00333555.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/Spring.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "HapticlabsIO__react-native-hapticlabs/ios/8Bit.ahap", lenient: .accept, strict: .accept
        ),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/16_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/17_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/2_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/3_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/ahap_from_valid_v0.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/ahap_from_valid_v0_from_dsp.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/ahap_from_valid_v1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/ahap_from_valid_v1_required.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/invalid_fields.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/long_clip.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/studio_export.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/valid_fields.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/valid_required.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/valid_v1_multiple_transients.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__NiceVibrations/core/datamodel/src/test_data/valid_v1.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/AHAP and Plots/BowRelease.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/AHAP and Plots/snow1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/AHAP and Plots/snow2.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/BowRelease.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/snow1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/snow2.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/AHAP and Plots/BowRelease.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/AHAP and Plots/BowRelease_new.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/AHAP and Plots/snow1.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/AHAP and Plots/snow1_new.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration1_new.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration2.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Results/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration2_new.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/BowRelease.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/snow1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Nick Arner/Lofelt_AHAP_Test_Project/Lofelt_AHAP_Test_Project/HapticFiles/snow2.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration1.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration1_new.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration2.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "Lofelt__studio-creative-challenges/Challenge 1 - Designing For Core Haptics By Hand/Submissions/Tanay Singhai/LofeltChallenge/LofeltChallenge/AHAP/vibration2_new.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "MPEGGroup__HapticReferenceSoftware/ReferenceFiles/APPL-vib-boing-nopad.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "MPEGGroup__HapticReferenceSoftware/ReferenceFiles/test.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/CollisionLarge.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/CollisionShield.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/CollisionSmall.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/Grow.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/Implode.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/ShieldOn.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/Spawn.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/Ricochet/HapticPatterns/Texture.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Boing.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Bounce.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (6, 75))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Bouncing.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (6, 88))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Close.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (6, 81))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Heartbeats.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Hit.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Inflate.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Jump.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (6, 96))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Open.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (6, 100))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Oscillate.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Recharge.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (46, 63))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Recoil.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Spin.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (74, 22))),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/CollisionLarge.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/CollisionShield.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/CollisionSmall.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/Grow.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/Implode.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/ShieldOn.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/Spawn.ahap",
            lenient: .accept, strict: .reject(.resourceNotFound, coreHaptics: -4830)),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Ricochet/Texture.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Tests/Resources/Boing.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Boing.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Drums.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Gravel.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Heartbeats.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Hit.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Inflate.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Oscillate.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Recharge.ahap",
            lenient: .accept, strict: .reject(.jsonTrailingComma, at: (191, 6))),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Rumble.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Sparkle.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "apple__unityplugins/plug-ins/Apple.GameController/Apple.GameController_Unity/Assets/Apple.GameController/Demos/Basics/AHAPs/Triple.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "candlefinance__haptics/example/ios/Haptics/test.ahap", lenient: .accept,
            strict: .accept),
        Row("denizsincar29__ahap_rs/bike.ahap", lenient: .accept, strict: .accept),
        Row("denizsincar29__ahap_rs/bike_from_python.ahap", lenient: .accept, strict: .accept),
        Row("denizsincar29__ahap_rs/examples/doom.ahap", lenient: .accept, strict: .accept),
        Row(
            "denizsincar29__ahap_rs/examples/harazgay.ahap", lenient: .accept,
            strict: .reject(.eventParameterAlias, coreHaptics: -4820)),
        Row(
            "denizsincar29__ahap_rs/examples/mario.ahap", lenient: .accept,
            strict: .reject(.eventParameterAlias, coreHaptics: -4820)),
        Row(
            "doom-fish__corehaptics-rs/tests/fixtures/minimal.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/16_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/17_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/2_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/3_points.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/3_points_continuous.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/invalid.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/long_clip.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/multiple_emphasis.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/single_transient.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/studio_export.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/valid.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/valid_v1.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/valid_v1_continuous.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "facebook__meta-haptics-sdk/core/haptic_data/test_files/valid_v1_transients.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "istornz__flutter_gaimon/example/assets/haptics/gravel.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "istornz__flutter_gaimon/example/assets/haptics/heartbeats.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "istornz__flutter_gaimon/example/assets/haptics/inflate.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "istornz__flutter_gaimon/example/assets/haptics/rumble.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/haptics/celebration.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/haptics/heartbeat.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/haptics/rumble.ahap", lenient: .accept,
            strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/ios/HapticFeedbackExample/haptics/celebration.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/ios/HapticFeedbackExample/haptics/heartbeat.ahap",
            lenient: .accept, strict: .accept),
        Row(
            "mkuczera__react-native-haptic-feedback/example/ios/HapticFeedbackExample/haptics/rumble.ahap",
            lenient: .accept, strict: .accept),
    ]
}
