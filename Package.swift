// swift-tools-version: 6.1
//
// HapticRender — renders Apple Haptic and Audio Pattern (AHAP) files offline.
//
// Stages and their one-way dependencies:
//
//   ahap-render (CLI) ──> HapticPlot, HapticGenerate, HapticRenderKit, AudioDevice
//   HapticRenderC (C ABI, libhapticrender.so) ──> HapticRenderKit
//   HapticPlot ──> HapticRenderKit        HapticGenerate ──> HapticRenderKit, AudioAnalysis
//   HapticRenderKit ──> HapticRender ──> HapticPattern
//   HapticRenderKit ──> HapticFormats (.haptic, Android, loss) ──> HapticRender, HapticPattern
//   HapticRenderKit ──> SoundFile ──> CSndFile, CSampleRate (Linux: CSndFileLazy, CSampleRateLazy)
//   AudioAnalysis (pure Swift)               AudioDevice ──> CPortAudio (Linux: CPortAudioLazy)
//
// HapticPattern: the AHAP model, JSON decoding/encoding, diagnostics and the DSL; no Foundation, no files.
// HapticRender:  scheduler (timeline), synthesizer, LRA actuator and the pull-API renderer.
//                It never touches files or Foundation; its render loop never allocates.
// HapticFormats: `.haptic` clips in and out, Android effects out, and the measured loss of each
//                conversion (rendered through HapticRender); no Foundation, no files.
// SoundFile:     a thin typed wrapper over libsndfile (read/write) and libsamplerate.
// HapticRenderKit: the file pipeline only (load, resolve, render jobs, batches, layouts).
// HapticPlot, HapticGenerate: pictures, and audio → AHAP with HLS playlists, each over the Kit.
// HapticRenderC: the C ABI over the Kit (render, stream, lint, convert): it links no plotting or analysis.
// The Kit, the modules above it, SoundFile and the CLI import FoundationEssentials, never
// Foundation (whose ICU would make every start slower: docs/performance.md, "Start-up").
// AudioDevice:   a thin typed wrapper over PortAudio: list output devices, play a real-time source.
import PackageDescription

/// `-static-stdlib` for release builds on Linux (Darwin has no static Swift runtime).
let staticStdlibInRelease = (
    swift: SwiftSetting.unsafeFlags(
        ["-static-stdlib"], .when(platforms: [.linux], configuration: .release)),
    linker: LinkerSetting.unsafeFlags(
        ["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
)

/// The C library's release link on Linux: the Swift runtime and FoundationEssentials linked in
/// (`-static-stdlib`), so `libhapticrender.so` needs only libc, libm, libstdc++ and libgcc_s
/// and loads on a machine without Swift (the wheel, the tarball, the .deb); the runtime's
/// symbols stay inside it (`--exclude-libs=ALL`: not exported, so a host that loads another
/// Swift runtime binds neither to this one's).
let staticRuntimeLibraryInRelease = LinkerSetting.unsafeFlags(
    ["-static-stdlib", "-Xlinker", "--exclude-libs=ALL"],
    .when(platforms: [.linux], configuration: .release))

let package = Package(
    name: "HapticRender",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HapticPattern", targets: ["HapticPattern"]),
        .library(name: "HapticRender", targets: ["HapticRender"]),
        .library(name: "SoundFile", targets: ["SoundFile"]),
        .library(name: "HapticFormats", targets: ["HapticFormats"]),
        .library(name: "HapticRenderKit", targets: ["HapticRenderKit"]),
        .library(name: "HapticPlot", targets: ["HapticPlot"]),
        .library(name: "HapticGenerate", targets: ["HapticGenerate"]),
        .library(name: "AudioDevice", targets: ["AudioDevice"]),
        // libhapticrender.so: the C ABI (module HapticRenderC), for C, C++ and Python.
        .library(name: "hapticrender", type: .dynamic, targets: ["HapticRenderC"]),
        .library(name: "AudioAnalysis", targets: ["AudioAnalysis"]),
        .library(name: "OpenCoreHaptics", targets: ["OpenCoreHaptics"]),
        .executable(name: "ahap-render", targets: ["ahap-render"]),
        .executable(name: "shield-and-texture", targets: ["ShieldAndTexture"]),
        .executable(name: "haptic-ricochet", targets: ["HapticRicochet"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        // C libraries.
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
        .systemLibrary(
            name: "CSampleRate", pkgConfig: "samplerate",
            providers: [.apt(["libsamplerate0-dev"]), .brew(["libsamplerate"])]),
        // libsndfile and libsamplerate loaded by the first call on Linux (CPortAudioLazy's
        // pattern), so a start that touches no audio file does not load them and libsndfile's
        // eight codec libraries (docs/performance.md, "Start-up"); headers from the -dev packages.
        .systemLibrary(name: "CSndFileLazy", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSampleRateLazy", providers: [.apt(["libsamplerate0-dev"])]),
        .systemLibrary(
            name: "CPortAudio", pkgConfig: "portaudio-2.0",
            providers: [.apt(["portaudio19-dev"]), .brew(["portaudio"])]),
        // PortAudio's header with the calls AudioDevice makes resolved by dlopen on first use, so
        // that every ahap-render start does not load PortAudio, JACK and ALSA for `play` alone
        // (Linux; the header comes from portaudio19-dev, the library from libportaudio2).
        .systemLibrary(name: "CPortAudioLazy", providers: [.apt(["portaudio19-dev"])]),

        // Library stages.
        .target(
            name: "HapticPattern",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(
            name: "HapticRender", dependencies: ["HapticPattern"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // `.haptic` clips and Android effects in and out, and what a conversion loses (rendered
        // through HapticRender's simulated actuators); bytes and values only, like HapticPattern.
        .target(
            name: "HapticFormats", dependencies: ["HapticPattern", "HapticRender"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(
            name: "SoundFile",
            dependencies: [
                .target(name: "CSndFileLazy", condition: .when(platforms: [.linux])),
                .target(name: "CSampleRateLazy", condition: .when(platforms: [.linux])),
                .target(name: "CSndFile", condition: .when(platforms: [.macOS])),
                .target(name: "CSampleRate", condition: .when(platforms: [.macOS])),
            ]),
        // Audio → haptics analysis: pure Swift DSP on Float buffers (FFT, STFT bands, the
        // outline's rises, loudness, tempo, dialogue).
        .target(
            name: "AudioAnalysis",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // The file pipeline: load, resolve, render jobs, batches, layouts, actuator profiles.
        .target(
            name: "HapticRenderKit",
            dependencies: ["HapticPattern", "HapticRender", "HapticFormats", "SoundFile"]),
        // Pictures: the timeline SVG/HTML, the audition page, the actuator datasheet.
        .target(
            name: "HapticPlot",
            dependencies: ["HapticPattern", "HapticRender", "HapticRenderKit", "SoundFile"],
            plugins: ["EmbedText"]),
        // Text assets compiled in as Swift strings (the audition page's audition.js): edited as
        // their own files, with no resource bundle (Bundle needs Foundation) beside the binary.
        .executableTarget(name: "embed-text"),
        .plugin(name: "EmbedText", capability: .buildTool(), dependencies: ["embed-text"]),
        // Audio → AHAP (`generate`) and HLS playlists that point at the result.
        .target(
            name: "HapticGenerate",
            dependencies: [
                "HapticPattern", "HapticFormats", "HapticRenderKit", "SoundFile", "AudioAnalysis",
            ]),
        .target(
            name: "AudioDevice",
            dependencies: [
                .target(name: "CPortAudioLazy", condition: .when(platforms: [.linux])),
                .target(name: "CPortAudio", condition: .when(platforms: [.macOS])),
            ]),

        // Core Haptics' API (CHHapticEngine and its players) over an open-ended renderer, live on
        // an audio output or offline: the essentials, with no Foundation (the CLI links them), and
        // OpenCoreHaptics, what apps import: the essentials plus Foundation's error bridging
        // (`error as NSError`) and JSONSerialization of pattern dictionaries.
        .target(
            name: "OpenCoreHapticsEssentials",
            dependencies: [
                "HapticPattern", "HapticRender", "HapticRenderKit", "SoundFile", "AudioDevice",
            ]),
        .target(name: "OpenCoreHaptics", dependencies: ["OpenCoreHapticsEssentials"]),

        // The C API (include/hapticrender.h) over the Kit's pipeline, for C, C++ and Python:
        // the product `hapticrender` (libhapticrender.so), self-contained in release builds on
        // Linux like the CLI; debug builds (tests) link the shared runtime.
        .target(
            name: "HapticRenderC",
            dependencies: ["HapticRenderKit", "HapticRender", "HapticPattern", "HapticFormats"],
            exclude: ["include", "pkgconfig"],
            swiftSettings: [staticStdlibInRelease.swift],
            linkerSettings: [staticRuntimeLibraryInRelease]),

        // The command-line tool. Release builds on Linux link the Swift runtime and
        // FoundationEssentials into the executable (-static-stdlib; C libraries stay shared): a
        // start without ~20 M instructions of symbol binding across a dozen Swift libraries
        // (docs/performance.md, "Start-up"). The flag must reach this module's compile too, so its
        // objects ask for the static archives. Debug builds (tests) are unchanged.
        .executableTarget(
            name: "ahap-render",
            dependencies: [
                "HapticRenderKit", "HapticRender", "HapticPattern", "SoundFile", "AudioDevice",
                "HapticPlot", "HapticGenerate", "OpenCoreHapticsEssentials", "HapticFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [staticStdlibInRelease.swift],
            linkerSettings: [staticStdlibInRelease.linker]),

        // Examples.
        .executableTarget(
            name: "ShieldAndTexture",
            dependencies: [
                "HapticPattern", "HapticRenderKit", "SoundFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/ShieldAndTexture"),
        .executableTarget(
            name: "HapticRicochet",
            dependencies: [
                "OpenCoreHaptics", "HapticPlot", "HapticRenderKit", "HapticRender", "SoundFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/HapticRicochet"),

        // Tests.
        .target(
            name: "HapticTestSupport",
            dependencies: [
                "HapticPattern", "HapticRender",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Tests/HapticTestSupport"),
        .testTarget(
            name: "HapticPatternTests", dependencies: ["HapticPattern", "HapticTestSupport"]),
        .testTarget(
            name: "HapticRenderTests",
            dependencies: ["HapticRender", "HapticPattern", "HapticTestSupport"]),
        .testTarget(name: "SoundFileTests", dependencies: ["SoundFile", "HapticTestSupport"]),
        .testTarget(
            name: "HapticFormatsTests",
            dependencies: ["HapticFormats", "HapticPattern", "HapticRender", "HapticTestSupport"]),
        .testTarget(
            name: "HapticRenderKitTests",
            dependencies: [
                "HapticRenderKit", "HapticRender", "HapticPattern", "SoundFile",
                "HapticTestSupport",
            ]),
        .testTarget(
            name: "HapticPlotTests",
            dependencies: [
                "HapticPlot", "HapticRenderKit", "HapticRender", "HapticPattern", "SoundFile",
                "HapticTestSupport",
            ]),
        .testTarget(
            name: "HapticGenerateTests",
            dependencies: [
                "HapticGenerate", "AudioAnalysis", "HapticRenderKit", "HapticRender",
                "HapticPattern", "SoundFile",
                "HapticTestSupport",
            ]),
        .testTarget(
            name: "OpenCoreHapticsTests",
            dependencies: [
                "OpenCoreHaptics", "OpenCoreHapticsEssentials", "HapticPattern", "HapticRender",
                "SoundFile", "HapticTestSupport",
            ]),
        // Apple's own Core Haptics code — documentation snippets and sample code — compiled
        // unchanged against `import OpenCoreHaptics`, as an app sees it (no @testable).
        .testTarget(
            name: "CoreHapticsCompatibilityTests",
            dependencies: ["OpenCoreHaptics", "OpenCoreHapticsEssentials"]),
        .testTarget(
            name: "AudioAnalysisTests", dependencies: ["AudioAnalysis", "HapticTestSupport"]),
        .testTarget(
            name: "AudioDeviceTests", dependencies: ["AudioDevice", "HapticTestSupport"]),
        .testTarget(
            name: "HapticRenderCTests",
            dependencies: [
                "HapticRenderC", "HapticRenderKit", "HapticRender", "HapticFormats", "SoundFile",
                "HapticTestSupport",
            ]),
        .testTarget(
            name: "AHAPRenderCLITests",
            dependencies: [
                "SoundFile", "HapticPattern", "HapticRender", "HapticTestSupport",
                "OpenCoreHaptics", "ahap-render", "ShieldAndTexture", "HapticRicochet",
            ]),
    ]
)
