#!/usr/bin/env bash
# Checks on the release build — what users run: the fast engine against the reference engine
# on the example patterns and every corpus file for every preset (Scripts/engine_agreement.py
# prints the table of docs/agreement.md), valgrind memcheck on release renders that mix a
# soundtrack in and that render a batch on two threads, and kotlinc on the Kotlin that
# `convert --to kotlin` writes for every one of those files (against Scripts/android-stubs).
#
#   Scripts/release-checks.sh [CORPUS_DIR]     (default ../shared/corpus; skipped if absent,
#                                              a failure if HAPTICRENDER_REQUIRE_CORPUS is set)
set -euo pipefail
cd "$(dirname "$0")/.."
cli=.build/release/ahap-render
[ -x "$cli" ] || swift build -c release --product ahap-render
corpus=${1:-../shared/corpus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

inputs=(Examples/Patterns)
if [ -d "$corpus" ]; then
    inputs+=("$corpus")
elif [ -n "${HAPTICRENDER_REQUIRE_CORPUS:-}" ]; then
    echo "HAPTICRENDER_REQUIRE_CORPUS is set but $corpus is missing" >&2
    exit 1
else
    echo "note: $corpus is missing (a user's clone has none): agreement on the examples only"
fi

echo "| preset | files | audio L | audio R | drive | acceleration |"
echo "|---|---|---|---|---|---|"
# The corpus holds files every player refuses (the peers' invalid test clips): `render` renders
# the others and exits 1. What it may refuse is exactly what `lint --lenient` rejects, and each
# engine must render every other file.
accepted=0
for input in "${inputs[@]}"; do
    count=$("$cli" lint --lenient --format json "$input" 2>/dev/null |
        python3 -c 'import json, sys; print(sum(f["accepted"] for f in json.load(sys.stdin)))') || true
    accepted=$((accepted + count))
done
status=0
for preset in iphone coin pixel erm; do
    for engine in fast reference; do
        for input in "${inputs[@]}"; do
            rc=0
            "$cli" render "$input" --output-dir "$work/$preset-$engine/$(basename "$input")" --layout split \
                --type wav --sample-format float32 --actuator "$preset" --engine "$engine" --quiet --force \
                2>"$work/errors.txt" || rc=$?
            [ "$rc" -le 1 ] || { cat "$work/errors.txt"; exit "$rc"; }
        done
        rendered=$(find "$work/$preset-$engine" -name '*.wav' | wc -l)
        if [ "$rendered" -ne "$accepted" ]; then
            echo "$preset $engine: rendered $rendered files, lint accepts $accepted" >&2
            status=1
        fi
    done
    python3 Scripts/engine_agreement.py "$work/$preset-fast" "$work/$preset-reference" --label "$preset" || status=1
done

# Memory errors in the build that ships: a soundtrack mixed in (the path of the release-only
# double free once backed out) and a two-thread batch.
memcheck() { valgrind --quiet --error-exitcode=99 --errors-for-leak-kinds=none "$cli" "$@"; }
memcheck render Examples/Patterns/AllFeatures.ahap --mix-with Examples/Patterns/knock.wav -o "$work/mix.wav" --quiet
memcheck render Examples/Patterns --jobs 2 --output-dir "$work/batch" --quiet
echo "valgrind memcheck: --mix-with and --jobs 2 release renders clean"

# The Kotlin `convert --to kotlin` writes, compiled: every file lint accepts, each in a package
# of its own (`Tap.ahap` and `Tap.haptic`, or one name in two folders, name one object), and a
# 12-minute dense pattern's, with the Android API stubs of Scripts/android-stubs, in one kotlinc
# run (the JVM's start-up and warm-up are most of its cost); a warning fails too (-Werror).
if command -v kotlinc >/dev/null; then
    mkdir "$work/kotlin"
    converted=0
    while IFS= read -r -d '' file; do
        converted=$((converted + 1))
        { echo "package converted.file$converted"; "$cli" convert "$file" --to kotlin -o - --quiet; } \
            >"$work/kotlin/File$converted.kt" || { echo "$file: convert --to kotlin failed" >&2; status=1; }
    done < <(for input in "${inputs[@]}"; do
        "$cli" lint --lenient --format json "$input" 2>/dev/null |
            python3 -c 'import json, sys; [print(f["file"], end="\0") for f in json.load(sys.stdin) if f["accepted"]]' || true
    done)
    [ "$converted" -eq "$accepted" ] || { echo "kotlin: converted $converted files, lint accepts $accepted" >&2; status=1; }
    # And one long effect (12 minutes, 5,000 events): its arrays and tiers are split into
    # methods that kotlinc takes ("Method too large" otherwise).
    python3 Scripts/dense-pattern.py "$work/dense.ahap" --haptic-only
    { echo "package converted.dense"; "$cli" convert "$work/dense.ahap" --to kotlin -o - --quiet; } \
        >"$work/kotlin/Dense.kt" || { echo "dense.ahap: convert --to kotlin failed" >&2; status=1; }
    # Debian's kotlinc starts the JVM with a 256 MB heap, too small for the corpus's longest waveforms.
    kotlinc_status=0
    JAVA_OPTS=-Xmx2g kotlinc -Werror Scripts/android-stubs "$work/kotlin" -d "$work/kotlin-classes" \
        >"$work/kotlinc.txt" 2>&1 || kotlinc_status=$?
    grep -v 'Xverify:none' "$work/kotlinc.txt" || true  # the JVM's note on Debian's launcher
    if [ "$kotlinc_status" -eq 0 ]; then
        echo "kotlinc: the Kotlin of $converted files compiles against the Android API stubs"
    else
        echo "kotlinc: the Kotlin of some of the $converted files does not compile (above)" >&2
        status=1
    fi
elif [ "${CI:-}" = true ] || [ -n "${HAPTICRENDER_REQUIRE_CORPUS:-}" ]; then
    echo "kotlinc is missing (.ci/run installs Debian's kotlin package)" >&2
    exit 1
else
    echo "note: kotlinc is missing: the Kotlin conversions are not compiled (apt-get install kotlin)"
fi
exit $status
