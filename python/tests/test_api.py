"""The package as a Python user meets it: a clean namespace, __version__, typed signatures with
every option visible to help(), docstrings, and examples in the docs that run as written."""

import doctest
import inspect
import os
import pydoc
import re
import subprocess
import sys
import typing

import pytest

import hapticrender as hr
from conftest import INCLUDE, REPO

OPTIONS = ["layout", "channels", "sample_rate", "actuator", "rate", "loops", "start", "duration", "parameters",
           "strict", "search_roots"]
FUNCTIONS = [hr.render, hr.render_bytes, hr.Renderer, hr.lint, hr.lint_bytes]


def test_the_namespace_is_the_api():
    assert dir(hr) == sorted(hr.__all__ + ["__version__"])
    for leaked in ("ctypes", "json", "np", "os", "warnings", "lib", "check", "taken_error", "Options", "version"):
        assert not hasattr(hr, leaked), leaked
    assert sorted(n for n in vars(hr) if not n.startswith("_")) == sorted(hr.__all__)
    assert all(getattr(hr, name).__module__ == "hapticrender" for name in hr.__all__)


def test_version_is_the_library_s_and_the_sources():
    with open(os.path.join(REPO, "Sources", "HapticRenderKit", "Version.swift"), encoding="utf-8") as f:
        swift = re.search(r'current = "([^"]+)"', f.read()).group(1)
    with open(os.path.join(INCLUDE, "hapticrender.h"), encoding="utf-8") as f:
        header = re.search(r'#define HAPTICRENDER_VERSION "([^"]+)"', f.read()).group(1)
    assert hr.__version__ == swift == header


def test_the_package_is_typed():
    assert os.path.exists(os.path.join(os.path.dirname(hr.__file__), "py.typed"))
    for function in FUNCTIONS + [hr.Renderer.render, hr.Renderer.push_parameter, hr.Renderer.seek]:
        target = function.__init__ if inspect.isclass(function) else function
        hints = typing.get_type_hints(target)
        parameters = [p for p in inspect.signature(target).parameters if p != "self"]
        assert set(parameters) <= set(hints) and "return" in hints, function.__name__


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
def test_every_option_is_in_the_signature_and_the_docstring(function):
    signature = inspect.signature(function)
    kinds = {p.kind for p in signature.parameters.values()}
    assert inspect.Parameter.VAR_KEYWORD not in kinds and inspect.Parameter.VAR_POSITIONAL not in kinds
    expected = OPTIONS if function in (hr.render, hr.render_bytes, hr.Renderer) else ["strict", "search_roots"]
    options = [p.name for p in signature.parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert [o for o in options if o != "name"] == expected
    documented = inspect.getdoc(function)
    for name in signature.parameters:
        assert re.search(rf"^(\w+, )*{name}(, \w+)*( :|$)", documented, re.MULTILINE), name


def test_help_shows_every_public_name_with_a_docstring():
    text = pydoc.render_doc(hr, renderer=pydoc.plaintext)
    for name in hr.__all__:
        assert name in text
        assert inspect.getdoc(getattr(hr, name)), name
    for name, member in inspect.getmembers(hr.Renderer):
        if not name.startswith("_"):
            assert inspect.getdoc(member), name


def test_the_module_docstring_example_runs(monkeypatch):
    monkeypatch.chdir(REPO)
    result = doctest.testmod(sys.modules["hapticrender"], verbose=False)
    assert result.attempted >= 3 and result.failed == 0


@pytest.mark.parametrize("document", ["docs/embedding.md", "python/README.md"])
def test_the_python_examples_of_the_docs_run_as_written(document, tmp_path):
    with open(os.path.join(REPO, document), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.DOTALL)
    assert blocks, f"{document} has no Python example"
    package = os.path.dirname(os.path.dirname(hr.__file__))
    env = dict(os.environ, PYTHONPATH=package, PYTHONWARNINGS="error")
    for block in blocks:
        result = subprocess.run([sys.executable, "-c", block], cwd=REPO, env=env, capture_output=True, text=True)
        assert result.returncode == 0, f"{document}:\n{block}\n{result.stderr}"
