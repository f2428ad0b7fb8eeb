"""Helpers shared by the database commands."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Callable, Iterator

import typer

from crib_tourney.cli import state
from crib_tourney.errors import CribError

def number(what: str) -> Callable[[str], int]:
    """The parser of an integer option: ASCII digits within range, or one clear
    line; Python's int() alone takes '1_2_1' and Arabic-Indic digits, and a
    20-digit number overflows the database."""
    from crib_tourney.tourney.numbers import whole_number

    return lambda text: whole_number(text, what)


JsonOption = Annotated[bool, typer.Option("--json", help="Print only JSON.")]
RecutOption = Annotated[bool, typer.Option("--recut", help="After the cut: remake the bracket if this change moves a qualifier or a seed (before the first playoff game).")]
EventArg = Annotated[str, typer.Argument(help="The event's id or its name.")]


@contextmanager
def db(write: bool = True) -> Iterator:
    """One command, one transaction on the database chosen by --db."""
    from crib_tourney.store.db import transaction

    with transaction(state.DB_LOCATION, write=write) as conn:
        yield conn


LONGEST_FILE = 64 * 1024 * 1024  # characters: a roster of a million players is a tenth of it


def read_text_file(file: Path) -> str:
    """A CSV or text file as the user gave it, or one clear line saying why not.
    Read up to a bound: /dev/zero or a disk image given by mistake is refused
    instead of filling the memory."""
    try:
        with file.open(encoding="utf-8-sig") as stream:
            text = stream.read(LONGEST_FILE + 1)
        if len(text) > LONGEST_FILE:
            raise CribError(f"{file} is longer than {LONGEST_FILE:,} characters: not a CSV file this tool wrote or reads")
        return text
    except FileNotFoundError:
        raise CribError(f"no such file: {file}") from None
    except UnicodeDecodeError:
        raise CribError(f"{file} is not UTF-8 text") from None
    except OSError as exc:
        raise CribError(f"cannot read {file}: {exc.strerror}") from None
