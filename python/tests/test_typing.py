"""The type hints work for a user's type checker: mypy --strict accepts correct calls to the
package as imported here (py.typed) and flags a wrong option value or type."""

import os
import site
import subprocess
import sys

import pytest

import hapticrender as hr

USER_CODE = '''
import hapticrender as hr

samples, rate = hr.render("Tap.ahap", layout="split", loops=2, search_roots="sounds")
frames: int = samples.shape[0] + rate
with hr.Renderer("Tap.ahap", actuator={"base": "iphone"}) as r:
    r.push_parameter("HapticIntensityControl", 0.3, at=0.5)
    size: int = r.frames + r.channels + r.sample_rate
try:
    hr.render_bytes(b"{}", name="Tap.ahap", parameters=[("HapticIntensityControl", 0.3, 0.5)])
except hr.PatternError as e:
    code: str = e.diagnostics[0]["code"]
clip: str = hr.convert("Tap.ahap", "haptic")
kotlin, report = hr.convert_bytes(b"{}", "kotlin", name="Tap.ahap", report=True)
correlation: float = report["targets"][0]["correlation"]
'''

WRONG_CODE = '''
import hapticrender as hr

hr.render("Tap.ahap", layout="stereo")
hr.render("Tap.ahap", loops="2")
hr.Renderer("Tap.ahap").render(1.5)
hr.convert("Tap.ahap", "wav")
'''


def mypy(tmp_path, code):
    pytest.importorskip("mypy", reason="mypy is not installed (.ci/run installs it for this test)")
    path = tmp_path / "user.py"
    path.write_text(code)
    env = dict(os.environ)
    package = os.path.dirname(os.path.dirname(hr.__file__))
    if package not in site.getsitepackages():  # the source tree (an installed one mypy finds itself)
        env["MYPYPATH"] = package
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull,
                           str(path)], cwd=tmp_path, env=env, capture_output=True, text=True)


def test_correct_calls_type_check(tmp_path):
    result = mypy(tmp_path, USER_CODE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_wrong_calls_are_flagged(tmp_path):
    result = mypy(tmp_path, WRONG_CODE)
    assert result.returncode == 1
    for line, argument in ((4, '"layout"'), (5, '"loops"'), (6, '1 to "render"')):
        assert f"user.py:{line}: error: Argument {argument}" in result.stdout, result.stdout
    assert 'user.py:7: error: No overload variant of "convert" matches' in result.stdout, result.stdout
