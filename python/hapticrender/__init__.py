"""Render Apple Haptic and Audio Pattern (AHAP) files to numpy arrays; convert AHAP, .haptic, .hjif.

A ctypes layer over the C library libhapticrender: the pipeline of ``ahap-render render``, so for
the same options the samples are bit-identical to the CLI's float32 output.

>>> import hapticrender as hr
>>> samples, rate = hr.render("Examples/Patterns/Heartbeat.ahap", layout="split")
>>> samples.shape, samples.dtype, rate
((67096, 4), dtype('float32'), 48000)

Functions
---------
render, render_bytes
    A whole render as a float32 array [frames, channels] and its sample rate.
Renderer
    The render block by block, with runtime parameters pushed while it plays.
lint, lint_bytes
    The decoder's diagnostics, as ``ahap-render lint --format json``.
convert, convert_bytes
    AHAP, .haptic or .hjif to AHAP, .haptic, .hjif, Android JSON or Kotlin, as
    ``ahap-render convert``, with the measured loss of each target.

Errors
------
Every failure the library reports is a :class:`HapticRenderError`, and also the built-in
exception a Python program catches for it: :class:`MissingFileError` is a
:class:`FileNotFoundError`, :class:`OptionError` and :class:`PatternError` are
:class:`ValueError`\\ s, and so on. An argument of the wrong type is a :class:`TypeError`.
Decoder warnings (lenient fixes) are issued as :class:`HapticRenderWarning`.
"""

from ._convert import convert, convert_bytes
from ._diagnostics import Diagnostic
from ._errors import (
    AudioError,
    BusyError,
    FileReadError,
    HapticRenderError,
    HapticRenderWarning,
    LimitError,
    MissingFileError,
    OptionError,
    OutOfMemoryError,
    PatternError,
    QueueFullError,
    RenderError,
)
from ._library import lib as _lib
from ._lint import lint, lint_bytes
from ._render import render, render_bytes
from ._stream import Renderer

#: The version of the loaded libhapticrender (``hr_version()``), e.g. "0.2.0"; the
#: package's own version is the same (setup.py reads the one the library is built with).
__version__: str = _lib.hr_version().decode("utf-8")

__all__ = [
    "render",
    "render_bytes",
    "Renderer",
    "lint",
    "lint_bytes",
    "convert",
    "convert_bytes",
    "Diagnostic",
    "HapticRenderError",
    "OptionError",
    "FileReadError",
    "MissingFileError",
    "PatternError",
    "AudioError",
    "LimitError",
    "RenderError",
    "QueueFullError",
    "BusyError",
    "OutOfMemoryError",
    "HapticRenderWarning",
]


for _name in __all__:  # tracebacks, help() and pickles name them hapticrender.X
    globals()[_name].__module__ = __name__


def __dir__() -> "list[str]":
    """The public API only (the private modules stay reachable by name)."""
    return sorted(__all__ + ["__version__"])


del _lib, _name
