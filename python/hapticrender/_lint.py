"""lint() and lint_bytes(): the decoder's diagnostics, as ``ahap-render lint --format json``."""

import ctypes
import json
from typing import Any, Callable, List, Optional

from . import _checks
from ._diagnostics import Diagnostic
from ._library import check, lib
from ._options import Options, SearchRoots


def lint(path: _checks.AnyPath, *, strict: bool = True, search_roots: SearchRoots = None) -> List[Diagnostic]:
    """Checks the AHAP file at ``path`` the way the renderer (lenient) or Core Haptics
    (``strict``) would load it.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The AHAP file.
    strict : bool, default True
        Check as Core Haptics loads the file, like ``ahap-render lint`` (the default there
        too); False gives the lenient decoder's view (``ahap-render lint --lenient``), what
        the renderer plays.
    search_roots : str, os.PathLike or iterable of them, optional
        Extra folders where AudioCustom files are looked up (one str is one folder).

    Returns
    -------
    list of Diagnostic
        The diagnostics as ``ahap-render lint --format json`` reports them: dicts with
        severity, code, coreHapticsCode, path, line, column and message. An unreadable or
        rejected file gives error diagnostics (e.g. code ``"file.unreadable"``), not an
        exception.

    Raises
    ------
    TypeError, OptionError
        For an argument of the wrong type or value.
    """
    encoded = _checks.path(path, "path")
    with Options(strict=strict, search_roots=search_roots) as o:
        return diagnostics(lambda out, error: lib.hr_lint_file(encoded, o.handle, out, error))


def lint_bytes(data: _checks.Data, *, name: Optional[_checks.AnyPath] = None, strict: bool = True,
               search_roots: SearchRoots = None) -> List[Diagnostic]:
    """:func:`lint` for AHAP text held in memory.

    Parameters
    ----------
    data : str or bytes-like
        The AHAP text (a str is encoded as UTF-8).
    name : str, bytes or os.PathLike, optional
        Names the text in messages; its folder is where AudioCustom files are looked up
        (the current folder when None).
    strict, search_roots
        As for :func:`lint`.
    """
    content = _checks.data(data)
    encoded = None if name is None else _checks.path(name, "name")
    with Options(strict=strict, search_roots=search_roots) as o:
        return diagnostics(lambda out, error: lib.hr_lint_bytes(content, len(content), encoded, o.handle, out, error))


def diagnostics(call: Callable[[Any, Any], int]) -> List[Diagnostic]:
    """The diagnostics of a ``hr_lint_*`` call (given its two out-parameters)."""
    out = ctypes.c_void_p()
    check(call, ctypes.byref(out))
    try:
        found: List[Diagnostic] = json.loads(ctypes.string_at(out).decode("utf-8"))["diagnostics"]
        return found
    finally:
        lib.hr_string_free(out)
