#!/usr/bin/env bash
# The per-core render rates of issue 19's throughput goal for any number of builds, interleaved
# (each round runs every binary on both patterns, so a busy minute hits them all):
#
#   Benchmarks/rates.sh BIN... [--rounds N]
#
# BIN are ahap-render release binaries, e.g. the build the goal is relative to, main and yours.
# Renders the 12-minute dense haptic-only (`--layout haptic`) and mixed (`--layout audition`)
# patterns in memory (`bench --iterations 3 --block-size 4096`, pinned to core 0) and prints,
# per binary, the median and range of M frames/s over the rounds and the ratio of medians to
# the first binary. ≈ 2 s per binary per round. goals.sh measures every goal for two builds.
set -euo pipefail

rounds=5 bins=()
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        *) bins+=("$1"); shift ;;
    esac
done
[ ${#bins[@]} -gt 0 ] || { echo "usage: $0 BIN... [--rounds N]" >&2; exit 64; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /dev/shm/rates.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$here/Scripts/dense-pattern.py" --minutes 12 --events 5000 --haptic-only "$work/haptic.ahap"
python3 "$here/Scripts/dense-pattern.py" --minutes 12 --events 5000 "$work/mixed.ahap"

rate() {  # rate BIN FILE LAYOUT
    taskset -c 0 "$1" bench "$2" --layout "$3" --iterations 3 --block-size 4096 --format json 2>/dev/null \
        | python3 -c "import json,sys; print(json.load(sys.stdin)[0]['framesPerSecond'] / 1e6)"
}
declare -A result
for ((r = 1; r <= rounds; r++)); do
    for i in "${!bins[@]}"; do
        result[$i.haptic]+=" $(rate "${bins[$i]}" "$work/haptic.ahap" haptic)"
        result[$i.mixed]+=" $(rate "${bins[$i]}" "$work/mixed.ahap" audition)"
    done
done

echo "| binary | haptic-only, M frames/s | ÷ first | mixed, M frames/s | ÷ first |"
echo "|---|---|---|---|---|"
for i in "${!bins[@]}"; do
    python3 - "${bins[$i]}" "${result[$i.haptic]}" "${result[$i.mixed]}" "${result[0.haptic]}" "${result[0.mixed]}" <<'EOF'
import statistics, sys
name, haptic, mixed, first_haptic, first_mixed = sys.argv[1:]
def cells(values, first):
    v = [float(x) for x in values.split()]
    m, f = statistics.median(v), statistics.median(float(x) for x in first.split())
    return f"{m:.1f} ({min(v):.1f}–{max(v):.1f})", f"{m / f:.2f}×"
h, m = cells(haptic, first_haptic), cells(mixed, first_mixed)
print(f"| {name} | {h[0]} | {h[1]} | {m[0]} | {m[1]} |")
EOF
done
