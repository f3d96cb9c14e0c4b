"""The ctypes signatures the package declares match the C header's prototypes: every function
Python binds exists in hapticrender.h, with compatible argument and return types. A prototype
changed in the header without the binding (or the other way round) fails here instead of
corrupting arguments at run time."""

import ctypes
import os
import re

import pytest

from conftest import INCLUDE
from hapticrender import _library

HEADER = os.path.join(INCLUDE, "hapticrender.h")

# What each C type may be bound as. Pointers to the library's opaque objects are addresses
# (c_void_p); `hr_error **` and `char **` out-parameters are pointers to one; input bytes and
# strings are c_char_p (a `const void *` buffer is passed as Python bytes); an enum is an int.
_OPAQUE = {"hr_options", "hr_audio", "hr_stream", "hr_error"}
_SCALARS = {
    "void": (None,),
    "int": (ctypes.c_int,),
    "hr_status": (ctypes.c_int,),
    "hr_parameter": (ctypes.c_int,),
    "int32_t": (ctypes.c_int32,),
    "int64_t": (ctypes.c_int64,),
    "size_t": (ctypes.c_size_t,),
    "double": (ctypes.c_double,),
}


def _accepted(c_type):
    """The ctypes types a binding may use for the C type `c_type` (normalized text)."""
    c_type = re.sub(r"\bconst\b", "", c_type)
    stars = c_type.count("*")
    base = c_type.replace("*", "").strip()
    if stars == 0:
        assert base in _SCALARS, f"no ctypes mapping for the C type {c_type!r}; add one to this test"
        return _SCALARS[base]
    if stars == 2 and (base in _OPAQUE or base == "char"):
        return (ctypes.POINTER(ctypes.c_void_p),)
    if stars == 1 and base in _OPAQUE:
        return (ctypes.c_void_p,)
    if stars == 1 and base == "char":
        return (ctypes.c_char_p, ctypes.c_void_p)  # a returned `char *` is freed as an address
    if stars == 1 and base == "void":
        return (ctypes.c_char_p, ctypes.c_void_p)
    if stars == 1 and base == "float":
        return (ctypes.POINTER(ctypes.c_float),)
    raise AssertionError(f"no ctypes mapping for the C type {c_type!r}; add one to this test")


def header_prototypes():
    """Every function the header declares: name -> (return type, [argument types])."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
    text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)  # preprocessor lines
    text = re.sub(r"typedef[^;]*;", " ", text)  # typedefs (enums, opaque structs)
    prototypes = {}
    for match in re.finditer(r"([A-Za-z_][\w\s\*]*?)\b(hr_\w+)\s*\(([^)]*)\)\s*;", text):
        result, name, arguments = match.groups()
        types = []
        for argument in arguments.split(","):
            argument = " ".join(argument.split())
            if argument in ("", "void"):
                continue
            # The parameter's name is the last identifier; what precedes it is the type.
            type_text = re.sub(r"\b\w+$", "", argument).strip() or argument
            types.append(" ".join(type_text.replace("*", " * ").split()))
        prototypes[name] = (" ".join(result.replace("*", " * ").split()), types)
    return prototypes


def test_the_header_parses_into_every_declared_function():
    prototypes = header_prototypes()
    # A sample of what must be there, so a parser that finds nothing cannot pass the test below.
    for name in ("hr_version", "hr_render_file", "hr_stream_render", "hr_convert_bytes", "hr_lint_file_n"):
        assert name in prototypes, name
    assert prototypes["hr_render_bytes"] == (
        "hr_status", ["const void *", "size_t", "const char *", "const hr_options *", "hr_audio * *", "hr_error * *"])


@pytest.mark.parametrize("name", sorted(_library._SIGNATURES))
def test_each_binding_matches_its_prototype(name):
    prototypes = header_prototypes()
    assert name in prototypes, f"Python binds {name}, which hapticrender.h does not declare"
    restype, argtypes = _library._SIGNATURES[name]
    c_result, c_arguments = prototypes[name]
    assert restype in _accepted(c_result), f"{name} returns {c_result}, bound as {restype}"
    assert len(argtypes) == len(c_arguments), (
        f"{name} takes {len(c_arguments)} arguments ({', '.join(c_arguments)}), bound with {len(argtypes)}")
    for position, (bound, c_type) in enumerate(zip(argtypes, c_arguments)):
        assert bound in _accepted(c_type), f"{name} argument {position + 1} is {c_type}, bound as {bound}"


def test_the_loaded_functions_have_the_declared_signatures():
    for name, (restype, argtypes) in _library._SIGNATURES.items():
        function = getattr(_library.lib, name)
        assert function.restype == restype and list(function.argtypes) == list(argtypes), name
