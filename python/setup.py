"""Bundles the C library into the package when it has been built in this checkout.

`pip install ./python` after `swift build -c release --product HapticRenderC` copies
`.build/release/libHapticRenderC.so` (or `.dylib`) beside the package, so the installed package
finds it without HAPTICRENDER_LIB. Without a built library the package installs as pure
Python and looks for the library at import (see hapticrender/_library.py).
"""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

LIBRARY_NAMES = ("libHapticRenderC.so", "libHapticRenderC.dylib")
HERE = os.path.dirname(os.path.abspath(__file__))


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        release = os.path.join(HERE, "..", ".build", "release")
        for name in LIBRARY_NAMES:
            built = os.path.join(release, name)
            if os.path.exists(built):
                target = os.path.join(self.build_lib, "hapticrender", name)
                shutil.copy2(built, target)
                print(f"hapticrender: bundled {os.path.normpath(built)}")


setup(cmdclass={"build_py": BuildWithLibrary})
