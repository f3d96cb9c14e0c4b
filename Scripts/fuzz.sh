#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each on one core, SECONDS in all
# (default 60) split by weight: `ahap` (Fuzz/AHAP: decode → schedule → render a 0.25 s
# window, lenient and strict) 4/9, `formats` (Fuzz/Formats: the same for `.haptic` and
# `.hjif`, then `convert` to every target and the readable ones read back) 2/9, `audio`
# (Fuzz/Audio: bytes as an audio file through SoundFile.read — limits, bad samples, stereo
# folding — and the resampler, whole and block by block) 1/9, `actuator` (Fuzz/Actuator:
# bytes → an actuator profile → validate → a short render of every accepted one, checked for
# finite samples) 1/9, `output` (Fuzz/Output: bytes → a tree of links, folders and files →
# one write through AtomicFile: links never replaced, nothing left behind, nothing written
# outside) 1/9. Fuzz/Shared holds the pattern targets' common checks and render.
#
#   Scripts/fuzz.sh [SECONDS] [extra libFuzzer flags…]
#   FUZZ_TARGETS="audio" Scripts/fuzz.sh 600      # one target for the whole time
#
# The targets are compiled with plain `swiftc` (module by module, as SwiftPM would), not
# SwiftPM, so the package's `swift test` is untouched. Everything they write lives under
# .build-fuzz/ (gitignored): objects, the binaries, the working corpora (seeded on every run
# — seeds are never committed) and crash artifacts. A crash exits non-zero and prints the
# artifact path; minimize it with
#   .build-fuzz/ahap-fuzz -minimize_crash=1 -runs=10000 <artifact>
# and commit the small result under Tests/Fixtures/fuzz-regressions/.
#
# Environment: FUZZ_TARGETS (default "ahap formats audio actuator output"), FUZZ_JOBS (default 1),
# FUZZ_REBUILD=1 forces a rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=(${FUZZ_TARGETS:-ahap formats audio actuator output})

out=.build-fuzz
mkdir -p "$out/obj" "$out/artifacts"
# -package-name: the modules share `package` declarations, as SwiftPM compiles them.
flags=(-O -sanitize=fuzzer,address -parse-as-library -g -I "$out/obj" -package-name hapticrender)
# SoundFile's C libraries, loaded on first use through the lazy shims (Package.swift).
cflags=(-I Sources/CSndFileLazy -I Sources/CSampleRateLazy)

newer() {  # newer BINARY FOLDERS…: is any source newer than the binary (or a rebuild forced)?
    local binary=$1
    shift
    [[ ! -x "$binary" || "${FUZZ_REBUILD:-0}" == 1 ]] && return 0
    [[ -n "$(find "$@" -name '*.swift' -newer "$binary" | head -1)" ]]
}

module() {  # module NAME [extra flags…]: Sources/NAME as one object and its .swiftmodule
    local name=$1
    shift
    swiftc "${flags[@]}" "$@" -module-name "$name" -emit-module -emit-module-path "$out/obj/$name.swiftmodule" \
        -wmo -c $(find "Sources/$name" -name '*.swift' | sort) -o "$out/obj/$name.o"
}

build() {  # build TARGET
    case $1 in
    ahap)
        newer "$out/ahap-fuzz" Sources/HapticPattern Sources/HapticRender Fuzz/AHAP Fuzz/Shared || return 0
        echo "fuzz: building ahap-fuzz (swiftc -O -sanitize=fuzzer,address)…" >&2
        module HapticPattern && module HapticRender
        swiftc "${flags[@]}" -module-name AHAPFuzz Fuzz/AHAP/*.swift Fuzz/Shared/*.swift \
            "$out/obj/HapticPattern.o" "$out/obj/HapticRender.o" -lm -o "$out/ahap-fuzz" ;;
    formats)
        newer "$out/formats-fuzz" Sources/HapticPattern Sources/HapticRender Sources/HapticFormats \
            Fuzz/Formats Fuzz/Shared || return 0
        echo "fuzz: building formats-fuzz…" >&2
        [[ -f "$out/obj/HapticRender.o" && ! "$(find Sources/HapticPattern Sources/HapticRender -name '*.swift' -newer "$out/obj/HapticRender.o" | head -1)" ]] \
            || { module HapticPattern && module HapticRender; }
        module HapticFormats
        swiftc "${flags[@]}" -module-name FormatsFuzz Fuzz/Formats/*.swift Fuzz/Shared/*.swift \
            "$out/obj/HapticPattern.o" "$out/obj/HapticRender.o" "$out/obj/HapticFormats.o" -lm \
            -o "$out/formats-fuzz" ;;
    actuator)
        newer "$out/actuator-fuzz" Sources/HapticPattern Sources/HapticRender Fuzz/Actuator || return 0
        echo "fuzz: building actuator-fuzz…" >&2
        [[ -f "$out/obj/HapticRender.o" && ! "$(find Sources/HapticPattern Sources/HapticRender -name '*.swift' -newer "$out/obj/HapticRender.o" | head -1)" ]] \
            || { module HapticPattern && module HapticRender; }
        swiftc "${flags[@]}" -module-name ActuatorFuzz Fuzz/Actuator/*.swift \
            "$out/obj/HapticPattern.o" "$out/obj/HapticRender.o" -lm -o "$out/actuator-fuzz" ;;
    audio)
        newer "$out/audio-fuzz" Sources/SoundFile Fuzz/Audio || return 0
        echo "fuzz: building audio-fuzz…" >&2
        module SoundFile "${cflags[@]}"
        swiftc "${flags[@]}" "${cflags[@]}" -module-name AudioFuzz Fuzz/Audio/*.swift \
            "$out/obj/SoundFile.o" -lm -o "$out/audio-fuzz" ;;
    output)
        newer "$out/output-fuzz" Sources/SoundFile Fuzz/Output || return 0
        echo "fuzz: building output-fuzz…" >&2
        [[ -f "$out/obj/SoundFile.o" && ! "$(find Sources/SoundFile -name '*.swift' -newer "$out/obj/SoundFile.o" | head -1)" ]] \
            || module SoundFile "${cflags[@]}"
        swiftc "${flags[@]}" "${cflags[@]}" -module-name OutputFuzz Fuzz/Output/*.swift \
            "$out/obj/SoundFile.o" -lm -o "$out/output-fuzz" ;;
    esac
}

seed() {  # seed TARGET: the working corpus, refreshed from the shared corpus and our fixtures
    local corpus="$out/corpus-$1"
    mkdir -p "$corpus"
    case $1 in
    ahap)
        # Every AHAP/JSON file of the shared corpus (names are content hashes, so repeated
        # runs do not duplicate them).
        [[ -d ../shared/corpus ]] && find ../shared/corpus -type f \( -name '*.ahap' -o -name '*.json' \) \
            -exec cp -n {} "$corpus/" \; 2>/dev/null || true ;;
    formats)
        # The shared corpus' .haptic clips, valid and invalid, and a few AHAP files for the
        # conversions (.hjif has no public files to seed from: its dictionary's keys lead
        # there, and every accepted input's conversion is decoded back as .hjif).
        [[ -d ../shared/corpus ]] && { find ../shared/corpus -type f -name '*.haptic' -size -64k; \
            find ../shared/corpus -type f -name '*.ahap' -size -16k | sort | head -n 40; } |
            while read -r f; do cp -n "$f" "$corpus/$(basename "$f")" 2>/dev/null || true; done ;;
    audio)
        # Small sound files of every container: the shared corpus' and the examples'.
        { [[ -d ../shared/corpus ]] && find ../shared/corpus -type f \( -iname '*.wav' -o -iname '*.aif*' \
            -o -iname '*.flac' -o -iname '*.ogg' -o -iname '*.mp3' -o -iname '*.caf' \) -size -256k; \
          find Examples -type f -iname '*.wav'; } 2>/dev/null | while read -r f; do
            cp -n "$f" "$corpus/$(basename "$f")" 2>/dev/null || true
        done ;;
    actuator)
        # The presets' byte encodings would need the mapping; the fuzzer starts from nothing
        # and one neutral input.
        [[ -f "$corpus/neutral" ]] || head -c 34 /dev/zero | tr '\0' '\200' >"$corpus/neutral" ;;
    output)
        # Every name a link of each kind, the destination one of them: a start for mutations.
        for k in 1 2 3 4 5 6 7 8; do
            [[ -f "$corpus/kind-$k" ]] || printf "\\00$k\\001\\00$k\\002\\00$k\\003\\00$k\\001\\001\\002\\001\\005" >"$corpus/kind-$k"
        done ;;
    esac
}

weight() { case $1 in ahap) echo 4 ;; formats) echo 2 ;; *) echo 1 ;; esac; }
total_weight=0
for t in "${targets[@]}"; do total_weight=$((total_weight + $(weight "$t"))); done

root=$(pwd)
status=0
for t in "${targets[@]}"; do
    build "$t"
    seed "$t"
    time=$(((seconds * $(weight "$t") + total_weight - 1) / total_weight))
    seeds=("$root/$out/corpus-$t")
    [[ $t == ahap && -d Tests/Fixtures/fuzz-regressions ]] && seeds+=("$root/Tests/Fixtures/fuzz-regressions")
    dict=()
    [[ $t == ahap ]] && dict=(-dict="$root/Fuzz/AHAP/ahap.dict")
    [[ $t == formats ]] && dict=(-dict="$root/Fuzz/Formats/formats.dict")
    echo "fuzz: $t for $time s" >&2
    # -rss_limit_mb: a hostile input must be refused, not allowed to eat memory.
    # -max_len: well above any seed; big inputs are covered by the unit tests.
    # Run from $out: with -jobs, libFuzzer writes fuzz-<job>.log into the working folder.
    (
        cd "$out"
        rm -f fuzz-*.log
        code=0
        "./$t-fuzz" -max_total_time="$time" -jobs="${FUZZ_JOBS:-1}" -workers="${FUZZ_JOBS:-1}" \
            -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 \
            -artifact_prefix="artifacts/$t-" "${dict[@]}" "$@" "${seeds[@]}" || code=$?
        # The job's own log holds the figures (cov, ft, exec/s) and any crash report.
        tail -n 25 fuzz-*.log
        grep -h "cov:" fuzz-*.log | tail -n 1
        exit "$code"
    ) || status=$?
done
exit "$status"
