"""Shared output helpers: JSON on stdout only, tables through rich."""

from __future__ import annotations

import json
from typing import Any, Sequence

import typer


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def note(message: str) -> None:
    """A message for the person at the keyboard, on stderr so stdout stays clean;
    printable, since it often repeats a path or name as it was typed."""
    typer.echo(printable(message), err=True)


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[str] = ()) -> None:
    """A boxed text table on stdout (the look of rich's default table, drawn
    directly: rich took 0.5 ms a row, half a second for a 1,000-player field)."""
    typer.echo(text_table(title, columns, rows, right), nl=False)  # as every other line: a terminal that says ascii gets UTF-8


def text_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[str] = ()) -> str:
    body = [["" if v is None else printable(str(v)) for v in row] for row in rows]
    widths = [cell_width(c) for c in columns]
    for row in body:
        widths = [max(w, cell_width(v)) for w, v in zip(widths, row)]
    aligned = [c in right for c in columns]

    def rule(left: str, fill: str, cross: str, end: str) -> str:
        return left + cross.join(fill * (w + 2) for w in widths) + end + "\n"

    def line(values: Sequence[str], bar: str) -> str:
        padded = (_pad(v, w, r) for v, w, r in zip(values, widths, aligned))
        return bar + bar.join(f" {p} " for p in padded) + bar + "\n"

    parts = [title.center(sum(widths) + 3 * len(widths) + 1) + "\n"] if title else []
    parts += [rule("┏", "━", "┳", "┓"), line(list(columns), "┃"), rule("┡", "━", "╇", "┩")]
    parts += [line(row, "│") for row in body]
    parts.append(rule("└", "─", "┴", "┘"))
    return "".join(parts)


def _pad(text: str, width: int, right: bool) -> str:
    space = " " * (width - cell_width(text))
    return space + text if right else text + space


def cell_width(text: str) -> int:
    """Columns a text takes on a terminal: accents take none, wide letters two."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def printable(text: str) -> str:
    """Text safe for a terminal: a control character (an escape sequence, BEL, NUL,
    kept in a name by an older release) shows as '?' instead of acting."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else "?" for c in text)
