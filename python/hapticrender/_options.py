"""The keyword options of render(), render_bytes(), Renderer() and lint(): checked in Python,
then set on an ``hr_options`` handle."""

import json
import os
from typing import Any, Iterable, List, Literal, Mapping, Optional, Sequence, Tuple, TypeVar, Union

from . import _checks
from ._errors import invalid
from ._library import check, lib

Layout = Literal["audition", "haptic", "drive", "audio", "split", "android"]
Channel = Literal["audioLeft", "audioRight", "hapticDrive", "acceleration", "excursion"]
Actuator = Union[str, os.PathLike[str], Mapping[str, Any]]
Parameter = Tuple[str, float, float]
SearchRoots = Union[_checks.StrPath, Iterable[_checks.StrPath], None]

#: The sample rates the renderer supports (whole Hz), as ``--sample-rate``.
SAMPLE_RATES = (8000, 384000)
#: Loop counts, as ``--loop``.
LOOPS = (1, 100000)

#: The options' documentation, shared by the docstrings of every call that takes them.
DOC = """layout : {"audition", "haptic", "drive", "audio", "split", "android"}, default "audition"
        The output channels: audition (audio L/R + 0.5 × acceleration), haptic
        (acceleration), drive (drive voltage), audio (audio L, audio R), split (audio L, audio
        R, drive, acceleration), android (audio L, audio R, drive).
    channels : sequence of str, optional
        The signals to output instead of a layout, in order: "audioLeft", "audioRight",
        "hapticDrive", "acceleration", "excursion" (a list, or one comma-separated str).
        Scales: audio full scale 1.0; drive 1.0 = the voltage clamp; acceleration 1.0 = the
        actuator's full scale in g; excursion 1.0 = the end stop (an ERM's: its mass's radius).
    sample_rate : int, default 48000
        Hz, a whole number in 8000-384000 (``--sample-rate``).
    actuator : str, os.PathLike or dict, default "iphone"
        A preset ("iphone", "coin", "pixel", "erm"), a JSON actuator profile's path, or a profile
        as a dict, e.g. ``{"base": "iphone", "resonanceHz": 170}`` (``--actuator``).
    rate : float, default 1.0
        Playback rate > 0; divides event times and durations (``--rate``).
    loops : int, optional
        Plays the pattern this many times, 1-100000 (``--loop``); None plays it once.
    start : float, default 0.0
        Starts this many seconds (>= 0) into the pattern; earlier events are dropped
        (``--start``).
    duration : float, optional
        Exact render length in seconds (> 0), padded with silence or cut (``--duration``);
        None is the natural length: the pattern plus the actuator's ring-down.
    parameters : iterable of (str, float, float), default ()
        Runtime dynamic parameters as ``(id, value, seconds)``, e.g.
        ``("HapticIntensityControl", 0.3, 0.5)`` (``--param ID=VALUE@SECONDS``; seconds of
        playback time, >= 0).
    strict : bool, default False
        Decode like Core Haptics: reject what it rejects (``--strict``). Lenient decoding
        renders what has one clear meaning and warns (:class:`HapticRenderWarning`).
    search_roots : str, os.PathLike or iterable of them, optional
        Extra folders where AudioCustom files are looked up, after the AHAP file's own
        (``--search-root``). One str is one folder."""


Documented = TypeVar("Documented")


def documented(target: Documented) -> Documented:
    """Puts the options' documentation where ``target``'s docstring says ``{options}``."""
    target.__doc__ = (target.__doc__ or "").replace("{options}", DOC)
    return target


class Options:
    """An ``hr_options`` handle set from checked keyword options; ``with`` frees it.

    Every value is checked before the handle is created, so nothing is set from an
    unchecked value and a refused option leaks no handle.
    """

    def __init__(self, *, layout: Any = "audition", channels: Any = None, sample_rate: Any = 48000,
                 actuator: Any = "iphone", rate: Any = 1.0, loops: Any = None, start: Any = 0.0,
                 duration: Any = None, parameters: Any = (), strict: Any = False, search_roots: Any = None) -> None:
        self._settings = [
            (lib.hr_options_set_layout, _checks.text(layout, "layout")),
            *([] if channels is None else [(lib.hr_options_set_channels, _channels(channels))]),
            (lib.hr_options_set_sample_rate, float(_sample_rate(sample_rate))),
            _actuator(actuator),
            (lib.hr_options_set_rate, _checks.real(rate, "rate", 0.0, above=True)),
            (lib.hr_options_set_loops, 0 if loops is None else _checks.integer(
                loops, "loops", *LOOPS, " (None plays the pattern once)")),
            (lib.hr_options_set_start, _checks.real(start, "start", 0.0)),
            (lib.hr_options_set_duration, 0.0 if duration is None else _checks.real(
                duration, "duration", 0.0, above=True)),
            *[(lib.hr_options_add_parameter, *p) for p in _parameters(parameters)],
            (lib.hr_options_set_strict, int(_checks.flag(strict, "strict"))),
            *[(lib.hr_options_add_search_root, root) for root in _checks.paths(search_roots, "search_roots")],
        ]
        self.handle: Optional[int] = None

    def __enter__(self) -> "Options":
        self.handle = lib.hr_options_create()
        if not self.handle:
            raise MemoryError("hr_options_create: out of memory (or too many live objects)")
        try:
            for setter, *values in self._settings:
                check(setter, self.handle, *values)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.handle:
            lib.hr_options_free(self.handle)
            self.handle = None


def _sample_rate(value: Any) -> int:
    number = _checks.real(value, "sample_rate")
    low, high = SAMPLE_RATES
    if number != int(number) or not low <= number <= high:
        raise invalid(f"the sample rate must be a whole number of Hz between {low} and {high}, not {value}")
    return int(number)


def _channels(value: Any) -> bytes:
    if isinstance(value, str):
        return _checks.text(value, "channels")
    if not isinstance(value, Sequence):
        raise TypeError(f"channels must be a list of signal names or a str, not {type(value).__name__}")
    names = [_checks.text(name, "each of channels") for name in value]
    if any(b"," in name for name in names):
        raise invalid(f"each of channels must be one signal name, not a list: {list(value)!r}")
    return b",".join(names)


def _actuator(value: Any) -> Tuple[Any, bytes]:
    if isinstance(value, Mapping):
        try:
            text = json.dumps(dict(value), allow_nan=False)
        except ValueError as error:
            raise invalid(f"the actuator profile cannot be written as JSON: {error}") from error
        return (lib.hr_options_set_actuator_json, _checks.text(text, "actuator"))
    if isinstance(value, (str, os.PathLike)):
        return (lib.hr_options_set_actuator, _checks.path(value, "actuator"))
    raise TypeError(f"actuator must be a preset name, a profile's path or a dict, not {type(value).__name__}")


def _parameters(value: Any) -> List[Tuple[bytes, float, float]]:
    hint = 'parameters must be an iterable of (id, value, seconds) tuples, e.g. [("HapticIntensityControl", 0.3, 0.5)]'
    if isinstance(value, (str, bytes)) or (isinstance(value, tuple) and value and isinstance(value[0], str)):
        raise TypeError(f"{hint}, not {value!r}")
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{hint}, not {type(value).__name__}") from None
    checked = []
    for item in items:
        if not isinstance(item, Sequence) or isinstance(item, (str, bytes)) or len(item) != 3:
            raise TypeError(f"{hint}, not an element {item!r}")
        identifier, number, seconds = item
        checked.append((_checks.text(identifier, "a parameter's id"),
                        _checks.real(number, f"the value of {identifier}"),
                        _checks.real(seconds, f"the time of {identifier}", 0.0)))
    return checked
