"""Examples/C/render.c, compiled with cc against the header and the library: its raw float32
output equals the CLI's, on the example patterns and the corpus."""
import os
import shutil
import subprocess

import numpy as np
import pytest

from conftest import CORPUS, INCLUDE, REPO, VERSION, example, read_float_wav, same_bits

RENDER_C = os.path.join(REPO, "Examples", "C", "render.c")
SMOKE_C = os.path.join(os.path.dirname(__file__), "api_smoke.c")


@pytest.fixture(scope="session")
def render_c(compile_c):
    return compile_c(RENDER_C)


def run_render(exe, *arguments):
    return subprocess.run([exe, *map(str, arguments)], capture_output=True, text=True)


def raw(path, channels):
    return np.fromfile(path, dtype=np.float32).reshape(-1, channels)


@pytest.mark.parametrize("layout,channels", [("audition", 2), ("haptic", 1), ("drive", 1), ("audio", 2), ("split", 4)])
@pytest.mark.parametrize("name", ["Heartbeat.ahap", "AllFeatures.ahap"])
def test_example_patterns_equal_the_cli(render_c, cli_render, tmp_path, name, layout, channels):
    out = tmp_path / "out.raw"
    result = run_render(render_c, example(name), out, layout)
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}" in result.stderr
    assert same_bits(raw(out, channels), cli_render(example(name), "--layout", layout))


def test_corpus_equals_the_cli(render_c, corpus_files, corpus_cli_renders, tmp_path):
    renders, _ = corpus_cli_renders
    compared = 0
    for relative in corpus_files:
        path = os.path.join(CORPUS, relative)
        out = tmp_path / "out.raw"
        result = run_render(render_c, path, out)
        if renders[relative] is None:
            assert result.returncode == 1 and path in result.stderr, relative
            assert not out.exists() and not list(tmp_path.glob("out.raw.tmp-*")), "no partial output"
            continue
        assert result.returncode == 0, result.stderr
        assert same_bits(raw(out, 2), read_float_wav(renders[relative])), relative
        out.unlink()
        compared += 1
    assert compared > 50


def test_errors_exit_1_and_name_the_file(render_c, tmp_path):
    out = tmp_path / "out.raw"
    missing = run_render(render_c, "/no/such/Tap.ahap", out)
    assert missing.returncode == 1 and missing.stderr.startswith("/no/such/Tap.ahap: error: ")
    bad_layout = run_render(render_c, example("Heartbeat.ahap"), out, "stereo")
    assert bad_layout.returncode == 1 and "unknown layout 'stereo'" in bad_layout.stderr
    unwritable = run_render(render_c, example("Heartbeat.ahap"), tmp_path / "no-such-folder" / "out.raw")
    assert unwritable.returncode == 1 and "cannot write" in unwritable.stderr
    assert run_render(render_c).returncode == 64
    assert list(tmp_path.iterdir()) == []


def test_whole_api_from_c(compile_c):
    """api_smoke.c calls every function of the header and checks statuses and results."""
    result = subprocess.run([compile_c(SMOKE_C), example("Heartbeat.ahap")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "api smoke: ok" in result.stdout


def test_pkg_config_file_builds_the_example(tmp_path):
    """The checkout's hapticrender.pc gives working flags for the release library."""
    if shutil.which("pkg-config") is None:
        pytest.skip("pkg-config is not installed")
    if not os.path.exists(os.path.join(REPO, ".build", "release", "libhapticrender.so")):
        pytest.skip("the checkout's release library (the .pc file's libdir) is not built")
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(REPO, "Sources", "HapticRenderC", "pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "hapticrender"], env=env, capture_output=True,
                           text=True, check=True).stdout.split()
    version = subprocess.run(["pkg-config", "--modversion", "hapticrender"], env=env, capture_output=True,
                             text=True, check=True).stdout.strip()
    assert version == VERSION
    include = [f[2:] for f in flags if f.startswith("-I")]
    assert include and os.path.samefile(include[0], INCLUDE)
    exe = tmp_path / "render"
    subprocess.run(["cc", "-std=c11", "-o", str(exe), RENDER_C, *flags], check=True, capture_output=True, text=True)
    result = run_render(exe, example("Heartbeat.ahap"), tmp_path / "out.raw", "haptic")
    assert result.returncode == 0, result.stderr
