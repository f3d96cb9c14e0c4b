"""The exceptions and the warning of the hapticrender package, and the mapping of the C API's
``hr_status`` codes onto them."""

import errno
import os
import queue
from typing import Dict, List, Optional

from ._diagnostics import Diagnostic

#: ``hr_status`` codes (hapticrender.h) by value, as :attr:`HapticRenderError.kind` names them.
STATUS_NAMES: Dict[int, str] = {
    1: "argument",
    2: "options",
    3: "io",
    4: "rejected",
    5: "audio",
    6: "schedule",
    7: "render",
    8: "queue-full",
    9: "out-of-memory",
    10: "busy",
}

ARGUMENT, OPTIONS, IO, REJECTED, AUDIO, SCHEDULE, RENDER, QUEUE_FULL, OUT_OF_MEMORY, BUSY = range(1, 11)


class HapticRenderError(Exception):
    """Base class of the errors the library reports.

    ``str(error)`` is the library's message, naming the file it concerns:
    ``"Tap.ahap: error: the AHAP file was rejected …"`` followed by the decoder's errors one per
    line, or ``"error: …"`` when no file is involved.

    Attributes
    ----------
    message : str
        The message, as ``str(error)``.
    file : str
        The AHAP or actuator profile file the error concerns, or ``""``.
    status : int
        The C API's ``hr_status`` code (1-10); 0 for an unknown failure.
    kind : str
        The status's name: ``"argument"``, ``"options"``, ``"io"``, ``"rejected"``,
        ``"audio"``, ``"schedule"``, ``"render"``, ``"queue-full"``, ``"out-of-memory"``
        (``"unknown"`` for a code this package does not know).
    """

    def __init__(self, message: str, file: str = "", status: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.status = status
        self.kind = STATUS_NAMES.get(status, "unknown")

    def __str__(self) -> str:
        return self.message


class OptionError(HapticRenderError, ValueError):
    """An invalid argument or option (kind ``"argument"``), or options that do not go together
    or an invalid actuator profile (kind ``"options"``). Also a :class:`ValueError`."""


class FileReadError(HapticRenderError, OSError):
    """The AHAP file or actuator profile cannot be read (kind ``"io"``). Also an
    :class:`OSError` whose ``errno``, ``strerror`` and ``filename`` say why, when the file
    could be examined (``errno`` is None otherwise)."""

    def __init__(self, message: str, file: str = "", status: int = IO, reason: Optional[int] = None) -> None:
        super().__init__(message, file, status)
        self.errno = reason
        self.strerror = None if reason is None else os.strerror(reason)
        self.filename = file


class MissingFileError(FileReadError, FileNotFoundError):
    """The AHAP file or actuator profile does not exist. Also a :class:`FileNotFoundError`."""


class PatternError(HapticRenderError, ValueError):
    """The decoder rejected the pattern (kind ``"rejected"``): invalid JSON, what Core Haptics
    rejects in strict mode, or a decoding limit. Also a :class:`ValueError`.

    Attributes
    ----------
    diagnostics : list of Diagnostic
        The decoder's diagnostics, as :func:`hapticrender.lint` returns them (errors, then
        any warnings and notes).
    line, column : int or None
        Where the first error is (1-based), when it has a position.
    code : str or None
        The first error's code, e.g. ``"json.syntax"``.
    """

    def __init__(self, message: str, file: str = "", status: int = REJECTED,
                 diagnostics: Optional[List[Diagnostic]] = None) -> None:
        super().__init__(message, file, status)
        self.diagnostics: List[Diagnostic] = list(diagnostics or [])
        first = next((d for d in self.diagnostics if d["severity"] == "error"), None)
        self.line: Optional[int] = first["line"] if first else None
        self.column: Optional[int] = first["column"] if first else None
        self.code: Optional[str] = first["code"] if first else None


class AudioError(HapticRenderError):
    """A custom audio file the pattern names cannot be used (kind ``"audio"``; strict mode,
    where Core Haptics would fail too — lenient mode renders its events silent and warns)."""


class LimitError(HapticRenderError, ValueError):
    """Scheduling the pattern crossed a render limit: length, voices or polyphony (kind
    ``"schedule"``). Also a :class:`ValueError`."""


class RenderError(HapticRenderError, RuntimeError):
    """The renderer could not be set up (kind ``"render"``). Also a :class:`RuntimeError`."""


class QueueFullError(HapticRenderError, queue.Full):
    """:meth:`Renderer.push_parameter`: 1024 changes are pending, so this one was dropped
    (kind ``"queue-full"``). Also a :class:`queue.Full`. Render to drain the queue."""


class OutOfMemoryError(HapticRenderError, MemoryError):
    """The output buffer could not be allocated (kind ``"out-of-memory"``). Also a
    :class:`MemoryError`."""


class BusyError(HapticRenderError, RuntimeError):
    """Another thread is on the stream's render side (kind ``"busy"``). Also a
    :class:`RuntimeError`. A :class:`Renderer` serialises its own calls, so this only reports
    a library handle shared outside the package."""


class HapticRenderWarning(UserWarning):
    """A pattern rendered, but the decoder skipped or changed something (lenient mode).

    Attributes
    ----------
    diagnostic : Diagnostic or None
        The decoder's diagnostic, as :func:`hapticrender.lint` returns it.
    """

    def __init__(self, message: str, diagnostic: Optional[Diagnostic] = None) -> None:
        super().__init__(message)
        self.diagnostic = diagnostic


#: The class of each status that maps onto one class (IO picks by the file's errno).
_CLASSES = {
    ARGUMENT: OptionError,
    OPTIONS: OptionError,
    AUDIO: AudioError,
    SCHEDULE: LimitError,
    RENDER: RenderError,
    QUEUE_FULL: QueueFullError,
    OUT_OF_MEMORY: OutOfMemoryError,
    BUSY: BusyError,
}


def error_for(status: int, message: str, file: str = "",
              diagnostics: Optional[List[Diagnostic]] = None) -> HapticRenderError:
    """The exception for a failed call: its class follows ``status``; an ``io`` failure is a
    :class:`MissingFileError` when ``file`` does not exist, else a :class:`FileReadError`
    with the reason opening it gives."""
    if status == IO:
        reason = _open_errno(file)
        cls = MissingFileError if reason == errno.ENOENT else FileReadError
        return cls(message, file, status, reason)
    if status == REJECTED:
        return PatternError(message, file, status, diagnostics)
    return _CLASSES.get(status, HapticRenderError)(message, file, status)


def invalid(problem: str) -> OptionError:
    """An :class:`OptionError` for an argument the package refuses before the library sees it,
    worded as the library words its own (``"error: " + problem``)."""
    return OptionError("error: " + problem, "", ARGUMENT)


def _open_errno(file: str) -> Optional[int]:
    """Why ``file`` cannot be opened for reading (an errno), or None when it can or there is
    no file."""
    if not file:
        return None
    try:
        with open(file, "rb"):
            return None
    except OSError as error:
        return error.errno
    except ValueError:  # a name the OS cannot take (NUL): nothing to examine
        return None

