"""Shared output helpers: JSON on stdout only, boxed text tables."""

from __future__ import annotations

import sys
from typing import Any, Sequence
import codecs
import unicodedata

import typer

from crib_tourney.tourney.names import printable as printable  # the commands print through it
from crib_tourney import jsontext


def print_json(data: Any) -> None:
    """JSON on stdout: as UTF-8 text, or \\u escapes on a terminal that is not
    UTF-8 (PYTHONIOENCODING=ascii, a C locale), so no name is lost or fails."""
    typer.echo(jsontext.dumps(data, ensure_ascii=not _unicode(_stdout_encoding())))


def _stdout_encoding() -> str:
    return getattr(sys.stdout, "encoding", None) or "utf-8"


def _unicode(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def say(text: str) -> None:
    """Lines for stdout that may hold names or other stored text: a control
    character an older release let into one (ESC, BEL, a bidi override) shows as
    '?' instead of acting, as in tables and exports."""
    typer.echo("\n".join(printable(line) for line in text.split("\n")))


def note(message: str) -> None:
    """A message for the person at the keyboard, on stderr so stdout stays clean;
    printable, since it often repeats a path or name as it was typed."""
    typer.echo(printable(message), err=True)


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[str] = ()) -> None:
    """A boxed text table on stdout (the look of rich's default table, drawn
    directly: rich took 0.5 ms a row, half a second for a 1,000-player field).
    A terminal that cannot show the box characters (latin-1, ASCII) gets ASCII
    rules, and '?' for each letter it cannot show, in place and aligned."""
    encoding = _stdout_encoding()
    plain = None if _unicode(encoding) else encoding
    sys.stdout.write(text_table(title, columns, rows, right, ascii_for=plain))


BOX = (("┏", "━", "┳", "┓"), "┃", ("┡", "━", "╇", "┩"), "│", ("└", "─", "┴", "┘"))
ASCII_BOX = (("+", "-", "+", "+"), "|", ("+", "=", "+", "+"), "|", ("+", "-", "+", "+"))


def text_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[str] = (),
               ascii_for: str | None = None) -> str:
    """The table as text; ``ascii_for``: the encoding of a terminal that is not
    Unicode (ASCII rules, and what it cannot show as '?'). Worked column by
    column: a 20,000-row report is 220,000 cells."""
    def shown(text: str) -> str:
        safe = printable(text)
        return safe if ascii_for is None else safe.encode(ascii_for, "replace").decode(ascii_for)

    top, head_bar, under, side, bottom = ASCII_BOX if ascii_for is not None else BOX
    head = [shown(c) for c in columns]
    padded: list[list[str]] = []  # each column's cells, header first, padded to its width with a space either side
    widths: list[int] = []
    full = all(len(row) >= len(columns) for row in rows)
    for k, name in enumerate(columns):
        values = [row[k] for row in rows] if full else [row[k] if k < len(row) else None for row in rows]  # a short row: empty cells
        cells = ["" if v is None else str(v) for v in values]
        if ascii_for is not None or not "".join(cells).isprintable():  # made safe cell by cell only when one needs it
            cells = [shown(c) for c in cells]
        texts = [head[k]] + cells
        if "".join(texts).isascii():  # a letter is a column: str's own padding is exact
            width = max(map(len, texts))
            pad = str.rjust if name in right else str.ljust
            padded.append([f" {pad(t, width)} " for t in texts])
        else:
            shown_widths = [cell_width(t) for t in texts]
            width = max(shown_widths)
            fill = [" " * (width - w) for w in shown_widths]
            padded.append([f" {f}{t} " if name in right else f" {t}{f} " for t, f in zip(texts, fill)])
        widths.append(width)

    def rule(left: str, fill: str, cross: str, end: str) -> str:
        return left + cross.join(fill * (w + 2) for w in widths) + end + "\n"

    lines = list(zip(*padded)) or [() for _ in range(len(rows) + 1)]  # no columns: a row of nothing each
    parts = [shown(title).center(sum(widths) + 3 * len(widths) + 1) + "\n"] if title else []
    parts += [rule(*top), head_bar + head_bar.join(lines[0]) + head_bar + "\n", rule(*under)]
    parts += [side + side.join(line) + side + "\n" for line in lines[1:]]
    parts.append(rule(*bottom))
    return "".join(parts)


def cell_width(text: str) -> int:
    """Columns a text takes on a terminal: accents take none, wide letters two."""
    if text.isascii():
        return len(text)

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
