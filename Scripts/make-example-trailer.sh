#!/usr/bin/env bash
# Makes Examples/Audio/trailer.flac, the short soundtrack the README and docs/generate.md
# turn into haptics: 6 s, 16 kHz mono, a 38 Hz rumble swelling in and out, three impacts
# (brown noise with a 55 Hz thump, 0.6 s decay) at 1.0, 2.5 and 3.2 s, and a quiet 220/330 Hz
# pad. Needs SoX; -R makes the noise repeatable.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
s() { sox -R --no-show-progress "$@"; }
s -n -r 16000 -c 1 -b 16 "$work/rumble.wav" synth 6 sine 38 vol 0.25 fade q 1 6 2
s -n -r 16000 -c 1 -b 16 "$work/hit.wav" synth 0.6 brownnoise synth 0.6 sine mix 55 \
    fade q 0.002 0.6 0.55 vol 0.9
s -n -r 16000 -c 1 -b 16 "$work/pad.wav" synth 6 sine 220 sine 330 vol 0.05
for at in 1.0 2.5 3.2; do s "$work/hit.wav" "$work/hit-$at.wav" pad "$at"; done
s -m "$work/rumble.wav" "$work/pad.wav" "$work"/hit-*.wav --comment "" -b 16 \
    Examples/Audio/trailer.flac norm -3
