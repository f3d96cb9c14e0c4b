"""Renderer: a render pulled block by block (the C API's ``hr_stream``), safe to share between
threads."""

import ctypes
import os
import threading
from typing import Any, Iterable, Iterator, Optional, Sequence, Tuple, Union

import numpy as np

from . import _checks
from ._errors import QUEUE_FULL, RENDER, error_for, invalid
from ._library import check, lib
from ._lint import diagnostics
from ._options import Actuator, Channel, Layout, Options, SearchRoots, documented
from ._render import Samples, warn

#: The parameters :meth:`Renderer.push_parameter` accepts, by their ``hr_parameter`` code.
PUSHABLE = {
    0: "HapticIntensityControl",
    1: "HapticSharpnessControl",
    5: "AudioVolumeControl",
    6: "AudioPanControl",
    7: "AudioPitchControl",
    8: "AudioBrightnessControl",
}

#: The most frames one call may ask for (the C API's int64 count).
MAX_FRAMES = 2**63 - 1


@documented
class Renderer:
    """Streams a render block by block, e.g. into an audio callback.

    Opening decodes, loads audio and schedules (everything that can fail); then
    :meth:`render` returns the next frames. The frames are bit-identical to :func:`render`'s
    with the same options, whatever the block sizes.

    Threads: any thread may call any method. Calls that move through the render
    (:meth:`render`, :meth:`blocks`, :meth:`seek`, :meth:`reset`, :attr:`position`) hold
    the renderer's lock, so from several threads they take turns and each gets the next
    frames. :meth:`push_parameter` takes a second lock and runs concurrently with a render
    (the pushes of several threads take turns). :meth:`close` waits for a render or push in
    progress to return; afterwards every call raises :class:`ValueError`.

    Use it as a context manager (``with Renderer(...) as r:``) or call :meth:`close`.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The AHAP file. AudioCustom files are looked up in its folder, then ``search_roots``.
    {options}

    Raises
    ------
    HapticRenderError
        As :func:`render`: MissingFileError, PatternError, OptionError, ….
    TypeError
        An argument of the wrong type.

    Its length is :attr:`frames` (a stream has no ``len()``: :attr:`position` moves
    through it).
    """

    def __init__(self, path: _checks.AnyPath, *, layout: Layout = "audition",
                 channels: Optional[Sequence[Channel]] = None, sample_rate: int = 48000,
                 actuator: Actuator = "iphone", rate: float = 1.0, loops: Optional[int] = None, start: float = 0.0,
                 duration: Optional[float] = None, parameters: Iterable[Tuple[str, float, float]] = (),
                 strict: bool = False, search_roots: SearchRoots = None) -> None:
        self._render_lock = threading.Lock()
        self._push_lock = threading.Lock()
        self._handle: Optional[int] = None
        encoded = _checks.path(path, "path")
        self._name = os.fsdecode(encoded)
        stream = ctypes.c_void_p()
        with Options(layout=layout, channels=channels, sample_rate=sample_rate, actuator=actuator, rate=rate,
                     loops=loops, start=start, duration=duration, parameters=parameters, strict=strict,
                     search_roots=search_roots) as o:
            check(lib.hr_stream_open_file, encoded, o.handle, ctypes.byref(stream),
                  diagnostics=lambda: diagnostics(lambda out, error: lib.hr_lint_file(encoded, o.handle, out, error)))
        self._handle = stream.value
        self._channels: int = lib.hr_stream_channels(self._handle)
        self._sample_rate = int(lib.hr_stream_sample_rate(self._handle))
        self._frames: int = lib.hr_stream_frames(self._handle)
        warn(lib.hr_stream_diagnostics_json(self._handle), self._name, stacklevel=3)

    def _open(self) -> int:
        """The stream handle; call with a lock held."""
        if not self._handle:
            raise ValueError("the Renderer is closed")
        return self._handle

    @property
    def channels(self) -> int:
        """Channels per frame."""
        return self._channels

    @property
    def sample_rate(self) -> int:
        """The sample rate in Hz."""
        return self._sample_rate

    @property
    def frames(self) -> int:
        """Frames of the whole render: its length (``frames / sample_rate`` seconds)."""
        return self._frames

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return not self._handle

    @property
    def position(self) -> int:
        """The next frame to render (0 … :attr:`frames`)."""
        with self._render_lock:
            return int(lib.hr_stream_position(self._open()))

    def render(self, frames: int) -> Samples:
        """Renders the next frames.

        Parameters
        ----------
        frames : int
            The most frames to return (>= 0).

        Returns
        -------
        numpy.ndarray
            float32, shape (n, channels): ``n == frames`` until the end, fewer at the end,
            0 once finished.
        """
        wanted = _checks.integer(frames, "frames", 0, MAX_FRAMES)
        with self._render_lock:
            handle = self._open()
            count = min(wanted, self.frames - lib.hr_stream_position(handle))
            out = np.empty((max(count, 0), self.channels), dtype=np.float32)
            if count <= 0:
                return out
            written = lib.hr_stream_render(handle, out.ctypes.data_as(ctypes.POINTER(ctypes.c_float)), count)
        if written < 0:
            raise error_for(RENDER, f"{self._name}: error: the stream refused to render {count} frames")
        return out[:written]

    def blocks(self, frames: int = 1024) -> Iterator[Samples]:
        """The rest of the render in blocks of ``frames`` (>= 1; the last may be shorter), as
        :meth:`render` returns them: ``for block in r.blocks(512): play(block)``."""
        size = _checks.integer(frames, "frames", 1, MAX_FRAMES)
        while len(block := self.render(size)):
            yield block

    def push_parameter(self, parameter: Union[str, int], value: float, at: float = 0.0) -> None:
        """Sends a runtime dynamic parameter, as ``CHHapticPatternPlayer.sendParameters``.

        The value applies from ``at`` seconds of output time on (a time already rendered means
        now) and holds until the next scheduled change of that parameter. Pushed before the
        render reaches ``at``, it gives the samples of the option
        ``parameters=[(parameter, value, at)]``. Intensity and volume are clamped to 0-1, the
        others to -1-1.

        Parameters
        ----------
        parameter : str or int
            HapticIntensityControl, HapticSharpnessControl, AudioVolumeControl,
            AudioPanControl, AudioPitchControl or AudioBrightnessControl (any case), or its
            ``hr_parameter`` code (0, 1, 5, 6, 7, 8).
        value : float
            The value (finite).
        at : float, default 0.0
            Seconds of output time (>= 0).

        Raises
        ------
        OptionError
            Not a pushable parameter, or a value out of range.
        QueueFullError
            1024 changes are pending (render to apply them); this one was dropped.
        """
        code = _parameter_code(parameter)
        number = _checks.real(value, "value")
        seconds = _checks.real(at, "at", 0.0)
        with self._push_lock:
            status = lib.hr_stream_push_parameter(self._open(), code, number, seconds)
        if status == QUEUE_FULL:
            raise error_for(status, "error: 1024 parameter changes are pending; this one was dropped")
        if status != 0:
            raise error_for(status, f"error: the stream refused {PUSHABLE[code]}={number}@{seconds}")

    def seek(self, seconds: float) -> None:
        """Continues from ``seconds`` of output time (>= 0; past the end means the end) with
        the actuator at rest, as Core Haptics' seek: events that started earlier are not
        restarted."""
        target = _checks.real(seconds, "seconds", 0.0)
        with self._render_lock:
            check_status(lib.hr_stream_seek(self._open(), target), f"cannot seek to {target}")

    def reset(self) -> None:
        """Back to the start, actuator at rest (``seek(0)``)."""
        with self._render_lock:
            check_status(lib.hr_stream_reset(self._open()), "cannot reset")

    def close(self) -> None:
        """Releases the stream; waits for a render or push in progress in another thread.
        Calling it again does nothing."""
        with self._render_lock, self._push_lock:
            if self._handle:
                lib.hr_stream_close(self._handle)
                self._handle = None

    def __enter__(self) -> "Renderer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None):
            self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self.channels} ch, {self.sample_rate} Hz, {self.frames} frames"
        return f"<hapticrender.Renderer {self._name!r}: {state}>"


def _parameter_code(parameter: Any) -> int:
    """The ``hr_parameter`` code of a pushable parameter's name or code."""
    names = ", ".join(PUSHABLE.values())
    if isinstance(parameter, str):
        code = int(lib.hr_parameter_from_name(_checks.text(parameter, "parameter")))
        if code < 0:
            raise invalid(f"'{parameter}' is not a runtime parameter that can be pushed while rendering ({names})")
        return code
    if isinstance(parameter, (bool, np.bool_)) or not isinstance(parameter, (int, np.integer)):
        raise TypeError(f"parameter must be a name (str) or an hr_parameter code (int), not {type(parameter).__name__}")
    if int(parameter) not in PUSHABLE:
        raise invalid(f"{parameter} is not the code of a pushable parameter: use {sorted(PUSHABLE)} or a name ({names})")
    return int(parameter)


def check_status(status: int, problem: str) -> None:
    """Raises the exception for a failed status-only call."""
    if status != 0:
        raise error_for(status, "error: " + problem)
