"""Builds the hapticrender wheel: out of the source tree, with the C library when it is built.

`pip install ./python` after `swift build -c release --product hapticrender` copies
`.build/release/libhapticrender.so` (or `.dylib`) beside the package, so the installed package
finds it without HAPTICRENDER_LIB; the wheel is then tagged for this platform
(`py3-none-linux_x86_64`: any Python 3, no Python ABI, this machine's library). Without a built
library the wheel is pure Python (`py3-none-any`) and the package looks for the library at
import (see hapticrender/_library.py). Scripts/package.sh names the library to bundle with
HAPTICRENDER_WHEEL_LIBRARY and has auditwheel tag the wheel manylinux.

Everything setuptools writes while building (`build/`, `*.egg-info`) goes to a temporary
folder, removed when the build ends, so a build leaves the checkout as it was.

The version is the library's: `HapticRenderKitVersion.current` in the Swift sources (what
`hr_version()` returns), or the sdist's PKG-INFO when built from one.
"""

import atexit
import os
import re
import shutil
import tempfile

from setuptools import setup
from setuptools.dist import Distribution
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(HERE)
LIBRARY_NAMES = ("libhapticrender.so", "libhapticrender.dylib")
VERSION_SOURCE = os.path.join(REPOSITORY, "Sources", "HapticRenderKit", "Version.swift")


def built_libraries():
    """The C libraries to bundle, as (path, name in the package): HAPTICRENDER_WHEEL_LIBRARY
    (the release artefact Scripts/package.sh makes, stripped, with its versioned soname), else
    the checkout's release build."""
    chosen = os.environ.get("HAPTICRENDER_WHEEL_LIBRARY")
    if chosen:
        if not os.path.exists(chosen):
            raise RuntimeError(f"hapticrender: HAPTICRENDER_WHEEL_LIBRARY names {chosen}, which does not exist")
        return [(chosen, LIBRARY_NAMES[1] if chosen.endswith(".dylib") else LIBRARY_NAMES[0])]
    release = os.path.join(REPOSITORY, ".build", "release")
    return [(os.path.join(release, name), name) for name in LIBRARY_NAMES
            if os.path.exists(os.path.join(release, name))]


def version():
    """The library's version, from the Swift sources or an sdist's PKG-INFO."""
    for path, pattern in ((VERSION_SOURCE, r'static let current = "([^"]+)"'),
                          (os.path.join(HERE, "PKG-INFO"), r"^Version: (\S+)$")):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                found = re.search(pattern, f.read(), re.MULTILINE)
            if found:
                return found.group(1)
    raise RuntimeError(f"hapticrender: no version found in {VERSION_SOURCE} (build from the HapticRender checkout)")


class BuildWithLibrary(build_py):
    """Copies the checkout's release library into the package."""

    def run(self):
        super().run()
        for built, name in built_libraries():
            shutil.copy2(built, os.path.join(self.build_lib, "hapticrender", name))
            print(f"hapticrender: bundled {os.path.normpath(built)}")


class PlatformWheel(bdist_wheel):
    """A wheel that bundles a library is platform-specific: not pure, tagged
    py3-none-PLATFORM (the package calls the library through ctypes, so any Python 3 ABI)."""

    def finalize_options(self):
        super().finalize_options()
        if built_libraries():
            self.root_is_pure = False

    def get_tag(self):
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if built_libraries() else (python, abi, platform)


class LibraryDistribution(Distribution):
    """A distribution that carries a library installs into platlib (where auditwheel and the
    platform tag expect it), as one with extension modules does."""

    def has_ext_modules(self):
        return bool(built_libraries())


scratch = tempfile.mkdtemp(prefix="hapticrender-build-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)

setup(
    version=version(),
    distclass=LibraryDistribution,
    cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel},
    options={"build": {"build_base": os.path.join(scratch, "build")}, "egg_info": {"egg_base": scratch}},
)
