"""convert() and convert_bytes(): AHAP, .haptic and .hjif to AHAP, .haptic, .hjif, Android JSON
or Kotlin, as ``ahap-render convert``, with the loss report."""

import ctypes
import json
from typing import Any, Callable, Dict, Literal, Optional, Tuple, Union, overload

from . import _checks
from ._library import check, lib
from ._lint import diagnostics
from ._options import Options

Target = Literal["ahap", "haptic", "hjif", "android", "kotlin"]
Report = Dict[str, Any]
Converted = Union[str, Tuple[str, Report]]


@overload
def convert(path: _checks.AnyPath, to: Target, *, report: Literal[False] = False, strict: bool = False) -> str: ...
@overload
def convert(path: _checks.AnyPath, to: Target, *, report: Literal[True], strict: bool = False) -> Tuple[str, Report]:
    ...
def convert(path: _checks.AnyPath, to: Target, *, report: bool = False, strict: bool = False) -> Converted:
    """Converts the AHAP, .haptic or .hjif file at ``path`` (told apart by its content).

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The AHAP, .haptic or .hjif file.
    to : str
        ``"ahap"``, ``"haptic"``, ``"hjif"`` (MPEG-I haptics), ``"android"`` (one JSON file
        with the waveform, composition and envelope tiers) or ``"kotlin"``.
    report : bool, default False
        Also render every target against the original (a few renders' time).
    strict : bool, default False
        Accept only what Core Haptics (AHAP) or the .haptic spec's strict validator accepts.

    Returns
    -------
    str, or (str, dict) with ``report``
        The converted text, as ``ahap-render convert --to TO`` writes it; with ``report`` also
        the loss report as ``convert --report --format json`` prints it for one input: per
        target its correlation, onset and peak level errors and what was lost.

    Raises
    ------
    MissingFileError, FileReadError, PatternError, OptionError
        When the file is missing or unreadable, is rejected (with its diagnostics), or
        ``to`` is not a target.
    """
    encoded = _checks.path(path, "path")
    target = _checks.text(to, "to")
    report = _checks.flag(report, "report")
    with Options(strict=strict) as o:
        return _converted(lambda output, out, error: lib.hr_convert_file(encoded, target, o.handle, output, out, error),
                          lambda: diagnostics(lambda out, error: lib.hr_lint_file(encoded, o.handle, out, error)),
                          report)


@overload
def convert_bytes(data: _checks.Data, to: Target, *, name: Optional[_checks.AnyPath] = None,
                  report: Literal[False] = False, strict: bool = False) -> str: ...
@overload
def convert_bytes(data: _checks.Data, to: Target, *, name: Optional[_checks.AnyPath] = None,
                  report: Literal[True], strict: bool = False) -> Tuple[str, Report]: ...
def convert_bytes(data: _checks.Data, to: Target, *, name: Optional[_checks.AnyPath] = None, report: bool = False,
                  strict: bool = False) -> Converted:
    """:func:`convert` for AHAP, .haptic or .hjif text held in memory; ``name`` names it in messages,
    the Android JSON and the Kotlin object."""
    content = _checks.data(data)
    encoded = None if name is None else _checks.path(name, "name")
    target = _checks.text(to, "to")
    report = _checks.flag(report, "report")
    with Options(strict=strict) as o:
        return _converted(
            lambda output, out, error: lib.hr_convert_bytes(content, len(content), encoded, target, o.handle, output,
                                                            out, error),
            lambda: diagnostics(lambda out, error: lib.hr_lint_bytes(content, len(content), encoded, o.handle, out,
                                                                     error)),
            report)


def _converted(call: Callable[[Any, Any, Any], int], rejected: Callable[[], Any], report: bool) -> Converted:
    """Runs a ``hr_convert_*`` call; ``rejected`` gives the diagnostics of a rejected input."""
    output = ctypes.c_void_p()
    report_out = ctypes.c_void_p()
    check(call, ctypes.byref(output), ctypes.byref(report_out) if report else None, diagnostics=rejected)
    try:
        text = ctypes.string_at(output).decode("utf-8")
        return (text, json.loads(ctypes.string_at(report_out).decode("utf-8"))) if report else text
    finally:
        lib.hr_string_free(output)
        lib.hr_string_free(report_out)
