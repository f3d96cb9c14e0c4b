"""Errors and warnings of the hapticrender package."""
import ctypes

from ._library import lib

#: hr_status codes (hapticrender.h) by value.
STATUS_NAMES = {
    1: "argument",
    2: "options",
    3: "io",
    4: "rejected",
    5: "audio",
    6: "schedule",
    7: "render",
    8: "queue-full",
    9: "out-of-memory",
}


class HapticRenderError(Exception):
    """A render, stream or lint call failed.

    Attributes: ``message`` (the library's text, naming the file: "Tap.ahap: error: …", with
    the decoder's errors one per line), ``file`` (the AHAP or profile file it concerns, or
    ""), ``status`` (the C status code) and ``kind`` (its name: "io", "rejected", …).
    """

    def __init__(self, message, file="", status=0):
        super().__init__(message)
        self.message = message
        self.file = file
        self.status = status
        self.kind = STATUS_NAMES.get(status, "unknown")


class HapticRenderWarning(UserWarning):
    """A pattern rendered, but the decoder skipped or changed something (lenient mode)."""


def check(call, *arguments):
    """Calls a fallible C function with a trailing ``hr_error **`` and raises on failure."""
    error = ctypes.c_void_p()
    status = call(*arguments, ctypes.byref(error))
    if status != 0:
        raise taken_error(error, status)


def taken_error(error, status):
    """A HapticRenderError from an ``hr_error`` (which it frees)."""
    if not error:
        return HapticRenderError(f"error: status {status}", "", status)
    try:
        message = lib.hr_error_message(error).decode("utf-8", "replace")
        file = lib.hr_error_file(error).decode("utf-8", "replace")
        return HapticRenderError(message, file, status)
    finally:
        lib.hr_error_free(error)
