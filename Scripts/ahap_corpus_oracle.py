#!/usr/bin/env python3
"""Independent oracle for the corpus expectation table (Tests/HapticPatternTests/CorpusExpectations.swift).

Implements docs/ahap-format.md (Core Haptics' parse + player-creation checks) directly on
Python's json module, NOT on our Swift decoder, and prints one Swift table row per corpus
file. Review the rows by hand against SOURCES.tsv `quirks` before committing them.

strict verdict: reject with the first Core Haptics problem found, else accept.
lenient verdict: reject only broken files (invalid JSON beyond trailing commas, no
Pattern, nothing playable); AudioCustom resources are resolved relative to the AHAP
folder, then by bare name beside it (no extra search roots).
"""
import json, os, re, sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../shared/corpus")
EVENT_TYPES = {"HapticTransient", "HapticContinuous", "AudioContinuous", "AudioCustom"}
HAPTIC_PARAMS = {"HapticIntensity", "HapticSharpness", "AttackTime", "DecayTime", "ReleaseTime", "Sustained"}
AUDIO_PARAMS = {"AudioVolume", "AudioPan", "AudioPitch", "AudioBrightness", "AttackTime", "DecayTime", "ReleaseTime", "Sustained"}
DYNAMIC = {"HapticIntensityControl", "HapticSharpnessControl", "HapticAttackTimeControl", "HapticDecayTimeControl",
           "HapticReleaseTimeControl", "AudioVolumeControl", "AudioPanControl", "AudioPitchControl",
           "AudioBrightnessControl", "AudioAttackTimeControl", "AudioDecayTimeControl", "AudioReleaseTimeControl"}
CURVABLE = {"HapticIntensityControl", "HapticSharpnessControl", "AudioVolumeControl", "AudioPanControl",
            "AudioPitchControl", "AudioBrightnessControl"}


def trailing_commas(text):
    """(line, column) of every comma followed only by whitespace and ] or }, outside strings."""
    out, in_str, esc, line, col = [], False, False, 1, 0
    for i, ch in enumerate(text):
        col += 1
        if in_str:
            if esc: esc = False
            elif ch == "\\": esc = True
            elif ch == '"': in_str = False
        elif ch == '"': in_str = True
        elif ch == "," and re.match(r"\s*[\]}]", text[i + 1:]): out.append((line, col))
        if ch == "\n": line, col = line + 1, 0
    return out


def strict_problem(path, text):
    commas = trailing_commas(text)
    if commas:
        return ("jsonTrailingComma", None, commas[0])
    doc = json.loads(text)
    if not isinstance(doc, dict): return ("fileNotObject", -4814, None)
    v = doc.get("Version")
    if isinstance(v, (int, float)) and not isinstance(v, bool) and not (1.0 <= v <= 1.1):
        return ("versionUnsupported", -4809, None)
    if "Pattern" not in doc: return ("fileMissingPattern", -4814, None)
    items = doc["Pattern"]
    if not isinstance(items, list): return ("filePatternNotArray", -4814, None)
    count = 0
    base = os.path.dirname(path)
    for item in items:
        if not isinstance(item, dict): return ("itemNotObject", -4814, None)
        if "Event" in item:
            count += 1
            e = item["Event"]
            t = e.get("EventType")
            if t is None: return ("eventMissingType", -4830, None)
            if t not in EVENT_TYPES: return ("eventUnknownType" if t.lower() not in {x.lower() for x in EVENT_TYPES} else "eventTypeWrongCase", -4821, None)
            time = e.get("Time", e.get("EventTime"))
            if time is None or float(time) < 0: return ("eventMissingTime", -4822, None)
            d = float(e.get("EventDuration", 0))
            if d < 0: return ("eventNegativeDuration", -4823, None)
            sustained = True
            for p in e.get("EventParameters", []):
                if "ParameterID" not in p or "ParameterValue" not in p: return ("eventParameterMissingValue", -4831, None)
                pid = p["ParameterID"]
                allowed = HAPTIC_PARAMS if t.startswith("Haptic") else AUDIO_PARAMS
                if pid not in allowed:
                    if pid in ("HapticAttackTime", "HapticDecayTime", "HapticReleaseTime"): return ("eventParameterAlias", -4820, None)
                    return ("eventParameterNotApplicable" if pid in HAPTIC_PARAMS | AUDIO_PARAMS else "eventParameterUnknownID", -4820, None)
                if pid == "Sustained" and float(p["ParameterValue"]) == 0: sustained = False
            if t in ("HapticContinuous", "AudioContinuous") and sustained and d == 0:
                return ("eventMissingDuration", -4823, None)
            if t == "AudioCustom":
                w = e.get("EventWaveformPath")
                if w is None: return ("eventMissingWaveformPath", -4830, None)
                if not (os.path.isfile(os.path.join(base, w)) or os.path.isfile(os.path.join(base, os.path.basename(w)))):
                    return ("resourceNotFound", -4830, None)
        if "Parameter" in item:
            count += 1
            p = item["Parameter"]
            if "ParameterID" not in p or ("Time" not in p and "ParameterTime" not in p): return ("parameterMissingTime", -4831, None)
            if p["ParameterID"] not in DYNAMIC: return ("parameterUnknownID", -4820, None)
        if "ParameterCurve" in item:
            count += 1
            c = item["ParameterCurve"]
            if "ParameterID" not in c or "Time" not in c: return ("curveMissingTime", -4831, None)
            if c["ParameterID"] not in DYNAMIC: return ("curveUnknownID", -4820, None)
            if c["ParameterID"] not in CURVABLE: return ("curveNotCurvable", -4820, None)
    if count == 0: return ("fileEmptyPattern", -4814, None)
    return None


def lenient_broken(text):
    cleaned = re.sub(r",(\s*[\]}])", r"\1", text)
    try:
        doc = json.loads(cleaned)
    except ValueError:
        return True
    return not isinstance(doc, dict) or not isinstance(doc.get("Pattern"), list) or not any(
        isinstance(i, dict) and ({"Event", "Parameter", "ParameterCurve"} & set(i)) for i in doc["Pattern"])


rows = []
for dirpath, _, files in os.walk(ROOT):
    for f in files:
        if f.endswith((".ahap", ".json")):
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, ROOT)
            text = open(full, encoding="utf-8-sig").read()
            rows.append((rel, lenient_broken(text), strict_problem(full, text)))
for rel, lb, sp in sorted(rows):
    strict = ".accept" if sp is None else ".reject(.%s%s%s)" % (
        sp[0], ", coreHaptics: %d" % sp[1] if sp[1] is not None else "", ", at: (%d, %d)" % sp[2] if sp[2] else "")
    print('        Row(%s, lenient: %s, strict: %s),' % (json.dumps(rel), ".reject" if lb else ".accept", strict))
