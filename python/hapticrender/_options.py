"""The keyword options shared by render(), Renderer() and lint(), as an hr_options handle."""
import json
import os

from ._errors import check
from ._library import lib


def _text(value):
    """A C string argument: paths (str, bytes, PathLike) in the file system's encoding."""
    return os.fsencode(value) if isinstance(value, (str, bytes, os.PathLike)) else str(value).encode("utf-8")


class Options:
    """Owns an ``hr_options`` handle built from keyword arguments; close() or ``with``."""

    def __init__(self, layout="audition", sample_rate=48000, actuator="iphone", channels=None, rate=1.0,
                 loops=None, start=0.0, duration=None, parameters=(), strict=False, search_roots=()):
        self.handle = lib.hr_options_create()
        try:
            self._apply(layout, sample_rate, actuator, channels, rate, loops, start, duration, parameters,
                        strict, search_roots)
        except BaseException:
            self.close()
            raise

    def _apply(self, layout, sample_rate, actuator, channels, rate, loops, start, duration, parameters,
               strict, search_roots):
        h = self.handle
        check(lib.hr_options_set_layout, h, _text(layout))
        if channels is not None:
            names = channels if isinstance(channels, str) else ",".join(channels)
            check(lib.hr_options_set_channels, h, _text(names))
        check(lib.hr_options_set_sample_rate, h, float(sample_rate))
        if isinstance(actuator, dict):
            check(lib.hr_options_set_actuator_json, h, json.dumps(actuator).encode("utf-8"))
        else:
            check(lib.hr_options_set_actuator, h, _text(actuator))
        check(lib.hr_options_set_rate, h, float(rate))
        check(lib.hr_options_set_loops, h, int(loops or 0))
        check(lib.hr_options_set_start, h, float(start))
        check(lib.hr_options_set_duration, h, float(duration or 0))
        for parameter in parameters:
            identifier, value, seconds = parameter
            check(lib.hr_options_add_parameter, h, _text(identifier), float(value), float(seconds))
        check(lib.hr_options_set_strict, h, 1 if strict else 0)
        for root in search_roots:
            check(lib.hr_options_add_search_root, h, _text(root))

    def close(self):
        if self.handle:
            lib.hr_options_free(self.handle)
            self.handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
