#!/usr/bin/env python3
"""Writes a hostile-size conversion input of one shape (deterministic, no randomness).

    Benchmarks/convert-inputs.py SHAPE N OUT

Shapes (N counts the repeated unit):
  seq        N sequential 40 ms continuous events 50 ms apart, a transient every third one
  curves     N 16-point control curves (intensity and sharpness in turn, 0.1 s each) over
             1 s continuous events back to back
  overlap    N continuous events of 0.5 s starting 50 ms apart (ten sounding at once)
  transients N transients 10 ms apart
  haptic     a .haptic clip: N amplitude breakpoints 5 ms apart, an emphasis on every other,
             a frequency breakpoint on every fourth
"""
import json
import sys

shape, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def event(t, kind, intensity, sharpness, duration=None):
    e = {"Time": round(t, 4), "EventType": kind}
    if duration is not None:
        e["EventDuration"] = duration
    e["EventParameters"] = [
        {"ParameterID": "HapticIntensity", "ParameterValue": intensity},
        {"ParameterID": "HapticSharpness", "ParameterValue": sharpness},
    ]
    return {"Event": e}


items = []
if shape == "seq":
    for i in range(n):
        t = i * 0.05
        items.append(event(t, "HapticContinuous", 0.5 + 0.5 * (i % 2), 0.3, 0.04))
        if i % 3 == 0:
            items.append(event(t + 0.01, "HapticTransient", 1.0, 0.6))
elif shape == "curves":
    for k in range(n // 10 + 1):
        items.append(event(k, "HapticContinuous", 0.8, 0.4, 1.0))
    for i in range(n):
        points = [{"Time": round(j / 150, 5), "ParameterValue": round(0.2 + 0.6 * ((i + j) % 7) / 6, 3)}
                  for j in range(16)]
        items.append({"ParameterCurve": {
            "ParameterID": "HapticIntensityControl" if i % 2 == 0 else "HapticSharpnessControl",
            "Time": round(i * 0.1, 4), "ParameterCurveControlPoints": points}})
elif shape == "overlap":
    for i in range(n):
        items.append(event(i * 0.05, "HapticContinuous", 0.2 + 0.1 * (i % 8), 0.1 * (i % 10), 0.5))
elif shape == "transients":
    for i in range(n):
        items.append(event(i * 0.01, "HapticTransient", 0.3 + 0.1 * (i % 7), 0.1 * (i % 11)))
elif shape == "haptic":
    amplitude = []
    for i in range(n):
        p = {"time": round(i * 0.005, 4), "amplitude": round(0.1 + 0.8 * (i % 5) / 4, 3)}
        if i % 2 == 1:
            p["emphasis"] = {"amplitude": 1.0, "frequency": round(0.1 * (i % 10), 2)}
        amplitude.append(p)
    frequency = [{"time": round(i * 0.005, 4), "frequency": round(0.1 * (i % 9), 2)}
                 for i in range(0, n, 4)]
    json.dump({"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {},
               "signals": {"continuous": {"envelopes": {"amplitude": amplitude, "frequency": frequency}}}},
              open(out, "w"), separators=(",", ":"))
    sys.exit(0)
else:
    sys.exit(f"convert-inputs.py: unknown shape {shape}")
json.dump({"Version": 1, "Pattern": items}, open(out, "w"), separators=(",", ":"))
