#!/usr/bin/env bash
# How `convert` scales with the size of its input: each shape of Benchmarks/convert-inputs.py
# at each size, converted to every target (and with --report), timed (user + system CPU
# seconds, less disturbed by other work than wall time) with the peak RSS.
#
#   Benchmarks/convert-scaling.sh [--shapes "seq curves ..."] [--sizes "10000 20000 ..."]
#       [--targets "ahap haptic android kotlin report"] [--callgrind] AHAP_RENDER [BEFORE]
#
# AHAP_RENDER (and BEFORE, an older build copied aside, for a before → after pair) are release
# builds (swift build -c release --product ahap-render). Prints a Markdown table, one row per
# shape, size and target. --callgrind adds each run's instruction count (valgrind; slow: use
# small sizes). Inputs go to a temporary folder; sizes beyond the default limits are allowed
# (--max-events 200000 --max-duration 7200), except `curves` past 62,500, which exceed the
# decoder's 1,000,000 curve points: such a row reads `failed`.
set -euo pipefail
shapes="seq curves overlap transients haptic"
sizes="10000 20000 40000 80000"
targets="ahap haptic android kotlin report"
callgrind=0
bins=()
while [ $# -gt 0 ]; do
    case $1 in
        --shapes) shapes=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --targets) targets=$2; shift 2 ;;
        --callgrind) callgrind=1; shift ;;
        *) bins+=("$(realpath "$1")"); shift ;;
    esac
done
[ ${#bins[@]} -ge 1 ] || { echo "usage: $0 [options] AHAP_RENDER [BEFORE]" >&2; exit 64; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

header="| shape | N | input MB | target |"
rule="|---|---|---|---|"
for b in "${bins[@]}"; do
    name=$( [ "$b" = "${bins[0]}" ] && echo after || echo before)
    [ ${#bins[@]} -eq 1 ] && name=run
    header+=" $name s | $name MB |"; rule+="---|---|"
    [ $callgrind = 1 ] && { header+=" $name G instr |"; rule+="---|"; }
done
echo "$header"; echo "$rule"
for shape in $shapes; do
    ext=ahap; [ "$shape" = haptic ] && ext=haptic
    for n in $sizes; do
        input="$work/$shape-$n.$ext"
        python3 "$here/convert-inputs.py" "$shape" "$n" "$input"
        mb=$(python3 -c "import os,sys; print(f'{os.path.getsize(sys.argv[1])/1e6:.1f}')" "$input")
        for target in $targets; do
            args=(convert "$input" -o "$work/out" --force --quiet --max-events 200000 --max-duration 7200)
            if [ "$target" = report ]; then args+=(--to haptic --report); else args+=(--to "$target"); fi
            row="| $shape | $n | $mb | $target |"
            for b in "${bins[@]}"; do
                /usr/bin/time -f "%U %S %M" -o "$work/time" "$b" "${args[@]}" >/dev/null 2>"$work/err" \
                    || { row+=" failed | |"; [ $callgrind = 1 ] && row+=" |"; continue; }
                read -r user sys kb < "$work/time"
                row+=" $(python3 -c "print(f'{$user + $sys:.2f} | {$kb / 1024:.0f}')") |"
                if [ $callgrind = 1 ]; then
                    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" "${args[@]}" 2>&1 >/dev/null \
                        | sed -n 's/.*Collected : //p')
                    row+=" $(python3 -c "print(f'{$ir / 1e9:.2f}')") |"
                fi
            done
            echo "$row"
        done
    done
done
