"""The decoder's diagnostics as Python sees them: dicts shaped like ``ahap-render lint --format
json``'s, read from the JSON the library returns."""

import json
from typing import List, Optional, TypedDict


class Diagnostic(TypedDict):
    """One diagnostic of the decoder, as ``ahap-render lint --format json`` prints it.

    Keys
    ----
    severity : str
        ``"error"``, ``"warning"`` or ``"note"``.
    code : str
        A stable code, e.g. ``"json.trailing-comma"`` (docs/lint.md lists them).
    coreHapticsCode : int or None
        The ``CHHapticError`` code Core Haptics reports for the same problem, when known.
    path : str
        The JSON path of the element, e.g. ``"Pattern[3].Event.Time"`` (``""`` for the file).
    line, column : int or None
        The position in the file (1-based), when the problem has one.
    message : str
        The explanation.
    """

    severity: str
    code: str
    coreHapticsCode: Optional[int]
    path: str
    line: Optional[int]
    column: Optional[int]
    message: str


def parse(text: bytes) -> List[Diagnostic]:
    """The diagnostics of a JSON array the library returned."""
    found: List[Diagnostic] = json.loads(text.decode("utf-8"))
    return found


def location(file: str, diagnostic: Diagnostic) -> str:
    """``file:line:column`` (the parts the diagnostic has)."""
    parts = [file] + [str(diagnostic[k]) for k in ("line", "column") if diagnostic.get(k) is not None]
    return ":".join(parts)
