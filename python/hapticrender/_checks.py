"""Argument checks done in Python before ctypes converts anything.

ctypes truncates integers to the C type's width, stops strings at the first NUL and converts
any truthy object to 1, so every value is checked here first: a wrong type is a
:class:`TypeError`, a value out of range an :class:`~hapticrender.OptionError` (a
:class:`ValueError`), each naming the argument.
"""

import math
import numbers
import os
from typing import Any, List, Union

import numpy as np

from ._errors import invalid

StrPath = Union[str, os.PathLike[str]]
AnyPath = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]
Data = Union[str, bytes, bytearray, memoryview]


def path(value: Any, what: str) -> bytes:
    """A file path (str, bytes or os.PathLike) as the C string the library reads."""
    if not isinstance(value, (str, bytes, os.PathLike)):
        raise TypeError(f"{what} must be a str, bytes or os.PathLike path, not {type(value).__name__}")
    encoded = os.fsencode(value)
    if b"\0" in encoded:
        raise invalid(f"{what} contains a NUL character: {os.fsdecode(encoded)!r}")
    return encoded


def text(value: Any, what: str) -> bytes:
    """A str argument (a name) as a UTF-8 C string."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise invalid(f"{what} contains a NUL character: {value!r}")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise invalid(f"{what} is not valid Unicode text: {value!r}") from error


def data(value: Any, what: str = "data") -> bytes:
    """AHAP text held in memory: str (encoded as UTF-8) or a bytes-like object."""
    if isinstance(value, str):
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise invalid(f"{what} is not valid Unicode text") from error
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{what} must be str, bytes, bytearray or memoryview, not {type(value).__name__}")


def real(value: Any, what: str, minimum: float = -math.inf, *, above: bool = False) -> float:
    """A finite number (int, float or a numpy number; not a bool) ≥ ``minimum`` (> when
    ``above``), as a C double."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError as error:
        raise invalid(f"{what} must be a finite number, not {value}") from error
    if not math.isfinite(number):
        raise invalid(f"{what} must be a finite number, not {number}")
    if number < minimum or (above and number == minimum):
        bound = "more than" if above else "at least"
        raise invalid(f"{what} must be {bound} {minimum:g}, not {value}")
    return number


def integer(value: Any, what: str, minimum: int, maximum: int, hint: str = "") -> int:
    """An int (or numpy integer; not a bool) in ``minimum…maximum``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    number = int(value)
    if not minimum <= number <= maximum:
        raise invalid(f"{what} must be between {minimum} and {maximum}{hint}, not {number}")
    return number


def flag(value: Any, what: str) -> bool:
    """A bool (``True``/``False`` or a numpy bool), nothing else: ``strict="no"`` is an error,
    not True."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{what} must be True or False, not {value!r}")
    return bool(value)


def paths(value: Any, what: str) -> List[bytes]:
    """One path or an iterable of paths (never the characters of a str): ``"/srv/sounds"`` is
    one folder. None is no path."""
    if value is None:
        return []
    if isinstance(value, (str, bytes, os.PathLike)):
        items = [value]
    else:
        try:
            items = list(value)
        except TypeError:
            raise TypeError(f"{what} must be a path or an iterable of paths, not {type(value).__name__}") from None
    encoded = [path(item, f"each of {what}") for item in items]
    if b"" in encoded:
        raise invalid(f"{what} contains an empty path")
    return encoded

