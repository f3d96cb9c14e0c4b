#!/usr/bin/env python3
"""Fast vs reference engine on whole folders of renders: the worst absolute difference per
channel of `--layout split` float WAVs (audio L, audio R, drive, acceleration; full scale 1).

    engine_agreement.py FAST_DIR REFERENCE_DIR [--label NAME]

Walks FAST_DIR for .wav files, reads the same relative path under REFERENCE_DIR, prints one
Markdown row with the worst difference per channel (and the file it occurs in). A difference
above the published tolerance (1e-3 for audio and acceleration, 2e-3 for drive; the Swift
agreement tests' EngineComparison.tolerance) is reported and makes the exit status 1.
"""
import os
import struct
import sys

import numpy as np

CHANNELS = ["audio L", "audio R", "drive", "acceleration"]
TOLERANCE = [1e-3, 1e-3, 2e-3, 1e-3]


def read_float_wav(path):
    with open(path, "rb") as f:
        data = f.read()
    offset, channels, samples = 12, None, None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        if chunk == b"fmt ":
            channels = struct.unpack("<H", data[offset + 10:offset + 12])[0]
        elif chunk == b"data":
            samples = np.frombuffer(data[offset + 8:offset + 8 + size], dtype="<f4")
        offset += 8 + size + (size & 1)
    return samples.reshape(-1, channels)


def main():
    fast_dir, reference_dir = sys.argv[1], sys.argv[2]
    label = sys.argv[sys.argv.index("--label") + 1] if "--label" in sys.argv else fast_dir
    worst = [(0.0, "")] * len(CHANNELS)
    files = 0
    for root, _, names in os.walk(fast_dir):
        for name in sorted(names):
            if not name.endswith(".wav"):
                continue
            fast_path = os.path.join(root, name)
            relative = os.path.relpath(fast_path, fast_dir)
            a, b = read_float_wav(fast_path), read_float_wav(os.path.join(reference_dir, relative))
            if a.shape != b.shape:
                print(f"{relative}: {a.shape} frames × channels (fast) vs {b.shape} (reference)")
                sys.exit(1)
            files += 1
            if len(a) == 0:
                continue
            d = np.abs(a.astype(np.float64) - b.astype(np.float64)).max(axis=0)
            worst = [max(w, (float(d[c]), relative)) for c, w in enumerate(worst)]
    cells = " | ".join(f"{w:.1e}" for w, _ in worst)
    print(f"| {label} | {files} | {cells} |")
    print(f"  worst: {'; '.join(f'{CHANNELS[c]} in {file}' for c, (_, file) in enumerate(worst))}",
          file=sys.stderr)
    failed = False
    for c, (value, file) in enumerate(worst):
        if value > TOLERANCE[c]:
            failed = True
            print(f"  FAILED: {label} {CHANNELS[c]} differs by {value:.2e} in {file} (tolerance {TOLERANCE[c]:.0e})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
