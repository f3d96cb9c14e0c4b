#!/usr/bin/env bash
# The test suites under AddressSanitizer and ThreadSanitizer, each in its own build folder
# (.build-asan, .build-tsan: gitignored) so the plain debug build is left intact, each on the
# suites whose code it can judge; the plain `swift test` covers the rest.
#
#   Scripts/sanitizers.sh [address|thread]…     (default: both)
#
# Each is a full debug build of the package and its tests with the sanitizer, then its suites:
# together more than CI's 30-minute budget leaves beside the plain suite, the release build and
# the release checks on 2 cores, so they run before a release and after a change to unsafe or
# threaded code. CI's fuzz smoke is built with AddressSanitizer and covers the parser, the
# renderer, the audio reader and the atomic writer in the meantime.
set -euo pipefail
cd "$(dirname "$0")/.."

# AddressSanitizer: the test targets that run our unsafe memory in process — the JSON parser's
# byte buffers (HapticPatternTests), the render kernels (HapticRenderTests), the libsndfile
# wrapper and the WAV writers (SoundFileTests), the file pipeline (HapticRenderKitTests), the C
# ABI's pointers and lengths (HapticRenderCTests), the FFT and meters (AudioAnalysisTests), the
# .haptic reader (HapticFormatsTests) and the Core Haptics engine's ring (OpenCoreHapticsTests).
# Left to the plain run: the CLI's tests (they run the command in a child process over the same
# library code), the pictures (strings and a headless browser) and generate (its unsafe code is
# AudioAnalysis's, tested above). Skipped inside those targets: noCorpusFileReachesTheEndStop
# (every corpus file on every preset checks the physics, through the paths
# everyAcceptedCorpusFileRenders already runs under ASan) and AllocationCounterTests (the
# sanitizers replace malloc, so the interposer the counter hooks sees nothing: the real-time
# tests count 0 whatever the code does, and they prove it in the plain run).
# LeakSanitizer is off: its only reports are false positives — the test runner's own objects
# and Swift indirect-enum boxes held by globals (LSan does not see through Swift's tagged enum
# payload pointers).
asan_targets='^(HapticPatternTests|HapticRenderTests|SoundFileTests|HapticRenderKitTests|HapticRenderCTests|AudioAnalysisTests|HapticFormatsTests|OpenCoreHapticsTests)\.'
run_asan() {
    ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address \
        --scratch-path .build-asan --filter "$asan_targets" \
        --skip noCorpusFileReachesTheEndStop --skip AllocationCounterTests
}

# ThreadSanitizer: the suites that run our code on several threads — the runtime-parameter
# queue (one and many producers), the batch renderer's workers and one file's segment workers
# (in process, in every sample format, container and writer block size, and through the CLI's
# --jobs), one sound file's analysis stretches (generate's threads), the real-time render
# beside a writer, the background file writer, the C API's handle table and streams used from
# several threads, and the Core Haptics engine's render side. Not the suites that play through
# PortAudio (PlayCommandTests, PaletteCommandTests, AudioDeviceTests): its ALSA thread is uninstrumented,
# so TSan reports it whatever our code does (exit 66); their real-time safety is proven by the
# allocation-counting tests and their output by the plain run.
tsan_suites='(RuntimeParameterQueueTests|RuntimeParameterQueueMultiProducerTests|RenderBatchTests|SegmentedRenderTests|SegmentedWriteTests|PreparedRenderRealTimeTests|StreamWriterTests|AtomicFileTests|CAPIStreamTests|CAPIHostileTests|CoreHapticsAPITests|CoreHapticsEngineTests|RenderCommandTests|BatchResumeTests|GenerateBatchTests|ThreadedGenerateTests|HostileSignalTests)/'
run_tsan() {
    swift test --sanitize=thread --scratch-path .build-tsan \
        --filter "$tsan_suites" --skip AllocationCounterTests
}

kinds=("$@")
(( ${#kinds[@]} )) || kinds=(address thread)
for kind in "${kinds[@]}"; do
    case $kind in
    address) run_asan ;;
    thread) run_tsan ;;
    *) echo "sanitizers.sh: unknown sanitizer '$kind' (address or thread)" >&2; exit 64 ;;
    esac
done
