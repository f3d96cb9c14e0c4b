#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzTarget.swift: decode → schedule → render a 0.25 s
# window, lenient and strict) with AddressSanitizer and runs it for SECONDS (default 60)
# on one core.
#
#   Scripts/fuzz.sh [SECONDS] [extra libFuzzer flags…]
#
# The target is compiled with plain `swiftc` (HapticPattern, then HapticRender, then the
# harness), not SwiftPM, so the package's `swift test` is untouched. Everything it writes
# lives under .build-fuzz/ (gitignored): objects, the binary, the working corpus (seeded from
# ../shared/corpus on every run — seeds are never committed) and crash artifacts. A crash
# exits non-zero and prints the artifact path; minimize it with
#   .build-fuzz/ahap-fuzz -minimize_crash=1 -runs=10000 <artifact>
# and commit the small result under Tests/Fixtures/fuzz-regressions/.
#
# Environment: FUZZ_JOBS (default 1), FUZZ_REBUILD=1 forces a rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

out=.build-fuzz
mkdir -p "$out/obj" "$out/corpus" "$out/artifacts"
# -package-name: the modules share `package` declarations, as SwiftPM compiles them.
flags=(-O -sanitize=fuzzer,address -parse-as-library -g -I "$out/obj" -package-name hapticrender)

sources_changed() {  # any input newer than the binary?
    [[ ! -x "$out/ahap-fuzz" || "${FUZZ_REBUILD:-0}" == 1 ]] && return 0
    [[ -n "$(find Sources/HapticPattern Sources/HapticRender Fuzz -name '*.swift' -newer "$out/ahap-fuzz" | head -1)" ]]
}

if sources_changed; then
    echo "fuzz: building (swiftc -O -sanitize=fuzzer,address)…" >&2
    # One module at a time, as SwiftPM would: HapticRender imports HapticPattern.
    swiftc "${flags[@]}" -module-name HapticPattern -emit-module -emit-module-path "$out/obj/HapticPattern.swiftmodule" \
        -wmo -c $(find Sources/HapticPattern -name '*.swift' | sort) -o "$out/obj/HapticPattern.o"
    swiftc "${flags[@]}" -module-name HapticRender -emit-module -emit-module-path "$out/obj/HapticRender.swiftmodule" \
        -wmo -c $(find Sources/HapticRender -name '*.swift' | sort) -o "$out/obj/HapticRender.o"
    swiftc "${flags[@]}" -module-name AHAPFuzz Fuzz/*.swift \
        "$out/obj/HapticPattern.o" "$out/obj/HapticRender.o" -lm -o "$out/ahap-fuzz"
fi

# Seeds: every AHAP/JSON file of the shared corpus, copied (names are content hashes, so
# repeated runs do not duplicate them), plus our committed regression inputs.
if [[ -d ../shared/corpus ]]; then
    find ../shared/corpus -type f \( -name '*.ahap' -o -name '*.json' \) -exec cp -n {} "$out/corpus/" \; 2>/dev/null || true
fi
seeds=("$out/corpus")  # relative to the package root
[[ -d Tests/Fixtures/fuzz-regressions ]] && seeds+=(Tests/Fixtures/fuzz-regressions)

# -rss_limit_mb: a hostile input must be refused, not allowed to eat memory.
# -max_len: well above any corpus seed; big inputs are covered by the unit tests.
# Run from $out: with -jobs, libFuzzer writes fuzz-<job>.log into the working folder.
root=$(pwd)
cd "$out"
rm -f fuzz-*.log
status=0
./ahap-fuzz -max_total_time="$seconds" -jobs="${FUZZ_JOBS:-1}" -workers="${FUZZ_JOBS:-1}" \
    -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix=artifacts/ -dict="$root/Fuzz/ahap.dict" "$@" "${seeds[@]/#/$root/}" || status=$?
# The job's own log holds the figures (cov, ft, exec/s) and any crash report.
tail -n 25 fuzz-*.log
grep -h "cov:" fuzz-*.log | tail -n 1
exit "$status"
