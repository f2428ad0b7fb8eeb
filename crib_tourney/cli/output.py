"""Shared output helpers: JSON on stdout only, tables through rich."""

from __future__ import annotations

import json
import sys
from typing import Any, Sequence

import typer


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def note(message: str) -> None:
    """A message for the person at the keyboard, on stderr so stdout stays clean."""
    typer.echo(message, err=True)


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[str] = ()) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, show_lines=False, header_style="bold")
    for column in columns:
        table.add_column(column, justify="right" if column in right else "left", overflow="fold")
    for row in rows:
        table.add_row(*["" if v is None else printable(str(v)) for v in row])
    Console(file=sys.stdout, width=max(100, _terminal_width()), highlight=False, markup=False).print(table)


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((120, 24)).columns


def printable(text: str) -> str:
    """Text safe for a terminal: a control character (an escape sequence, BEL, NUL,
    kept in a name by an older release) shows as '?' instead of acting."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else "?" for c in text)
