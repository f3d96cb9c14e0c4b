#!/usr/bin/env bash
# Start-up cost of the CLI against sox writing a 0.1 s file (issue 19's yardstick: `lint` of a
# one-event file within 3× of `sox -n x.wav trim 0 0.1`).
#
#   Benchmarks/startup.sh [RUNS] [AHAP_RENDER] [BASELINE_AHAP_RENDER]
#
# RUNS (default 50) rounds; each round runs every command once, in turn, so the commands are
# interleaved and share the machine's drift. Prints each command's median and quartiles of
# wall time (fork to exit, measured by Python around posix_spawn, the same overhead for every
# command), the ratios to sox, and — when valgrind is installed — each command's instruction
# count (callgrind, whole process: dynamic linking included), which is repeatable on a busy
# machine. AHAP_RENDER defaults to .build/release/ahap-render; with BASELINE_AHAP_RENDER (an
# older build copied aside) both are measured in the same rounds, for a before → after pair.
# STARTUP_CPU=N pins every run to core N (the measuring process's affinity, which the commands
# inherit: no `taskset` exec added to what is timed), so a busy second core disturbs less.
#
# Costs ≈ 10 s for 50 rounds, plus ≈ 10 s of valgrind. Needs sox and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-50}"
cli="${2:-.build/release/ahap-render}"
baseline="${3:-}"
command -v sox >/dev/null || { echo "startup.sh: sox is not installed (apt-get install sox)" >&2; exit 1; }
(( runs >= 2 )) || { echo "startup.sh: RUNS must be at least 2" >&2; exit 64; }
[[ -x "$cli" ]] || { echo "startup.sh: no executable at $cli (swift build -c release --product ahap-render)" >&2; exit 1; }
cli=$(realpath "$cli")  # the callgrind runs work in a temporary folder
[[ -z "$baseline" ]] || baseline=$(realpath "$baseline")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/one.ahap" <<'EOF'
{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient",
  "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}]}}]}
EOF

# name<TAB>command, one per line; the first is the reference the ratios divide by.
commands=$(printf '%s\t%s\n' \
    "sox -n x.wav trim 0 0.1" "sox -n $work/x.wav trim 0 0.1" \
    "lint one.ahap" "$cli lint $work/one.ahap" \
    "--version" "$cli --version")
if [[ -n "$baseline" ]]; then
    commands+=$'\n'$(printf '%s\t%s\n' \
        "lint one.ahap (baseline)" "$baseline lint $work/one.ahap" \
        "--version (baseline)" "$baseline --version")
fi

python3 - "$runs" "$commands" <<'PY'
import os, shlex, statistics, sys, time
runs = int(sys.argv[1])
commands = [line.split("\t") for line in sys.argv[2].splitlines()]
if os.environ.get("STARTUP_CPU"):
    os.sched_setaffinity(0, {int(os.environ["STARTUP_CPU"])})
devnull = os.open(os.devnull, os.O_WRONLY)
actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]

def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter_ns() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup.sh: `{shlex.join(argv)}` failed")
    return elapsed / 1e6

argvs = [shlex.split(command) for _, command in commands]
for argv in argvs:  # warm the page cache
    run(argv)
times = [[] for _ in commands]
for _ in range(runs):
    for i, argv in enumerate(argvs):
        times[i].append(run(argv))
medians = [statistics.median(t) for t in times]
pinned = f", pinned to core {os.environ['STARTUP_CPU']}" if os.environ.get("STARTUP_CPU") else ""
print(f"wall time, median of {runs} interleaved runs{pinned} (ms):")
for (name, _), t, median in zip(commands, times, medians):
    q = statistics.quantiles(t, n=4)
    print(f"  {name:26} {median:7.2f}   (quartiles {q[0]:.2f} … {q[2]:.2f})   {median / medians[0]:5.2f}× sox")
PY

if command -v valgrind >/dev/null; then
    echo "instructions (callgrind, whole process):"
    sox_instructions=
    while IFS=$'\t' read -r name command; do
        # shellcheck disable=SC2086  # the command is a word list
        count=$(cd "$work" && valgrind --tool=callgrind --callgrind-out-file=/dev/null $command 2>&1 >/dev/null </dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
        sox_instructions=${sox_instructions:-$count}
        awk -v n="$name" -v c="$count" -v s="$sox_instructions" \
            'BEGIN { printf "  %-26s %7.1f M   %5.1f× sox\n", n, c / 1e6, c / s }'
    done <<<"$commands"
fi
