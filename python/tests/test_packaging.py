"""The installed package (`pip install ./python`, as .ci/run's embedding step does): a wheel
tagged for the platform that carries the library, built without writing into the checkout."""

import glob
import importlib.metadata
import os
import sysconfig

import pytest

import hapticrender as hr
from conftest import REPO

SOURCE = os.path.join(REPO, "python")


@pytest.fixture(scope="module")
def installed():
    """The installed distribution, or a skip when the tests import the source tree."""
    if os.path.realpath(hr.__file__).startswith(os.path.realpath(SOURCE) + os.sep):
        pytest.skip("hapticrender is imported from the source tree, not installed (pip install ./python)")
    return importlib.metadata.distribution("hapticrender")


def test_the_wheel_is_tagged_for_the_platform_it_carries_a_library_for(installed):
    files = [str(f) for f in installed.files]
    libraries = [f for f in files if os.path.basename(f).startswith("libhapticrender.")]
    wheel = installed.read_text("WHEEL")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    if libraries:
        assert "Root-Is-Purelib: false" in wheel and f"Tag: py3-none-{platform}" in wheel, wheel
        assert os.path.samefile(hr._library.lib._name, installed.locate_file(libraries[0]))
    else:
        assert "Tag: py3-none-any" in wheel, wheel
    assert "hapticrender/py.typed" in files


def test_the_version_is_the_library_s(installed):
    assert installed.version == hr.__version__


def test_the_build_wrote_nothing_into_the_checkout(installed):
    assert not os.path.exists(os.path.join(SOURCE, "build"))
    assert glob.glob(os.path.join(SOURCE, "*.egg-info")) == []
