"""Render Apple Haptic and Audio Pattern (AHAP) files to numpy arrays.

A ctypes layer over the HapticRenderC library: the same pipeline as ``ahap-render render``,
so for the same options the samples are bit-identical to the CLI's float32 output.

    >>> import hapticrender as hr
    >>> samples, rate = hr.render("Heartbeat.ahap", layout="split")   # float32 [frames, 4]
    >>> with hr.Renderer("Heartbeat.ahap", layout="haptic") as r:
    ...     r.push_parameter("HapticIntensityControl", 0.3, at=0.5)
    ...     while len(block := r.render(512)):
    ...         play(block)

Options (keywords of render, render_bytes and Renderer):
  layout        "audition" (default), "haptic", "drive", "audio", "split", "android"
  channels      a list of signals instead of a layout: "audioLeft", "audioRight",
                "hapticDrive", "acceleration", "excursion"
  sample_rate   Hz (default 48000)
  actuator      "iphone" (default), "coin", "pixel", a JSON profile's path, or a dict profile
  rate, loops, start, duration
                player options as ``--rate``, ``--loop``, ``--start``, ``--duration``
  parameters    runtime parameters as (id, value, seconds) tuples, as ``--param ID=VALUE@SECONDS``
  strict        decode like Core Haptics (reject what it rejects)
  search_roots  extra folders for AudioCustom files
"""
import ctypes
import json
import os
import warnings

import numpy as np

from ._errors import HapticRenderError, HapticRenderWarning, check, taken_error
from ._library import lib
from ._options import Options, _text

__all__ = ["render", "render_bytes", "Renderer", "lint", "lint_bytes", "version",
           "HapticRenderError", "HapticRenderWarning"]


def version():
    """The C library's version, e.g. "0.2.0"."""
    return lib.hr_version().decode("utf-8")


def _warn(diagnostics_json, file):
    """Issues a HapticRenderWarning for each warning the decoder reported."""
    for d in json.loads(diagnostics_json.decode("utf-8")):
        if d["severity"] == "warning":
            where = ":".join(str(x) for x in (file, d.get("line"), d.get("column")) if x is not None)
            warnings.warn(f"{where}: {d['message']} [{d['code']}]", HapticRenderWarning, stacklevel=3)


def _audio(render_call, file):
    """Runs a one-shot render call and copies its samples into a [frames, channels] array."""
    audio = ctypes.c_void_p()
    error = ctypes.c_void_p()
    status = render_call(ctypes.byref(audio), ctypes.byref(error))
    if status != 0:
        raise taken_error(error, status)
    try:
        frames = lib.hr_audio_frames(audio)
        channels = lib.hr_audio_channels(audio)
        rate = lib.hr_audio_sample_rate(audio)
        samples = np.zeros((frames, channels), dtype=np.float32)
        if frames:
            ctypes.memmove(samples.ctypes.data, lib.hr_audio_samples(audio), samples.nbytes)
        _warn(lib.hr_audio_diagnostics_json(audio), file)
    finally:
        lib.hr_audio_free(audio)
    return samples, (int(rate) if rate == int(rate) else rate)


def render(path, layout="audition", sample_rate=48000, actuator="iphone", **options):
    """Renders the AHAP file at ``path``; returns (float32 array [frames, channels], sample rate).

    Raises HapticRenderError (with ``.message`` and ``.file``) when the file cannot be read or
    is rejected, or an option is invalid. Decoder warnings become HapticRenderWarning.
    """
    with Options(layout=layout, sample_rate=sample_rate, actuator=actuator, **options) as o:
        return _audio(lambda audio, error: lib.hr_render_file(_text(path), o.handle, audio, error), os.fspath(path))


def render_bytes(data, name=None, layout="audition", sample_rate=48000, actuator="iphone", **options):
    """Renders AHAP text held in memory; ``name`` names it in messages and its folder is where
    AudioCustom files are looked up (the current folder when None)."""
    data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    encoded = None if name is None else _text(name)
    with Options(layout=layout, sample_rate=sample_rate, actuator=actuator, **options) as o:
        return _audio(lambda audio, error: lib.hr_render_bytes(data, len(data), encoded, o.handle, audio, error),
                      name or "<memory>")


class Renderer:
    """Streams a render block by block (the C API's hr_stream).

    ``render(n)`` returns the next at most ``n`` frames as float32 [frames, channels] — an
    empty array once finished. ``push_parameter`` may be called from another thread while
    one thread renders. Same keyword options as :func:`render`.
    """

    def __init__(self, path, layout="audition", sample_rate=48000, actuator="iphone", **options):
        self._handle = None
        stream = ctypes.c_void_p()
        with Options(layout=layout, sample_rate=sample_rate, actuator=actuator, **options) as o:
            check(lib.hr_stream_open_file, _text(path), o.handle, ctypes.byref(stream))
        self._handle = stream.value
        self.channels = lib.hr_stream_channels(self._handle)
        rate = lib.hr_stream_sample_rate(self._handle)
        self.sample_rate = int(rate) if rate == int(rate) else rate
        #: Total frames of the render.
        self.frames = lib.hr_stream_frames(self._handle)
        _warn(lib.hr_stream_diagnostics_json(self._handle), os.fspath(path))

    def _stream(self):
        if not self._handle:
            raise ValueError("the Renderer is closed")
        return self._handle

    @property
    def position(self):
        """The next frame to render."""
        return lib.hr_stream_position(self._stream())

    def render(self, frames):
        """The next at most ``frames`` frames, float32 [n, channels]; empty at the end."""
        if frames < 0:
            raise ValueError(f"frames must be zero or more, not {frames}")
        out = np.empty((frames, self.channels), dtype=np.float32)
        written = lib.hr_stream_render(self._stream(), out.ctypes.data_as(ctypes.POINTER(ctypes.c_float)), frames)
        return out[:written]

    def push_parameter(self, id, value, at=0.0):
        """Sends a runtime dynamic parameter (e.g. "HapticIntensityControl") from ``at`` seconds
        of output time on; a time already rendered means now. Same samples as the option
        ``parameters=[(id, value, at)]`` when pushed before the render reaches ``at``.
        Pushable: Haptic{Intensity,Sharpness}Control, Audio{Volume,Pan,Pitch,Brightness}Control."""
        code = id if isinstance(id, int) else lib.hr_parameter_from_name(_text(id))
        if code < 0:
            raise HapticRenderError(f"error: '{id}' is not a runtime parameter that can be pushed while rendering "
                                    "(HapticIntensityControl, HapticSharpnessControl, AudioVolumeControl, "
                                    "AudioPanControl, AudioPitchControl, AudioBrightnessControl)", "", 1)
        status = lib.hr_stream_push_parameter(self._stream(), code, float(value), float(at))
        if status == 8:
            raise HapticRenderError("error: 1024 parameter changes are pending; this one was dropped", "", status)
        if status != 0:
            raise HapticRenderError(f"error: invalid parameter {id}={value}@{at}", "", status)

    def seek(self, seconds):
        """Continues from ``seconds`` of output time with the actuator at rest; events that
        started earlier are not restarted."""
        if lib.hr_stream_seek(self._stream(), float(seconds)) != 0:
            raise ValueError(f"cannot seek to {seconds}")

    def reset(self):
        """Back to the start, actuator at rest."""
        lib.hr_stream_reset(self._stream())

    def close(self):
        if self._handle:
            lib.hr_stream_close(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


def _lint(call):
    out = ctypes.c_void_p()
    check(call, ctypes.byref(out))
    try:
        return json.loads(ctypes.string_at(out).decode("utf-8"))["diagnostics"]
    finally:
        lib.hr_string_free(out)


def lint(path, strict=False, search_roots=()):
    """The diagnostics of the AHAP file at ``path`` as dicts (severity, code, coreHapticsCode,
    path, line, column, message), as ``ahap-render lint --format json`` reports them. An
    unreadable or rejected file gives error diagnostics, not an exception."""
    with Options(strict=strict, search_roots=search_roots) as o:
        return _lint(lambda out, error: lib.hr_lint_file(_text(path), o.handle, out, error))


def lint_bytes(data, name=None, strict=False, search_roots=()):
    """:func:`lint` for AHAP text held in memory."""
    data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    encoded = None if name is None else _text(name)
    with Options(strict=strict, search_roots=search_roots) as o:
        return _lint(lambda out, error: lib.hr_lint_bytes(data, len(data), encoded, o.handle, out, error))
