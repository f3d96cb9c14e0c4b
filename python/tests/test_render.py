"""hapticrender.render: bit-identical to `ahap-render render --type wav --sample-format float32`."""
import json
import os
import warnings

import numpy as np
import pytest

import hapticrender as hr
from conftest import CORPUS, REPO, VERSION, example, read_float_wav, same_bits

LAYOUTS = ["audition", "haptic", "drive", "audio", "split"]


def test_version_is_the_library_version():
    assert hr.__version__ == VERSION


@pytest.mark.parametrize("name", ["Heartbeat.ahap", "AllFeatures.ahap"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_layouts_equal_the_cli(cli_render, name, layout):
    samples, rate = hr.render(example(name), layout=layout)
    reference = cli_render(example(name), "--layout", layout)
    assert rate == 48000 and samples.dtype == np.float32
    assert np.any(samples != 0) or (name, layout) == ("Heartbeat.ahap", "audio")  # haptics only
    assert same_bits(samples, reference)


def test_android_layout_is_audio_and_drive():
    # The CLI writes `android` as Ogg only; its channels are split's first three.
    android, _ = hr.render(example("AllFeatures.ahap"), layout="android")
    split, _ = hr.render(example("AllFeatures.ahap"), layout="split")
    assert same_bits(android, split[:, :3])


def test_player_actuator_and_parameter_options_equal_the_cli(cli_render):
    path = example("Heartbeat.ahap")
    samples, rate = hr.render(path, layout="split", sample_rate=44100, actuator="pixel", rate=1.5, loops=2,
                              start=0.1, duration=2.0, parameters=[("HapticSharpnessControl", -0.5, 0.3),
                                                                   ("HapticIntensityControl", 0.4, 1.0)])
    reference = cli_render(path, "--layout", "split", "--sample-rate", "44100", "--actuator", "pixel", "--rate", "1.5",
                           "--loop", "2", "--start", "0.1", "--duration", "2",
                           "--param", "HapticSharpnessControl=-0.5@0.3", "--param", "HapticIntensityControl=0.4@1")
    assert rate == 44100 and samples.shape == (88200, 4)
    assert same_bits(samples, reference)


def test_actuator_profiles_as_file_and_dict_equal_the_cli(cli_render, tmp_path):
    profile = {"base": "iphone", "name": "stiff", "resonanceHz": 170, "qHiZ": 30}
    path = tmp_path / "stiff.json"
    path.write_text(json.dumps(profile))
    reference = cli_render(example("Heartbeat.ahap"), "--layout", "haptic", "--actuator", str(path))
    from_file, _ = hr.render(example("Heartbeat.ahap"), layout="haptic", actuator=str(path))
    from_dict, _ = hr.render(example("Heartbeat.ahap"), layout="haptic", actuator=profile)
    iphone, _ = hr.render(example("Heartbeat.ahap"), layout="haptic")
    assert same_bits(from_file, reference) and same_bits(from_dict, reference)
    assert not same_bits(iphone, reference)


def test_the_erm_by_preset_and_profile_equals_the_cli(cli_render):
    profile = os.path.join(REPO, "Examples", "Actuators", "controller-erm.json")
    iphone, _ = hr.render(example("Heartbeat.ahap"), layout="haptic")
    for actuator in ("erm", profile):
        samples, _ = hr.render(example("Heartbeat.ahap"), layout="haptic", actuator=actuator)
        reference = cli_render(example("Heartbeat.ahap"), "--layout", "haptic", "--actuator", actuator)
        assert same_bits(samples, reference) and np.any(samples != 0)
        assert not same_bits(samples, iphone)


def test_channel_list_picks_signals():
    split, _ = hr.render(example("AllFeatures.ahap"), layout="split")
    picked, _ = hr.render(example("AllFeatures.ahap"), channels=["acceleration", "audioLeft", "excursion"])
    assert picked.shape == (split.shape[0], 3)
    assert same_bits(picked[:, 0], split[:, 3]) and same_bits(picked[:, 1], split[:, 0])
    assert np.any(picked[:, 2] != 0)


def test_bytes_render_like_the_file():
    path = example("AllFeatures.ahap")  # its custom audio (knock.wav) is found beside `name`
    with open(path, "rb") as f:
        data = f.read()
    from_bytes, _ = hr.render_bytes(data, name=path, layout="split")
    from_file, _ = hr.render(path, layout="split")
    assert same_bits(from_bytes, from_file)


def test_lenient_fixes_are_warnings(tmp_path):
    path = tmp_path / "comma.ahap"
    path.write_text('{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}')
    with pytest.warns(hr.HapticRenderWarning, match="comma.ahap:1:.*json.trailing-comma"):
        samples, _ = hr.render(path)
    assert np.any(samples != 0)


def test_corpus_renders_equal_the_cli(corpus_files, corpus_cli_renders):
    renders, cli_stderr = corpus_cli_renders
    compared = rejected = 0
    for relative in corpus_files:
        path = os.path.join(CORPUS, relative)
        wav = renders[relative]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", hr.HapticRenderWarning)  # lenient fixes: the CLI warns too
            if wav is None:
                # The CLI rejected it: Python raises, naming the file as the CLI does.
                with pytest.raises(hr.HapticRenderError) as error:
                    hr.render(path)
                assert error.value.file == path and path in str(error.value)
                assert path in cli_stderr
                rejected += 1
                continue
            samples, _ = hr.render(path)
        assert same_bits(samples, read_float_wav(wav)), relative
        compared += 1
    assert compared > 50, f"only {compared} corpus files rendered"
    print(f"corpus: {compared} renders bit-identical to the CLI, {rejected} rejected by both")
