"""Errors carry the message and the file name; lint equals `ahap-render lint --format json`."""
import json
import os
import subprocess
import sys

import pytest

import hapticrender as hr
from conftest import REPO, example


def test_missing_file_names_it():
    with pytest.raises(hr.HapticRenderError) as error:
        hr.render("/no/such/Tap.ahap")
    e = error.value
    assert e.file == "/no/such/Tap.ahap" and e.kind == "io"
    assert str(e).startswith("/no/such/Tap.ahap: error: the file cannot be read\n")
    with pytest.raises(hr.HapticRenderError, match="/no/such/Tap.ahap"):
        hr.Renderer("/no/such/Tap.ahap")


def test_rejected_pattern_names_file_line_and_column(tmp_path):
    path = tmp_path / "broken.ahap"
    path.write_text('{"Pattern": [\n  {"Event": }\n]}')
    with pytest.raises(hr.HapticRenderError) as error:
        hr.render(path)
    assert error.value.kind == "rejected" and error.value.file == str(path)
    assert f"{path}:2:" in error.value.message


def test_invalid_options_raise():
    with pytest.raises(hr.HapticRenderError, match="unknown layout 'stereo'") as error:
        hr.render(example("Heartbeat.ahap"), layout="stereo")
    assert error.value.kind == "argument" and error.value.file == ""
    with pytest.raises(hr.HapticRenderError, match="sample rate"):
        hr.render(example("Heartbeat.ahap"), sample_rate=1000)
    with pytest.raises(hr.HapticRenderError, match="unknown actuator 'galaxy'"):
        hr.render(example("Heartbeat.ahap"), actuator="galaxy")
    with pytest.raises(hr.HapticRenderError) as error:
        hr.render(example("Heartbeat.ahap"), actuator={"base": "iphone", "resonanceHz": 30000})
    assert error.value.file == "<actuator json>" and "resonanceHz" in error.value.message


def test_strict_mode_rejects_what_lenient_mode_renders(tmp_path):
    path = tmp_path / "comma.ahap"
    path.write_text('{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}')
    with pytest.warns(hr.HapticRenderWarning):
        hr.render(path)
    with pytest.raises(hr.HapticRenderError, match="json.trailing-comma"):
        hr.render(path, strict=True)


def test_lint_equals_the_cli_json(cli, tmp_path):
    path = tmp_path / "comma.ahap"
    path.write_text('{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient",'
                    ' "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 3}]}},]}')
    for strict in (False, True):
        flags = ["--strict"] if strict else ["--lenient"]
        result = subprocess.run([cli, "lint", "--format", "json", *flags, str(path)], capture_output=True, text=True)
        expected = json.loads(result.stdout)[0]["diagnostics"]
        assert expected and hr.lint(path, strict=strict) == expected
    assert [d["severity"] for d in hr.lint(example("Heartbeat.ahap"))] == ["note"]  # pattern.unsorted


def test_lint_reports_unreadable_files_as_diagnostics():
    diagnostics = hr.lint("/no/such.ahap")
    assert [d["code"] for d in diagnostics] == ["file.unreadable"] and diagnostics[0]["severity"] == "error"
    negative = hr.lint_bytes('{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}', name="neg.ahap")
    assert "event.negative-time" in [d["code"] for d in negative]


def test_a_missing_library_is_a_clear_import_error():
    env = dict(os.environ, HAPTICRENDER_LIB="/no/such/libhapticrender.so")
    result = subprocess.run([sys.executable, "-c", "import hapticrender"], env=env, capture_output=True, text=True,
                            cwd=REPO)
    assert result.returncode != 0
    assert "HAPTICRENDER_LIB names /no/such/libhapticrender.so, which does not exist" in result.stderr
