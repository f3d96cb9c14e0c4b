"""Arguments are checked in Python before ctypes converts them (ctypes truncates integers,
stops strings at NUL and takes any truthy object as 1): a wrong type is a TypeError, a value
out of range an OptionError (a ValueError) naming the argument — the rules of the CLI's flags."""

import json
import os
import pathlib

import numpy as np
import pytest

import hapticrender as hr
from conftest import EXAMPLES, example, same_bits

HEARTBEAT = example("Heartbeat.ahap")

#: (keyword options, expected exception, message fragment)
HOSTILE_OPTIONS = [
    ({"loops": 2**32 + 1}, hr.OptionError, "loops must be between 1 and 100000"),  # ctypes: 1
    ({"loops": 0}, hr.OptionError, "loops must be between 1 and 100000 (None plays the pattern once), not 0"),
    ({"loops": -1}, hr.OptionError, "loops must be between 1 and 100000"),
    ({"loops": 100001}, hr.OptionError, "loops must be between 1 and 100000"),
    ({"loops": 2.0}, TypeError, "loops must be an int, not float"),
    ({"loops": True}, TypeError, "loops must be an int, not bool"),
    ({"strict": "no"}, TypeError, "strict must be True or False, not 'no'"),  # ctypes: on
    ({"strict": 1}, TypeError, "strict must be True or False, not 1"),
    ({"strict": None}, TypeError, "strict must be True or False"),
    ({"layout": "split\0haptic"}, hr.OptionError, "layout contains a NUL character"),  # C: "split"
    ({"layout": 3}, TypeError, "layout must be a str, not int"),
    ({"layout": b"split"}, TypeError, "layout must be a str, not bytes"),
    ({"channels": ["audioLeft,audioRight"]}, hr.OptionError, "each of channels must be one signal name"),
    ({"channels": [1]}, TypeError, "each of channels must be a str"),
    ({"channels": 5}, TypeError, "channels must be a list of signal names or a str"),
    ({"channels": []}, hr.OptionError, "unknown channel ''"),
    ({"sample_rate": 44100.5}, hr.OptionError, "whole number of Hz between 8000 and 384000, not 44100.5"),
    ({"sample_rate": 1000}, hr.OptionError, "between 8000 and 384000, not 1000"),
    ({"sample_rate": 2**64 + 48000}, hr.OptionError, "between 8000 and 384000"),
    ({"sample_rate": 10**400}, hr.OptionError, "sample_rate must be a finite number"),
    ({"sample_rate": float("nan")}, hr.OptionError, "sample_rate must be a finite number, not nan"),
    ({"sample_rate": "48000"}, TypeError, "sample_rate must be a number, not str"),
    ({"rate": 0}, hr.OptionError, "rate must be more than 0, not 0"),
    ({"rate": -1.5}, hr.OptionError, "rate must be more than 0"),
    ({"rate": float("inf")}, hr.OptionError, "rate must be a finite number, not inf"),
    ({"start": -1}, hr.OptionError, "start must be at least 0, not -1"),
    ({"start": float("nan")}, hr.OptionError, "start must be a finite number"),
    ({"duration": 0}, hr.OptionError, "duration must be more than 0, not 0"),  # as --duration 0
    ({"duration": -2}, hr.OptionError, "duration must be more than 0"),
    ({"duration": float("nan")}, hr.OptionError, "duration must be a finite number"),
    ({"duration": "2"}, TypeError, "duration must be a number, not str"),
    ({"parameters": ("HapticIntensityControl", 0.3, 0.5)}, TypeError, "an iterable of (id, value, seconds) tuples"),
    ({"parameters": "HapticIntensityControl=0.3@0.5"}, TypeError, "an iterable of (id, value, seconds) tuples"),
    ({"parameters": [("HapticIntensityControl", 0.3)]}, TypeError, "not an element"),
    ({"parameters": 7}, TypeError, "not int"),
    ({"parameters": [("HapticIntensityControl", float("nan"), 0.5)]}, hr.OptionError,
     "the value of HapticIntensityControl must be a finite number"),
    ({"parameters": [("HapticIntensityControl", 0.3, -1)]}, hr.OptionError,
     "the time of HapticIntensityControl must be at least 0"),
    ({"parameters": [("HapticIntensityControl\0x", 0.3, 1)]}, hr.OptionError, "a parameter's id contains a NUL"),
    ({"parameters": [("Loudness", 0.3, 1)]}, hr.OptionError, "unknown dynamic parameter 'Loudness'"),
    ({"actuator": 42}, TypeError, "actuator must be a preset name, a profile's path or a dict, not int"),
    ({"actuator": "iphone\0.json"}, hr.OptionError, "actuator contains a NUL character"),
    ({"actuator": {"base": "iphone", "resonanceHz": float("nan")}}, hr.OptionError, "cannot be written as JSON"),
    ({"actuator": {"base": object()}}, TypeError, "not JSON serializable"),
    ({"search_roots": 42}, TypeError, "search_roots must be a path or an iterable of paths, not int"),
    ({"search_roots": [EXAMPLES, "/srv\0/x"]}, hr.OptionError, "each of search_roots contains a NUL character"),
    ({"search_roots": [""]}, hr.OptionError, "search_roots contains an empty path"),
    ({"search_roots": [3]}, TypeError, "each of search_roots must be a str, bytes or os.PathLike path"),
]


def _id(case):
    options = case[0] if isinstance(case, tuple) else case
    return repr(options)[:60] if isinstance(options, dict) else None


@pytest.mark.parametrize("options,exception,message", HOSTILE_OPTIONS, ids=[_id(c) for c in HOSTILE_OPTIONS])
def test_hostile_options_are_refused_by_every_call(options, exception, message):
    calls = [lambda: hr.render(HEARTBEAT, **options), lambda: hr.Renderer(HEARTBEAT, **options),
             lambda: hr.render_bytes(b"{}", **options)]
    if set(options) <= {"strict", "search_roots"}:
        calls += [lambda: hr.lint(HEARTBEAT, **options), lambda: hr.lint_bytes(b"{}", **options)]
    for call in calls:
        with pytest.raises(exception) as error:
            call()
        assert message in str(error.value)


@pytest.mark.parametrize("path,exception,message", [
    (HEARTBEAT + "\0.png", hr.OptionError, "path contains a NUL character"),  # C: renders Heartbeat.ahap
    (42, TypeError, "path must be a str, bytes or os.PathLike path, not int"),
    (None, TypeError, "not NoneType"),
    ([HEARTBEAT], TypeError, "not list"),
])
def test_hostile_paths_are_refused(path, exception, message):
    for call in (hr.render, hr.Renderer, hr.lint):
        with pytest.raises(exception, match=message.replace("(", r"\(").replace(")", r"\)")):
            call(path)


def test_hostile_in_memory_arguments_are_refused():
    with pytest.raises(TypeError, match="data must be str, bytes, bytearray or memoryview, not int"):
        hr.render_bytes(5)  # bytes(5) would be five NUL bytes
    with pytest.raises(TypeError, match="not list"):
        hr.lint_bytes([1, 2])
    with pytest.raises(hr.OptionError, match="name contains a NUL character"):
        hr.render_bytes("{}", name="a\0b.ahap")
    with pytest.raises(hr.OptionError, match="data is not valid Unicode text"):
        hr.render_bytes("\udc80")


def test_paths_of_every_kind_render_alike():
    reference, _ = hr.render(HEARTBEAT, layout="haptic")
    for path in (pathlib.Path(HEARTBEAT), os.fsencode(HEARTBEAT)):
        assert same_bits(hr.render(path, layout="haptic")[0], reference)


def test_numpy_numbers_are_numbers():
    reference, rate = hr.render(HEARTBEAT, layout="haptic", sample_rate=44100, loops=2, rate=1.5, strict=True)
    samples, numpy_rate = hr.render(HEARTBEAT, layout="haptic", sample_rate=np.int32(44100), loops=np.int64(2),
                                    rate=np.float32(1.5), strict=np.bool_(True))
    assert same_bits(samples, reference) and numpy_rate == rate == 44100 and type(numpy_rate) is int
    assert same_bits(hr.render(HEARTBEAT, layout="haptic", sample_rate=44100.0, loops=2, rate=1.5)[0], reference)


def test_a_str_search_root_is_one_folder(tmp_path):
    """One str is one folder: iterating its characters would add '/' as a root, where a
    relative AudioCustom path then reaches any file of the system."""
    secret = tmp_path / "private" / "secret.wav"
    secret.parent.mkdir()
    secret.write_bytes(open(os.path.join(EXAMPLES, "knock.wav"), "rb").read())
    sounds = tmp_path / "sounds"
    sounds.mkdir()
    (sounds / "knock.wav").write_bytes(secret.read_bytes())
    pattern = tmp_path / "pattern" / "p.ahap"
    pattern.parent.mkdir()

    def event(path):
        return {"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": path}}]}

    # The secret's absolute path without its leading '/': found only from a root "/".
    pattern.write_text(json.dumps(event(str(secret).lstrip("/"))))
    for roots in (str(sounds), sounds, os.fsencode(str(sounds))):
        with pytest.raises(hr.PatternError) as error:
            hr.render(pattern, strict=True, search_roots=roots)
        assert error.value.code == "resource.not-found"
        assert [d["code"] for d in hr.lint(pattern, strict=True, search_roots=roots)] == ["resource.not-found"]
    # A file in the folder is found, as with a list of that one folder.
    pattern.write_text(json.dumps(event("knock.wav")))
    one, _ = hr.render(pattern, layout="audio", strict=True, search_roots=str(sounds))
    listed, _ = hr.render(pattern, layout="audio", strict=True, search_roots=[str(sounds)])
    assert np.any(one != 0) and same_bits(one, listed)
    found = hr.lint(pattern, strict=True, search_roots=str(sounds))
    assert [d["code"] for d in found] == ["resource.fallback"]  # a note: found in a search root
    assert found == hr.lint(pattern, strict=True, search_roots=[str(sounds)])


#: (method, arguments, expected exception, message fragment) on an open Renderer
HOSTILE_STREAM_CALLS = [
    ("render", (-1,), hr.OptionError, "frames must be between 0 and 9223372036854775807, not -1"),
    ("render", (2**63,), hr.OptionError, "frames must be between 0 and"),
    ("render", (1.5,), TypeError, "frames must be an int, not float"),
    ("render", (True,), TypeError, "frames must be an int, not bool"),
    ("blocks", (0,), hr.OptionError, "frames must be between 1 and"),
    ("push_parameter", (2**32, 0.5), hr.OptionError, "4294967296 is not the code of a pushable parameter"),
    ("push_parameter", (-1, 0.5), hr.OptionError, "-1 is not the code of a pushable parameter"),
    ("push_parameter", (2, 0.5), hr.OptionError, "2 is not the code of a pushable parameter"),  # attack time
    ("push_parameter", ("HapticAttackTimeControl", 0.5), hr.OptionError, "not a runtime parameter that can be pushed"),
    ("push_parameter", ("HapticIntensityControl\0", 0.5), hr.OptionError, "parameter contains a NUL"),
    ("push_parameter", (1.0, 0.5), TypeError, "parameter must be a name (str) or an hr_parameter code (int)"),
    ("push_parameter", (True, 0.5), TypeError, "not bool"),
    ("push_parameter", ("HapticIntensityControl", float("nan")), hr.OptionError, "value must be a finite number"),
    ("push_parameter", ("HapticIntensityControl", "0.5"), TypeError, "value must be a number, not str"),
    ("push_parameter", ("HapticIntensityControl", 0.5, -1), hr.OptionError, "at must be at least 0, not -1"),
    ("push_parameter", ("HapticIntensityControl", 0.5, float("inf")), hr.OptionError, "at must be a finite number"),
    ("seek", (float("nan"),), hr.OptionError, "seconds must be a finite number, not nan"),
    ("seek", (-0.5,), hr.OptionError, "seconds must be at least 0, not -0.5"),
    ("seek", ("1",), TypeError, "seconds must be a number, not str"),
]


@pytest.mark.parametrize("method,arguments,exception,message", HOSTILE_STREAM_CALLS,
                         ids=[f"{m}{a!r}"[:50] for m, a, _, _ in HOSTILE_STREAM_CALLS])
def test_hostile_stream_calls_are_refused(method, arguments, exception, message):
    with hr.Renderer(HEARTBEAT) as r:
        with pytest.raises(exception) as error:
            result = getattr(r, method)(*arguments)
            next(result)  # blocks() is a generator: its check runs at the first block
        assert message in str(error.value)
        assert r.position == 0  # nothing was rendered or moved


def test_parameter_codes_and_names_push_the_same():
    with hr.Renderer(HEARTBEAT, layout="haptic") as by_name, hr.Renderer(HEARTBEAT, layout="haptic") as by_code:
        by_name.push_parameter("HapticIntensityControl", 0.3, at=0.5)
        by_code.push_parameter(np.int64(0), 0.3, at=0.5)
        assert same_bits(by_name.render(10**6), by_code.render(10**6))


def test_a_huge_frame_count_returns_the_rest():
    with hr.Renderer(HEARTBEAT) as r:
        first = r.render(1000)
        rest = r.render(2**63 - 1)
        assert first.shape[0] + rest.shape[0] == r.frames and r.render(2**62).shape == (0, 2)
