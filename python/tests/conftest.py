"""Shared fixtures: the CLI to compare with, float WAV reading, the corpus, the C example."""
import os
import re
import shutil
import struct
import subprocess

import numpy as np
import pytest

import hapticrender
from hapticrender import _library

REPO = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(REPO, "Examples", "Patterns")
CORPUS = os.path.normpath(os.path.join(REPO, "..", "shared", "corpus"))
INCLUDE = os.path.join(REPO, "Sources", "HapticRenderC", "include")
#: The version, from its one source (`HapticRenderKitVersion.current`, what `hr_version()` returns).
with open(os.path.join(REPO, "Sources", "HapticRenderKit", "Version.swift"), encoding="utf-8") as _f:
    VERSION = re.search(r'static let current = "([^"]+)"', _f.read()).group(1)


def example(name):
    return os.path.join(EXAMPLES, name)


def read_float_wav(path):
    """The samples of a float32 WAV as [frames, channels] (the stdlib `wave` reads PCM only)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", f"{path} is not a WAV file"
    offset, channels, samples = 12, None, None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if chunk == b"fmt ":
            tag, channels = struct.unpack("<HH", body[:4])
            bits = struct.unpack("<H", body[14:16])[0]
            if tag == 0xFFFE:  # WAVE_FORMAT_EXTENSIBLE: the sub-format's first two bytes
                tag = struct.unpack("<H", body[24:26])[0]
            assert tag == 3 and bits == 32, f"{path} is not float32 (format {tag}, {bits} bits)"
        elif chunk == b"data":
            samples = np.frombuffer(body, dtype="<f4")
        offset += 8 + size + (size & 1)
    assert channels and samples is not None, f"{path} has no fmt or data chunk"
    return samples.reshape(-1, channels)


def same_bits(a, b):
    """Whether two float32 arrays hold the same bit patterns (and shape)."""
    a, b = np.ascontiguousarray(a, dtype=np.float32), np.ascontiguousarray(b, dtype=np.float32)
    return a.shape == b.shape and np.array_equal(a.view(np.uint32), b.view(np.uint32))


@pytest.fixture(scope="session")
def cli():
    """The `ahap-render` binary: $AHAP_RENDER, else the checkout's release or debug build."""
    candidates = [os.environ.get("AHAP_RENDER"),
                  os.path.join(REPO, ".build", "release", "ahap-render"),
                  os.path.join(REPO, ".build", "debug", "ahap-render")]
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return path
    pytest.fail("ahap-render is not built: run `swift build -c release --product ahap-render` "
                "or set AHAP_RENDER (the comparisons need the CLI)")


@pytest.fixture
def cli_render(cli, tmp_path):
    """Renders with `ahap-render render … --type wav --sample-format float32`; returns the
    samples [frames, channels]."""
    counter = iter(range(1_000_000))

    def run(path, *arguments):
        out = tmp_path / f"cli-{next(counter)}.wav"
        subprocess.run([cli, "render", str(path), "-o", str(out), "--type", "wav", "--sample-format", "float32",
                        "--force", "--quiet", *arguments], check=True, capture_output=True, text=True)
        return read_float_wav(out)

    return run


def loaded_library():
    """The path of the library the package loaded."""
    return os.path.realpath(_library.lib._name)


@pytest.fixture(scope="session")
def compile_c(tmp_path_factory):
    """Compiles a C file against the header and the loaded library; returns the executable."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.fail("no C compiler (cc) on PATH; the C example tests need one")
    libdir = os.path.dirname(loaded_library())
    folder = tmp_path_factory.mktemp("c")

    def build(source):
        exe = folder / os.path.splitext(os.path.basename(source))[0]
        subprocess.run([compiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", INCLUDE, source,
                        "-L", libdir, "-lhapticrender", f"-Wl,-rpath,{libdir}", "-o", str(exe)],
                       check=True, capture_output=True, text=True)
        return str(exe)

    return build


@pytest.fixture(scope="session")
def corpus_files():
    """Every .ahap file of ../shared/corpus (relative paths), or a skip when it is absent."""
    if not os.path.isdir(CORPUS):
        if os.environ.get("HAPTICRENDER_REQUIRE_CORPUS"):
            pytest.fail(f"HAPTICRENDER_REQUIRE_CORPUS is set but the shared corpus is missing: {CORPUS}")
        pytest.skip(f"the shared corpus is not beside the checkout ({CORPUS}); a user's clone has none")
    found = []
    for root, dirs, files in os.walk(CORPUS):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.relpath(os.path.join(root, f), CORPUS) for f in sorted(files) if f.lower().endswith(".ahap")]
    assert len(found) > 50, f"the corpus at {CORPUS} holds only {len(found)} .ahap files"
    return found


@pytest.fixture(scope="session")
def corpus_cli_renders(cli, corpus_files, tmp_path_factory):
    """The CLI's float32 renders of the whole corpus in one batch run: relative path → WAV path
    (None for files the CLI rejects), with the CLI's stderr."""
    out = tmp_path_factory.mktemp("corpus-cli")
    result = subprocess.run([cli, "render", CORPUS, "--output-dir", str(out), "--type", "wav",
                             "--sample-format", "float32", "--quiet"], capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    renders = {}
    for relative in corpus_files:
        wav = os.path.join(out, os.path.splitext(relative)[0] + ".wav")
        renders[relative] = wav if os.path.exists(wav) else None
    return renders, result.stderr


__all__ = ["hapticrender", "example", "read_float_wav", "same_bits", "CORPUS", "REPO", "EXAMPLES"]
