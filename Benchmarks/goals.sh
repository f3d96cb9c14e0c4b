#!/usr/bin/env bash
# Measures the performance goals of docs/performance.md ("Goals") for one build, or for two
# builds interleaved (before/after pairs in the same minutes, so machine noise hits both):
#
#   Benchmarks/goals.sh AFTER [BEFORE] [--rounds N] [--callgrind]
#
# AFTER and BEFORE are ahap-render binaries (release builds). Prints one Markdown table per
# goal. Single-core numbers run under `taskset -c 0`; the two-core ones use cores 0-1. Needs
# cc and libsndfile's headers (the file overhead's floor is a small C program against it).
# --callgrind adds instruction counts per frame (valgrind, on 2-minute versions of the
# patterns; ~1 min per binary). Takes ~3 min per round for two binaries.
set -euo pipefail

after="" before="" rounds=3 callgrind=0
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --callgrind) callgrind=1; shift ;;
        *) if [ -z "$after" ]; then after=$1; else before=$1; fi; shift ;;
    esac
done
[ -n "$after" ] || { echo "usage: $0 AFTER [BEFORE] [--rounds N] [--callgrind]" >&2; exit 64; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /dev/shm/goals.XXXXXX)
trap 'rm -rf "$work"' EXIT
bins=("$after"); names=(after)
[ -n "$before" ] && { bins+=("$before"); names+=(before); }

# Inputs: the 12-minute dense patterns (mixed and haptic-only), the same events in 20-second
# scenes with 4-second quiet gaps (a film's quiet passages: what one file on two cores can
# split at), and a click followed by ten minutes of silence (idle).
gen="python3 $here/Scripts/dense-pattern.py"
$gen --minutes 12 --events 5000 "$work/dense.ahap"
$gen --minutes 12 --events 5000 --haptic-only "$work/dense-haptic.ahap"
$gen --minutes 12 --events 4600 --scene 20 --gap 4 "$work/film.ahap"
$gen --minutes 2 --events 833 "$work/dense2.ahap"
$gen --minutes 2 --events 833 --haptic-only "$work/dense2-haptic.ahap"
cat > "$work/idle.ahap" <<'EOF'
{"Pattern": [
 {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}},
 {"Event": {"Time": 600, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}
]}
EOF

cc -O2 "$here/Benchmarks/sndfile-write.c" $(pkg-config --cflags --libs sndfile) -o "$work/sndfile-write"

json() { python3 -c "import json,sys; d=json.load(sys.stdin)[0]; print($1)"; }
median() { python3 -c "import statistics,sys; v=[float(x) for x in sys.argv[1:]]; print(f'{statistics.median(v):.4g}')" "$@"; }

# bench: in-memory render rate, M frames/s (median of the iterations), one core.
rate() {  # rate BIN FILE LAYOUT
    taskset -c 0 "$1" bench "$2" --layout "$3" --iterations 3 --block-size 4096 --format json 2>/dev/null \
        | json "d['framesPerSecond'] / 1e6"
}
declare -A result
for ((r = 1; r <= rounds; r++)); do
    for i in "${!bins[@]}"; do
        b=${bins[$i]} n=${names[$i]}
        result[$n.haptic]+=" $(rate "$b" "$work/dense-haptic.ahap" haptic)"
        result[$n.mixed]+=" $(rate "$b" "$work/dense.ahap" audition)"
        result[$n.idle]+=" $(rate "$b" "$work/idle.ahap" haptic)"
        # End to end: render --layout haptic to tmpfs vs libsndfile writing as many silent frames.
        for cores in 1 2; do
            out=$(taskset -c 0-$((cores - 1)) "$b" bench "$work/dense-haptic.ahap" --layout haptic --iterations 1 \
                  --block-size 4096 --write-dir "$work" --format json $([ "$cores" = 2 ] && "$b" bench --help | grep -q -- --jobs && echo --jobs 2) 2>/dev/null)
            result[$n.e2e$cores]+=" $(echo "$out" | json "d['fileSeconds']['median'] / d['silentWriteSeconds']['median']")"
            # The file's overhead: the render to tmpfs minus the same render in memory (one
            # bench run times both), against the floor: libsndfile alone, outside any of our
            # code (Benchmarks/sndfile-write.c), writing as many frames in the same format.
            frames=$(echo "$out" | json "d['frames']")
            floor=$(taskset -c 0-$((cores - 1)) "$work/sndfile-write" "$work/floor.wav" "$frames" 1 48000)
            rm -f "$work/floor.wav"
            result[$n.overhead$cores]+=" $(echo "$out" | json "(d['fileSeconds']['median'] - d['renderSeconds']['median']) / $floor")"
        done
        # One long file on one and on two cores (wall seconds of the whole command), each to a
        # fresh file, as bench --write-dir writes: replacing the last round's 138 MB file would
        # add the kernel's freeing of its pages (≈ 20 ms on tmpfs) to both.
        for cores in 1 2; do
            rm -f "$work/film-$n-$cores.wav"
            start=$(date +%s.%N)
            taskset -c 0-$((cores - 1)) "$b" render "$work/film.ahap" -o "$work/film-$n-$cores.wav" --layout haptic --jobs $cores -q --force
            result[$n.film$cores]+=" $(python3 -c "print(f'{$(date +%s.%N) - $start:.3f}')")"
        done
        cmp -s "$work/film-$n-1.wav" "$work/film-$n-2.wav" || { echo "film: 1 and 2 cores differ ($n)" >&2; exit 1; }
    done
done

header="| goal |" rule="|---|"
for n in "${names[@]}"; do header+=" $n |"; rule+="---|"; done
echo "$header"; echo "$rule"
row() {  # row LABEL KEY
    local line="| $1 |"
    for n in "${names[@]}"; do line+=" $(median ${result[$n.$2]}) |"; done
    echo "$line"
}
row "haptic-only 12 min, M frames/s (1 core)" haptic
row "mixed 12 min, M frames/s (1 core)" mixed
row "idle (click, 10 min silence), M frames/s" idle
row "render to tmpfs ÷ libsndfile silent write, 1 core" e2e1
row "render to tmpfs ÷ libsndfile silent write, 2 cores" e2e2
row "file overhead (to tmpfs − in memory) ÷ libsndfile writing as many frames, 1 core" overhead1
row "the same, 2 cores" overhead2
row "film 12 min render, s, 1 core" film1
row "film 12 min render, s, 2 cores" film2
for n in "${names[@]}"; do
    echo "$n: film speed-up on 2 cores $(python3 -c "print(f'{$(median ${result[$n.film1]}) / $(median ${result[$n.film2]}):.2f}')")×"
done

if [ "$callgrind" = 1 ]; then
    echo
    echo "| instructions per frame (callgrind, whole CLI, 2-minute patterns) | ${names[*]} |"
    for p in dense2-haptic:haptic dense2:audition; do
        line="| ${p%%:*} (${p##*:}) |"
        for b in "${bins[@]}"; do
            valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$b" render "$work/${p%%:*}.ahap" \
                -o "$work/cg.wav" --layout "${p##*:}" --jobs 1 -q --force 2>"$work/cg.log"
            total=$(grep -E "Collected|refs" "$work/cg.log" | grep -oE "[0-9,]+$" | tr -d , | tail -1)
            line+=" $(python3 -c "print(f'{$total / (120 * 48000):.1f} ({$total / 1e6:.1f} M)')") |"
        done
        echo "$line"
    done
fi
