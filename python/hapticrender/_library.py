"""Finds and loads the C library libhapticrender (Swift module HapticRenderC); declares its C signatures.

Search order: the HAPTICRENDER_LIB environment variable (a file path), then beside this
package (where `pip install ./python` bundles a library built in the checkout), then the
Swift package's `.build/release` when this package runs from the repository.
"""

import ctypes
import os
import sys
from typing import Any, Callable, List, Optional

from ._diagnostics import Diagnostic
from ._errors import REJECTED, HapticRenderError, error_for

_NAME = "libhapticrender.dylib" if sys.platform == "darwin" else "libhapticrender.so"
_HERE = os.path.dirname(os.path.abspath(__file__))


def candidates() -> List[str]:
    """The paths tried, in order."""
    paths = []
    if os.environ.get("HAPTICRENDER_LIB"):
        paths.append(os.environ["HAPTICRENDER_LIB"])
    paths.append(os.path.join(_HERE, _NAME))
    paths.append(os.path.normpath(os.path.join(_HERE, "..", "..", ".build", "release", _NAME)))
    return paths


def _load() -> ctypes.CDLL:
    tried = []
    for path in candidates():
        if os.path.exists(path):
            try:
                return ctypes.CDLL(path)
            except OSError as error:
                raise ImportError(f"hapticrender: cannot load {path}: {error}") from error
        tried.append(path)
        if path == os.environ.get("HAPTICRENDER_LIB"):
            # An explicit choice that does not exist is a mistake, not a reason to look elsewhere.
            raise ImportError(f"hapticrender: HAPTICRENDER_LIB names {path}, which does not exist")
    raise ImportError(
        "hapticrender: libhapticrender was not found (tried "
        + ", ".join(tried)
        + "). Build it with `swift build -c release --product hapticrender` in the HapticRender "
        "repository, then reinstall the package or set HAPTICRENDER_LIB to the library's path."
    )


lib = _load()

_c = ctypes
_p = _c.c_void_p
_pp = _c.POINTER(_c.c_void_p)
_s = _c.c_char_p
_status = _c.c_int

_SIGNATURES = {
    "hr_version": (_s, []),
    "hr_error_status": (_status, [_p]),
    "hr_error_message": (_s, [_p]),
    "hr_error_file": (_s, [_p]),
    "hr_error_free": (None, [_p]),
    "hr_string_free": (None, [_p]),
    "hr_options_create": (_p, []),
    "hr_options_free": (None, [_p]),
    "hr_options_set_layout": (_status, [_p, _s, _pp]),
    "hr_options_set_channels": (_status, [_p, _s, _pp]),
    "hr_options_set_sample_rate": (_status, [_p, _c.c_double, _pp]),
    "hr_options_set_actuator": (_status, [_p, _s, _pp]),
    "hr_options_set_actuator_json": (_status, [_p, _s, _pp]),
    "hr_options_set_rate": (_status, [_p, _c.c_double, _pp]),
    "hr_options_set_loops": (_status, [_p, _c.c_int64, _pp]),
    "hr_options_set_start": (_status, [_p, _c.c_double, _pp]),
    "hr_options_set_duration": (_status, [_p, _c.c_double, _pp]),
    "hr_options_add_parameter": (_status, [_p, _s, _c.c_double, _c.c_double, _pp]),
    "hr_options_clear_parameters": (None, [_p]),
    "hr_options_set_strict": (_status, [_p, _c.c_int, _pp]),
    "hr_options_add_search_root": (_status, [_p, _s, _pp]),
    "hr_render_file": (_status, [_s, _p, _pp, _pp]),
    "hr_render_bytes": (_status, [_c.c_char_p, _c.c_size_t, _s, _p, _pp, _pp]),
    "hr_audio_samples": (_c.POINTER(_c.c_float), [_p]),
    "hr_audio_frames": (_c.c_int64, [_p]),
    "hr_audio_channels": (_c.c_int32, [_p]),
    "hr_audio_sample_rate": (_c.c_double, [_p]),
    "hr_audio_diagnostics_json": (_s, [_p]),
    "hr_audio_free": (None, [_p]),
    "hr_stream_open_file": (_status, [_s, _p, _pp, _pp]),
    "hr_stream_open_bytes": (_status, [_c.c_char_p, _c.c_size_t, _s, _p, _pp, _pp]),
    "hr_stream_channels": (_c.c_int32, [_p]),
    "hr_stream_sample_rate": (_c.c_double, [_p]),
    "hr_stream_frames": (_c.c_int64, [_p]),
    "hr_stream_position": (_c.c_int64, [_p]),
    "hr_stream_diagnostics_json": (_s, [_p]),
    "hr_stream_render": (_c.c_int64, [_p, _c.POINTER(_c.c_float), _c.c_int64]),
    "hr_parameter_from_name": (_c.c_int32, [_s]),
    "hr_stream_push_parameter": (_status, [_p, _c.c_int, _c.c_double, _c.c_double]),
    "hr_stream_seek": (_status, [_p, _c.c_double]),
    "hr_stream_reset": (_status, [_p]),
    "hr_stream_close": (None, [_p]),
    "hr_lint_file": (_status, [_s, _p, _pp, _pp]),
    "hr_lint_bytes": (_status, [_c.c_char_p, _c.c_size_t, _s, _p, _pp, _pp]),
    "hr_convert_file": (_status, [_s, _s, _p, _pp, _pp, _pp]),
    "hr_convert_bytes": (_status, [_c.c_char_p, _c.c_size_t, _s, _s, _p, _pp, _pp, _pp]),
}

for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes


def taken_error(error: ctypes.c_void_p, status: int,
                diagnostics: Optional[Callable[[], List[Diagnostic]]] = None) -> HapticRenderError:
    """The exception for a failed call's ``hr_error`` (which it frees). ``diagnostics`` gives
    a rejected pattern's diagnostics (asked only for a rejection)."""
    message, file = f"error: the call failed with status {status}", ""
    if error:
        try:
            message = lib.hr_error_message(error).decode("utf-8", "replace")
            file = lib.hr_error_file(error).decode("utf-8", "replace")
        finally:
            lib.hr_error_free(error)
    found = diagnostics() if diagnostics is not None and status == REJECTED else None
    return error_for(status, message, file, found)


def check(function: Any, *arguments: Any, diagnostics: Optional[Callable[[], List[Diagnostic]]] = None) -> None:
    """Calls a fallible C function whose last parameter is an ``hr_error **`` and raises the
    exception for its status on failure."""
    error = ctypes.c_void_p()
    status = function(*arguments, ctypes.byref(error))
    if status != 0:
        raise taken_error(error, status, diagnostics)
