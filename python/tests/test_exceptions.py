"""Every hr_status maps onto one exception class that is also the built-in a Python program
catches; each mapping is triggered for real where the library can be made to fail that way."""

import errno
import json
import os
import pickle
import queue
import re

import pytest

import hapticrender as hr
from conftest import INCLUDE, example
from hapticrender import _errors

HEARTBEAT = example("Heartbeat.ahap")

#: status → (kind, class, the built-in exceptions it also is)
MAPPING = {
    1: ("argument", hr.OptionError, (ValueError,)),
    2: ("options", hr.OptionError, (ValueError,)),
    3: ("io", hr.FileReadError, (OSError,)),
    4: ("rejected", hr.PatternError, (ValueError,)),
    5: ("audio", hr.AudioError, ()),
    6: ("schedule", hr.LimitError, (ValueError,)),
    7: ("render", hr.RenderError, (RuntimeError,)),
    8: ("queue-full", hr.QueueFullError, (queue.Full,)),
    9: ("out-of-memory", hr.OutOfMemoryError, (MemoryError,)),
    10: ("busy", hr.BusyError, (RuntimeError,)),
}


def test_the_mapping_covers_every_status_of_the_header():
    with open(os.path.join(INCLUDE, "hapticrender.h"), encoding="utf-8") as f:
        header = f.read()
    statuses = {int(v) for v in re.findall(r"HR_ERROR_\w+ = (\d+)", header)}
    assert statuses == set(MAPPING) == set(_errors.STATUS_NAMES)


@pytest.mark.parametrize("status", sorted(MAPPING))
def test_each_status_makes_its_exception(status):
    kind, cls, builtins = MAPPING[status]
    e = _errors.error_for(status, "x.ahap: error: problem", "")
    assert type(e) is cls and isinstance(e, hr.HapticRenderError)
    assert all(isinstance(e, b) for b in builtins)
    assert (e.status, e.kind, e.file, e.message, str(e)) == (status, kind, "", "x.ahap: error: problem",
                                                             "x.ahap: error: problem")
    assert type(pickle.loads(pickle.dumps(e))) is cls


def test_an_unknown_status_is_the_base_class():
    e = _errors.error_for(42, "error: new", "")
    assert type(e) is hr.HapticRenderError and e.kind == "unknown" and e.status == 42


def test_argument_status_is_an_option_error():
    with pytest.raises(hr.OptionError, match="unknown layout 'stereo'") as error:
        hr.render(HEARTBEAT, layout="stereo")
    assert isinstance(error.value, ValueError) and error.value.kind == "argument"


def test_options_status_is_an_option_error():
    with pytest.raises(ValueError, match="longer than the render limit") as error:
        hr.render(HEARTBEAT, duration=4000)
    assert type(error.value) is hr.OptionError and error.value.kind == "options"
    with pytest.raises(hr.OptionError) as error:
        hr.render(HEARTBEAT, actuator={"base": "iphone", "resonanceHz": 30000})
    assert error.value.kind == "options" and error.value.file == "<actuator json>"


def test_a_missing_file_is_a_file_not_found_error():
    for call in (hr.render, hr.Renderer, lambda p: hr.render_bytes("{}", actuator=p + ".json")):
        with pytest.raises(FileNotFoundError) as error:
            call("/no/such/Tap")
        e = error.value
        assert type(e) is hr.MissingFileError and e.kind == "io"
        assert e.errno == errno.ENOENT and e.filename == e.file and e.file.startswith("/no/such/Tap")
        assert str(e).startswith(e.file + ": error: ")


def test_an_unreadable_file_is_an_os_error_with_the_reason(tmp_path):
    with pytest.raises(OSError) as error:
        hr.render(tmp_path)
    e = error.value
    assert type(e) is hr.FileReadError and not isinstance(e, FileNotFoundError)
    assert (e.kind, e.errno, e.filename) == ("io", errno.EISDIR, str(tmp_path))
    assert str(e).startswith(f"{tmp_path}: error: the file cannot be read")


def test_a_rejected_pattern_is_a_pattern_error_with_the_diagnostics(tmp_path):
    path = tmp_path / "broken.ahap"
    path.write_text('{"Pattern": [\n  {"Event": }\n]}')
    for call in (hr.render, hr.Renderer, lambda p: hr.render_bytes(p.read_bytes(), name=p)):
        with pytest.raises(ValueError) as error:
            call(path)
        e = error.value
        assert type(e) is hr.PatternError and e.kind == "rejected" and e.file == str(path)
        assert (e.line, e.column, e.code) == (2, 13, "json.syntax")
        assert e.diagnostics == hr.lint(path, strict=False) and f"{path}:2:13: error:" in str(e)


def test_strict_mode_rejection_carries_core_haptics_codes(tmp_path):
    path = tmp_path / "comma.ahap"
    path.write_text('{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}')
    with pytest.raises(hr.PatternError) as error:
        hr.render(path, strict=True)
    assert error.value.code == "json.trailing-comma" and error.value.diagnostics == hr.lint(path, strict=True)


def test_an_unusable_custom_audio_file_in_strict_mode_is_an_audio_error(tmp_path):
    (tmp_path / "noise.wav").write_bytes(b"not a wav file")
    path = tmp_path / "custom.ahap"
    path.write_text(json.dumps({"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom",
                                                       "EventWaveformPath": "noise.wav"}}]}))
    with pytest.raises(hr.AudioError, match="audio file 'noise.wav'") as error:
        hr.render(path, strict=True)
    assert error.value.kind == "audio" and error.value.file == str(path)
    with pytest.warns(hr.HapticRenderWarning, match="noise.wav"):
        hr.render(path)  # lenient: the event is silent


def test_a_render_limit_is_a_limit_error():
    crowd = {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1}}] * 1100}
    with pytest.raises(ValueError, match="limit.polyphony") as error:
        hr.render_bytes(json.dumps(crowd))
    assert type(error.value) is hr.LimitError and error.value.kind == "schedule"
    with pytest.raises(hr.LimitError, match="limit.duration"):
        hr.Renderer(HEARTBEAT, loops=100000)


def test_a_full_parameter_queue_is_a_queue_full_error():
    with hr.Renderer(HEARTBEAT) as r:
        with pytest.raises(queue.Full) as error:
            for k in range(2000):
                r.push_parameter("HapticIntensityControl", 0.5, at=k / 1000)
        assert type(error.value) is hr.QueueFullError and error.value.kind == "queue-full"
        assert k == 1024
        r.render(48000)  # drains the queue: pushing works again
        r.push_parameter("HapticIntensityControl", 0.5, at=1)


def test_warnings_carry_the_diagnostic(tmp_path):
    path = tmp_path / "comma.ahap"
    path.write_text('{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}')
    with pytest.warns(hr.HapticRenderWarning) as caught:
        hr.render(path)
    warning = caught[0]
    assert warning.filename == __file__  # points at the caller's line
    assert warning.message.diagnostic["code"] == "json.trailing-comma"
    assert str(warning.message).startswith(f"{path}:1:")
