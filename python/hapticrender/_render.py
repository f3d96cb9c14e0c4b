"""render() and render_bytes(): a whole render into one numpy array."""

import ctypes
import os
import warnings
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from . import _checks
from ._diagnostics import location, parse
from ._errors import HapticRenderWarning
from ._library import check, lib
from ._lint import diagnostics
from ._options import Actuator, Channel, Layout, Options, SearchRoots, documented

Samples = npt.NDArray[np.float32]


@documented
def render(path: _checks.AnyPath, *, layout: Layout = "audition", channels: Optional[Sequence[Channel]] = None,
           sample_rate: int = 48000, actuator: Actuator = "iphone", rate: float = 1.0, loops: Optional[int] = None,
           start: float = 0.0, duration: Optional[float] = None, parameters: Iterable[Tuple[str, float, float]] = (),
           strict: bool = False, search_roots: SearchRoots = None) -> Tuple[Samples, int]:
    """Renders the AHAP file at ``path``, as ``ahap-render render`` does.

    The samples are bit-identical to the CLI's float32 output for the same options. Decoder
    warnings (lenient fixes) are issued as :class:`HapticRenderWarning`.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The AHAP file. AudioCustom files are looked up in its folder, then ``search_roots``.
    {options}

    Returns
    -------
    samples : numpy.ndarray
        float32, shape (frames, channels).
    sample_rate : int
        Hz.

    Raises
    ------
    MissingFileError, FileReadError
        The file (or the actuator profile) does not exist or cannot be read.
    PatternError
        The decoder rejected the pattern; ``.diagnostics`` says where and why.
    OptionError
        An invalid option, or options that do not go together.
    AudioError, LimitError, RenderError, OutOfMemoryError
        See their documentation; all are :class:`HapticRenderError`.
    TypeError
        An argument of the wrong type.
    """
    encoded = _checks.path(path, "path")
    with Options(layout=layout, channels=channels, sample_rate=sample_rate, actuator=actuator, rate=rate, loops=loops,
                 start=start, duration=duration, parameters=parameters, strict=strict,
                 search_roots=search_roots) as o:
        return _audio(lambda audio, error: lib.hr_render_file(encoded, o.handle, audio, error),
                      lambda: diagnostics(lambda out, error: lib.hr_lint_file(encoded, o.handle, out, error)),
                      os.fsdecode(encoded))


@documented
def render_bytes(data: _checks.Data, *, name: Optional[_checks.AnyPath] = None, layout: Layout = "audition",
                 channels: Optional[Sequence[Channel]] = None, sample_rate: int = 48000, actuator: Actuator = "iphone",
                 rate: float = 1.0, loops: Optional[int] = None, start: float = 0.0, duration: Optional[float] = None,
                 parameters: Iterable[Tuple[str, float, float]] = (), strict: bool = False,
                 search_roots: SearchRoots = None) -> Tuple[Samples, int]:
    """Renders AHAP text held in memory; otherwise as :func:`render`.

    Parameters
    ----------
    data : str or bytes-like
        The AHAP text (a str is encoded as UTF-8).
    name : str, bytes or os.PathLike, optional
        Names the text in messages; its folder is where AudioCustom files are looked up
        (the current folder when None).
    {options}

    Returns
    -------
    samples : numpy.ndarray
        float32, shape (frames, channels).
    sample_rate : int
        Hz.
    """
    content = _checks.data(data)
    encoded = None if name is None else _checks.path(name, "name")
    with Options(layout=layout, channels=channels, sample_rate=sample_rate, actuator=actuator, rate=rate, loops=loops,
                 start=start, duration=duration, parameters=parameters, strict=strict,
                 search_roots=search_roots) as o:
        return _audio(lambda audio, error: lib.hr_render_bytes(content, len(content), encoded, o.handle, audio, error),
                      lambda: diagnostics(
                          lambda out, error: lib.hr_lint_bytes(content, len(content), encoded, o.handle, out, error)),
                      "<memory>" if encoded is None else os.fsdecode(encoded))


def _audio(call: Callable[[Any, Any], int], rejected: Callable[[], List[Any]], file: str) -> Tuple[Samples, int]:
    """Runs a one-shot render call and copies its samples into a [frames, channels] array;
    ``rejected`` gives the diagnostics of a rejected pattern."""
    audio = ctypes.c_void_p()
    check(call, ctypes.byref(audio), diagnostics=rejected)
    try:
        frames = lib.hr_audio_frames(audio)
        channels = lib.hr_audio_channels(audio)
        rate = lib.hr_audio_sample_rate(audio)
        samples = np.zeros((frames, channels), dtype=np.float32)
        if frames:
            ctypes.memmove(samples.ctypes.data, lib.hr_audio_samples(audio), samples.nbytes)
        warn(lib.hr_audio_diagnostics_json(audio), file)
    finally:
        lib.hr_audio_free(audio)
    return samples, int(rate)


def warn(diagnostics_json: bytes, file: str, stacklevel: int = 4) -> None:
    """Issues a :class:`HapticRenderWarning` for each warning the decoder reported;
    ``stacklevel`` counts from this function to the user's call."""
    for d in parse(diagnostics_json):
        if d["severity"] == "warning":
            message = f"{location(file, d)}: {d['message']} [{d['code']}]"
            warnings.warn(HapticRenderWarning(message, d), stacklevel=stacklevel)
