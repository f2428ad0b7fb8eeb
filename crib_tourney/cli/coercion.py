"""Typer's value checking, without pydantic.

Typer (0.29) checks each value a command receives with a pydantic TypeAdapter,
built on first use; importing pydantic costs about 75 ms, paid by every command
that runs. Every parameter here is a plain str, int, float, bool, Path or a list
of them, most ints with our own parser (cli/common.number), so a plain
conversion does the same job. ``converter`` gives that conversion, or None to
leave a parameter to Typer's own code; cli/typer_hook.py (the one module that
touches Typer's private API) makes Typer use it.

A test runs a command and asserts pydantic was never imported, and another checks
the hook still fits the installed Typer.
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any, Callable, Optional, Union, get_args, get_origin

Convert = Callable[[Any], Any]
_TRUE = {"1", "true", "t", "yes", "y", "on"}
_FALSE = {"0", "false", "f", "no", "n", "off"}


def converter(annotation: Any, info: Any) -> Convert | None:
    """A plain conversion for ``annotation``, or None to leave it to Typer."""
    if get_origin(annotation) in (Union, getattr(types, "UnionType", Union)):
        rest = [a for a in get_args(annotation) if a is not type(None)]
        return converter(rest[0], info) if len(rest) == 1 else None
    if getattr(info, "parser", None) is not None:
        parse = info.parser
        return lambda value: parse(value) if isinstance(value, str) else value
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (str,)
        each = converter(item, info)
        if each is None:
            return None
        return lambda value: [each(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
    if annotation is str:
        return str
    if annotation is bool:
        return _boolean
    if annotation in (int, float):
        return _number(annotation, getattr(info, "min", None), getattr(info, "max", None))
    if annotation is Path:
        return Path
    return None


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"{value!r} is not a valid boolean")


def _number(kind: type, low: Optional[float], high: Optional[float]) -> Convert:
    name = "integer" if kind is int else "number"

    def convert(value: Any) -> Any:
        try:
            if isinstance(value, str) and (not value.isascii() or "_" in value):
                raise ValueError  # int() alone takes '1_0' and Arabic-Indic digits
            number = kind(value)
        except (TypeError, ValueError):
            raise ValueError(f"{value!r} is not a valid {name}") from None
        if (low is not None and number < low) or (high is not None and number > high):
            raise ValueError(f"{number} is not in the range {low if low is not None else ''}<=x<={high if high is not None else ''}")
        return number

    return convert
