#!/usr/bin/env python3
"""Writes an AHAP pattern's haptic events as the peer's event list (Benchmarks/peer.sh; the
contract is in docs/performance.md, "The peer").

    Benchmarks/peer-events.py IN.ahap OUT.txt [--sample-rate 48000]

The peer (Meta's renderer_c) has one continuous oscillator driven by amplitude and frequency
ramps, and an emphasis oscillator for transients. The pattern's continuous haptic events
become one piecewise-linear amplitude and frequency line, a ramp from each boundary (an event's
start, the end of its attack, the start of its release, its end, a curve's control point, a
dynamic parameter) to the next: the amplitude is the sum of the sounding events' intensities
(their attack and release corners linear) times the HapticIntensityControl curve, clamped to
1; the frequency is the loudest sounding event's sharpness plus HapticSharpnessControl,
clamped to 0…1. A transient is an emphasis of its intensity (times the curve) and sharpness.
Audio events are left out. Both renderers get as many events at the same times.
"""
import argparse
import bisect
import json

parser = argparse.ArgumentParser()
parser.add_argument("ahap")
parser.add_argument("out")
parser.add_argument("--sample-rate", type=int, default=48000)
args = parser.parse_args()

with open(args.ahap) as f:
    pattern = json.load(f)["Pattern"]


def parameters(event):
    return {p["ParameterID"]: p["ParameterValue"] for p in event.get("EventParameters", [])}


continuous, transients, curve, sharp_control = [], [], [], []
for item in pattern:
    if "Event" in item:
        e = item["Event"]
        p = parameters(e)
        if e["EventType"] == "HapticContinuous":
            d = e["EventDuration"]
            a = min(p.get("AttackTime", 0), d)
            r = min(p.get("ReleaseTime", 0), d - a)
            continuous.append((e["Time"], a, d - r, d, p.get("HapticIntensity", 1), p.get("HapticSharpness", 0)))
        elif e["EventType"] == "HapticTransient":
            transients.append((e["Time"], p.get("HapticIntensity", 1), p.get("HapticSharpness", 0)))
    elif "ParameterCurve" in item and item["ParameterCurve"]["ParameterID"] == "HapticIntensityControl":
        c = item["ParameterCurve"]
        curve += [(c["Time"] + k["Time"], k["ParameterValue"]) for k in c["ParameterCurveControlPoints"]]
    elif "Parameter" in item and item["Parameter"]["ParameterID"] == "HapticSharpnessControl":
        sharp_control.append((item["Parameter"]["Time"], item["Parameter"]["ParameterValue"]))
curve.sort()
sharp_control.sort()
curve_times = [t for t, _ in curve]
control_times = [t for t, _ in sharp_control]


def curve_at(t):
    """The intensity control at t: linear between points, held after the last (1 before any)."""
    i = bisect.bisect_right(curve_times, t)
    if i == 0:
        return 1.0
    if i == len(curve):
        return curve[-1][1]
    (t0, v0), (t1, v1) = curve[i - 1], curve[i]
    return v0 if t1 == t0 else v0 + (v1 - v0) * (t - t0) / (t1 - t0)


def sharpness_offset(t):
    i = bisect.bisect_right(control_times, t)
    return sharp_control[i - 1][1] if i else 0.0


def line_at(t):
    """The continuous line's amplitude and frequency (0…1) at t."""
    total, loudest, frequency = 0.0, 0.0, 0.0
    for start, attack, release, end, intensity, sharpness in continuous:  # few sound at once
        x = t - start
        if x < 0 or x > end:
            continue
        gain = x / attack if x < attack else (end - x) / (end - release) if x > release else 1.0
        level = intensity * gain
        total += level
        if level > loudest:
            loudest, frequency = level, sharpness
    amplitude = min(1.0, total * curve_at(t))
    return amplitude, min(1.0, max(0.0, frequency + sharpness_offset(t)))


continuous.sort()
boundaries = sorted({round(t, 6) for s, a, r, e, _, _ in continuous for t in (s, s + a, s + r, s + e)}
                    | {round(t, 6) for t, _ in curve} | {round(t, 6) for t, _ in sharp_control})
end = max([boundaries[-1] if boundaries else 0] + [t for t, _, _ in transients]) + 0.1
frames = round(end * args.sample_rate)
lines = []
# Only the events sounding near a boundary matter: index them by start for the scan.
starts = [c[0] for c in continuous]
longest = max((c[3] for c in continuous), default=0)
everything = continuous
for k, t in enumerate(boundaries):
    nxt = boundaries[k + 1] if k + 1 < len(boundaries) else t
    lo = bisect.bisect_left(starts, t - longest - 1e-9)
    hi = bisect.bisect_right(starts, nxt + 1e-9)
    continuous = everything[lo:hi]
    amplitude, frequency = line_at(nxt + 0.0)
    lines.append((t, f"{t:.6f} amp {amplitude:.6f} {nxt - t:.6f}"))
    lines.append((t, f"{t:.6f} freq {frequency:.6f} {nxt - t:.6f}"))
continuous = everything
for t, intensity, sharpness in transients:
    lines.append((t, f"{t:.6f} emph {min(1.0, intensity * curve_at(t)):.6f} {sharpness:.6f}"))
lines.sort(key=lambda line: line[0])
with open(args.out, "w") as f:
    f.write(f"{frames} {args.sample_rate}\n")
    f.write("".join(text + "\n" for _, text in lines))
