"""convert equals `ahap-render convert`: the same text, and a report with the same targets."""
import json
import subprocess

import pytest

import hapticrender as hr
from conftest import example


def test_convert_matches_the_cli(tmp_path, cli):
    text = hr.convert(example("Heartbeat.ahap"), "haptic")
    out = tmp_path / "Heartbeat.haptic"
    subprocess.run([cli, "convert", example("Heartbeat.ahap"), "--to", "haptic", "-o", str(out)], check=True,
                   capture_output=True)
    assert text == out.read_text()


def test_report_and_bytes():
    text, report = hr.convert(example("Heartbeat.ahap"), "android", report=True)
    assert json.loads(text)["format"] == "hapticrender.android-effect"
    assert [t["target"] for t in report["targets"]] == ["haptic", "hjif", "android.waveform",
                                                        "android.composition", "android.envelope"]
    clip = hr.convert(example("Heartbeat.ahap"), "haptic")
    kotlin = hr.convert_bytes(clip, "kotlin", name="Heart beat.haptic")
    assert "object HeartBeatHaptics" in kotlin


def test_hjif_renders_and_converts_back():
    """An .hjif file goes through the registry like the others: rendered, and converted back."""
    hjif = hr.convert(example("Heartbeat.ahap"), "hjif")
    assert json.loads(hjif)["perceptions"][0]["perception_modality"] == "Vibrotactile"
    ahap = hr.convert_bytes(hjif, "ahap", name="Heartbeat.hjif")
    assert json.loads(ahap)["Pattern"]
    rendered, _ = hr.render_bytes(hjif, name="Heartbeat.hjif", layout="haptic")
    original, _ = hr.render(example("Heartbeat.ahap"), layout="haptic")
    assert rendered.shape[1] == 1 and abs(rendered).max() > 0.1
    assert abs(len(rendered) - len(original)) < 0.05 * len(original)


def test_errors():
    with pytest.raises(hr.HapticRenderError) as error:
        hr.convert_bytes('{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {}}', "ahap", name="b.haptic")
    assert error.value.kind == "rejected" and "b.haptic:1:" in error.value.message
    with pytest.raises(hr.HapticRenderError, match="unknown target"):
        hr.convert(example("Heartbeat.ahap"), "wav")


@pytest.mark.parametrize("report", ["yes", 1, None])
def test_report_is_a_bool_not_any_truthy_value(report):
    with pytest.raises(TypeError, match="report must be True or False"):
        hr.convert(example("Heartbeat.ahap"), "ahap", report=report)
    with pytest.raises(TypeError, match="report must be True or False"):
        hr.convert_bytes(b"{}", "ahap", report=report)
