#!/usr/bin/env python3
"""Writes a deterministic dense AHAP pattern for benchmarks (default: 12 minutes, 5,000 events).

    Scripts/dense-pattern.py OUT.ahap [--minutes 12] [--events 5000] [--scene S --gap G]

Mix: 60 % transients, 25 % overlapping continuous haptics (0.4-2 s, with envelopes),
10 % audio tones (continuous haptics with --haptic-only), 5 % dynamic parameters, plus one
intensity or audio-volume curve every 3.6 s. With --gap, the events fill scenes of --scene
seconds separated by --gap seconds without events (a film's quiet passages). No randomness: the same file every time, everywhere.
"""
import argparse
import json

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--minutes", type=float, default=12)
parser.add_argument("--events", type=int, default=5000)
parser.add_argument("--haptic-only", action="store_true", help="tones become continuous haptic events")
parser.add_argument("--scene", type=float, default=20, help="seconds of events between quiet gaps (with --gap)")
parser.add_argument("--gap", type=float, default=0, help="seconds without events after each scene")
args = parser.parse_args()

duration = args.minutes * 60 * args.scene / (args.scene + args.gap)  # time with events


def place(t):
    """Moves a time on the events' clock past the quiet gaps before it."""
    return round(t + (t // args.scene) * args.gap, 4) if args.gap > 0 else t

items = []
for i in range(args.events):
    t = place(round(i * duration / args.events, 4))
    kind = i % 20
    intensity = round(0.3 + 0.7 * ((i * 37) % 101) / 100, 3)
    sharpness = round(((i * 53) % 97) / 96, 3)
    if kind < 12:
        items.append({"Event": {"Time": t, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": intensity},
            {"ParameterID": "HapticSharpness", "ParameterValue": sharpness}]}})
    elif kind < 17 or (kind < 19 and args.haptic_only):
        items.append({"Event": {"Time": t, "EventType": "HapticContinuous",
                                "EventDuration": round(0.4 + 1.6 * ((i * 7) % 11) / 10, 3), "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": intensity},
            {"ParameterID": "HapticSharpness", "ParameterValue": sharpness},
            {"ParameterID": "AttackTime", "ParameterValue": 0.1},
            {"ParameterID": "ReleaseTime", "ParameterValue": 0.2}]}})
    elif kind < 19 and not args.haptic_only:
        items.append({"Event": {"Time": t, "EventType": "AudioContinuous", "EventDuration": 0.5, "EventParameters": [
            {"ParameterID": "AudioVolume", "ParameterValue": 0.4},
            {"ParameterID": "AudioPitch", "ParameterValue": round(sharpness - 0.5, 3)},
            {"ParameterID": "AudioPan", "ParameterValue": round(2 * intensity - 1.3, 3)}]}})
    else:
        items.append({"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": t,
                                    "ParameterValue": round(sharpness - 0.5, 3)}})
curve_count = int(duration / 3.6)
for c in range(curve_count):
    t = place(round(c * 3.6, 3))
    items.append({"ParameterCurve": {
        "ParameterID": "HapticIntensityControl" if c % 2 == 0 or args.haptic_only else "AudioVolumeControl", "Time": t,
        "ParameterCurveControlPoints": [{"Time": round(k * 0.3, 3), "ParameterValue": round(0.5 + 0.5 * ((c + k) % 3) / 2, 3)}
                                        for k in range(8)]}})
items.sort(key=lambda item: next(iter(item.values()))["Time"])
with open(args.out, "w") as f:
    json.dump({"Version": 1, "Metadata": {"Project": "HapticRender benchmark"}, "Pattern": items}, f, indent=1)
