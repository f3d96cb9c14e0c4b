#!/usr/bin/env bash
# Ours against the peer (Meta's renderer_c, built by hand outside the repository: nothing of
# it, nor how to build it, is kept here) on the same events: a dense pattern and a film-like
# one (Scripts/dense-pattern.py). The peer binary's contract is in docs/performance.md
# ("The peer"); Benchmarks/peer-events.py writes its input.
#
#   Benchmarks/peer.sh PEER [AHAP_RENDER] [--rounds N] [--minutes M] [--callgrind-minutes C]
#
# Prints, per pattern, instructions per frame (callgrind, whole process of each: ours is
# `bench --iterations 1` in memory, the peer its whole run; on C-minute versions, default 2)
# and render wall time (median of N interleaved rounds, default 5, pinned to core 0; ours
# bench's renderSeconds, the peer what it prints), and the peer's ÷ ours of each, per frame: above
# 1, ours is ahead. AHAP_RENDER defaults to .build/release/ahap-render. Needs valgrind, python3.
set -euo pipefail
peer="" cli="" rounds=5 minutes=12 cg_minutes=2
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --minutes) minutes=$2; shift 2 ;;
        --callgrind-minutes) cg_minutes=$2; shift 2 ;;
        *) if [ -z "$peer" ]; then peer=$1; else cli=$1; fi; shift ;;
    esac
done
here=$(cd "$(dirname "$0")/.." && pwd)
cli=${cli:-$here/.build/release/ahap-render}
[ -n "$peer" ] || { echo "usage: $0 PEER [AHAP_RENDER] [--rounds N] [--minutes M] [--callgrind-minutes C]" >&2; exit 64; }
[ -x "$peer" ] || { echo "peer.sh: no executable at $peer" >&2; exit 1; }
[ -x "$cli" ] || { echo "peer.sh: no executable at $cli (swift build -c release --product ahap-render)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "peer.sh: valgrind is not installed" >&2; exit 1; }
work=$(mktemp -d /dev/shm/peer.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The patterns of Benchmarks/goals.sh, haptic-only (the peer renders no audio): dense, 5,000
# events per 12 minutes; film-like, 4,600 in 20 s scenes with 4 s quiet gaps.
make_inputs() {  # make_inputs NAME MINUTES
    local name=$1 m=$2 extra per12
    case $name in
        dense) per12=5000 extra="--haptic-only" ;;
        film) per12=4600 extra="--haptic-only --scene 20 --gap 4" ;;
    esac
    # shellcheck disable=SC2086  # extra is a word list
    python3 "$here/Scripts/dense-pattern.py" "$work/$name-$m.ahap" --minutes "$m" \
        --events "$(python3 -c "print(round($m * $per12 / 12))")" $extra
    python3 "$here/Benchmarks/peer-events.py" "$work/$name-$m.ahap" "$work/$name-$m.txt"
}
instructions() {  # instructions COMMAND…: whole-process instructions under callgrind
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
median() { python3 -c "import statistics,sys; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }

echo "| pattern | ours, instructions/frame | peer | peer ÷ ours | ours, render s | peer | peer ÷ ours |"
echo "|---|---|---|---|---|---|---|"
for name in dense film; do
    make_inputs "$name" "$cg_minutes"
    make_inputs "$name" "$minutes"
    peer_frames=$(head -1 "$work/$name-$cg_minutes.txt" | cut -d' ' -f1)
    ours_frames=$("$cli" bench "$work/$name-$cg_minutes.ahap" --layout haptic --iterations 1 --format json \
        | python3 -c "import json,sys; print(json.load(sys.stdin)[0]['frames'])")
    ours_i=$(instructions "$cli" bench "$work/$name-$cg_minutes.ahap" --layout haptic --iterations 1 --format json)
    peer_i=$(instructions "$peer" "$work/$name-$cg_minutes.txt")
    ours_t="" peer_t=""
    for ((r = 0; r < rounds; r++)); do
        ours_t+=" $(taskset -c 0 "$cli" bench "$work/$name-$minutes.ahap" --layout haptic --iterations 1 --format json \
            | python3 -c "import json,sys; print(json.load(sys.stdin)[0]['renderSeconds']['median'])")"
        peer_t+=" $(taskset -c 0 "$peer" "$work/$name-$minutes.txt" | tail -1)"
    done
    python3 - "$name" "$ours_frames" "$peer_frames" "$ours_i" "$peer_i" "$(median $ours_t)" "$(median $peer_t)" <<'PY'
import sys
name, of, pf, oi, pi, ot, pt = sys.argv[1], *map(float, sys.argv[2:])
print(f"| {name} | {oi / of:.1f} | {pi / pf:.1f} | {(pi / pf) / (oi / of):.2f}× | {ot:.4f} | {pt:.4f} | {(pt / pf) / (ot / of):.2f}× |")
PY
done
