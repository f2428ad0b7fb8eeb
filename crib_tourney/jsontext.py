"""JSON as the commands print it and publish writes it: exactly ``json.dumps(value,
indent=2)``, made in a fraction of the time, except that a character a terminal
would act on or hide (DEL, a C1 control, a bidi override, a zero-width or line
separator: what ``str.isprintable`` refuses) is written as its ``\\u`` escape, which
the library leaves raw (DEL always, the others when ``ensure_ascii`` is off). The
data is the same.

Why: with ``indent`` the standard library leaves its C encoder for one written in
Python, which spent 30 ms on the 1,000 rows of ``standings --json``. An object or
list whose members are all plain values (the rows) goes to the C encoder whole,
its separators carrying the line break and indentation; only the few containers
above them are joined here. A JSON string never holds a raw line break, so
indenting the lines of a nested value is the same as indenting its text.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

_PLAIN = {str, int, float, bool, type(None)}  # exactly these types: a subclass goes the library's way


def dumps(value: Any, ensure_ascii: bool = True) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=ensure_ascii)``, the same text but
    for the escapes of characters that are not printable."""
    text = _encode(value, "", ensure_ascii)
    if text.replace("\n", "").isprintable():  # nearly always, and a pass in C: the search below is slower
        return text
    return _UNESCAPED.sub(_printable, text)


# What the library may leave raw: DEL, and past ASCII when ensure_ascii is off (it
# escapes the C0 controls; outside the strings all is ASCII).
_UNESCAPED = re.compile(r"[^\x00-\x7e]+")


def _printable(run: re.Match[str]) -> str:
    text = run.group()
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(ord(c)) for c in text)


def _escape(code: int) -> str:
    """A character as JSON's \\u escape (a pair of them past the first plane)."""
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}"
    return f"\\u{code:04x}"


def _encode(value: Any, indent: str, ensure_ascii: bool) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value and {type(key) for key in value} == {str}:
        if _flat_object(value):
            return "{\n" + inner + _flat(value, inner, ensure_ascii)[1:-1] + "\n" + indent + "}"
        items = (inner + json.dumps(key, ensure_ascii=ensure_ascii) + ": " + _encode(member, inner, ensure_ascii)
                 for key, member in value.items())
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, (list, tuple)) and value:
        if all(type(member) is dict and member and _flat_object(member) for member in value):
            return _rows(value, inner, ensure_ascii)
        if {type(member) for member in value} <= _PLAIN:
            return "[\n" + inner + _flat(value, inner, ensure_ascii)[1:-1] + "\n" + indent + "]"
        return "[\n" + ",\n".join(inner + _encode(member, inner, ensure_ascii) for member in value) + "\n" + indent + "]"
    # plain values, empty containers, objects with keys that are not strings: the library's own text
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=2).replace("\n", "\n" + indent)


def _flat_object(value: dict[Any, Any]) -> bool:
    """Keys all strings and members all plain values."""
    return {type(key) for key in value} == {str} and {type(member) for member in value.values()} <= _PLAIN


def _rows(rows: Any, inner: str, ensure_ascii: bool) -> str:
    """A list of flat objects (the standings' rows) in one call of the C encoder:
    written with each member on its own line, the joins between objects, which
    only the structure can make (a line break is never raw inside a string), are
    then given their own lines."""
    member = inner + "  "
    text = _flat_encoder(member, ensure_ascii).encode(rows)  # [{"a": 1,\n<member>"b": 2},\n<member>{...}]
    text = text[2:-2].replace("},\n" + member + "{", "\n" + inner + "},\n" + inner + "{\n" + member)
    return "[\n" + inner + "{\n" + member + text + "\n" + inner + "}\n" + inner[:-2] + "]"


def _flat(value: Any, inner: str, ensure_ascii: bool) -> str:
    """A container of plain values by the C encoder, each member on a line of its own."""
    return _flat_encoder(inner, ensure_ascii).encode(value)


@functools.lru_cache(maxsize=64)
def _flat_encoder(inner: str, ensure_ascii: bool) -> json.JSONEncoder:
    """One encoder for each depth (json.dumps would make one for each of 20,000 rows)."""
    return json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(",\n" + inner, ": "))
