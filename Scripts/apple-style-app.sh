#!/usr/bin/env bash
# Builds Tests/Fixtures/AppleStyleApp — an app outside this package that depends on it by path,
# as docs/core-haptics-api.md says to — and runs it as CI runs an unmodified app: twice with
# OPENCOREHAPTICS_OUTPUT and OPENCOREHAPTICS_DURATION (both recordings last the duration, hold
# the pattern, and are the same bytes), once with a folder that does not exist (the app's own
# `catch` prints Core Haptics' domain and code, and it exits 1).
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/AppleStyleApp"
swift build --quiet
bin="$(swift build --show-bin-path)/AppleStyleApp"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for run in 1 2; do
    OPENCOREHAPTICS_OUTPUT="$tmp/run$run.wav" OPENCOREHAPTICS_DURATION=1 "$bin"
done
cmp "$tmp/run1.wav" "$tmp/run2.wav"
python3 - "$tmp/run1.wav" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
at, channels, rate, samples = 12, 0, 0, b""
while at + 8 <= len(data):
    kind, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
    if kind == b"fmt ":
        channels, rate = struct.unpack("<HI", data[at + 10:at + 16])
    elif kind == b"data":
        samples = data[at + 8:at + 8 + size]
    at += 8 + size + size % 2
values = struct.unpack("<%df" % (len(samples) // 4), samples)
frames = len(values) // channels
assert (channels, rate, frames) == (2, 48000, 48000), (channels, rate, frames)
assert max(abs(v) for v in values[: 2 * 4800]) > 0.1, "the pattern is at the start"
assert max(abs(v) for v in values[2 * 43200:]) < 0.01, "and over before the end"
print("AppleStyleApp: 1 s recorded, the same on both runs")
PY

if OPENCOREHAPTICS_OUTPUT="$tmp/no/such/folder/out.wav" "$bin" > "$tmp/refused.txt"; then
    echo "a recording into a missing folder was not refused" >&2
    exit 1
fi
grep -q "Engine Error: com.apple.CoreHaptics -4816: OPENCOREHAPTICS_OUTPUT=" "$tmp/refused.txt" || {
    cat "$tmp/refused.txt" >&2
    exit 1
}
echo "AppleStyleApp: a bad OPENCOREHAPTICS_OUTPUT is refused as Core Haptics error -4816"
