"""Helpers shared by the database commands."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Callable, Iterator
import os

import typer

from crib_tourney.cli import state
from crib_tourney.errors import CribError
from crib_tourney.tourney import numbers

if TYPE_CHECKING:
    from crib_tourney.store.sql import Db

def number(what: str) -> Callable[[str], int]:
    """The parser of an integer option: ASCII digits within range, or one clear
    line; Python's int() alone takes '1_2_1' and Arabic-Indic digits, and a
    20-digit number overflows the database."""
    return lambda text: numbers.whole_number(text, what)


def seconds(what: str) -> Callable[[str], float]:
    """The parser of an interval option (serve's): a tenth of a second to an hour."""
    return lambda text: numbers.seconds(text, what)


JsonOption = Annotated[bool, typer.Option("--json", help="Print only JSON.")]
RecutOption = Annotated[bool, typer.Option("--recut", help="After the cut: remake the bracket if this change moves a qualifier or a seed (before the first playoff game).")]
EventArg = Annotated[str, typer.Argument(help="The event's id or its name.")]


IN_MEMORY = (":memory:", "sqlite://", "sqlite:///:memory:")  # every command is a new process: nothing would be kept


# Whether this process froze its objects (gc.freeze), kept here: gc.get_freeze_count()
# walks every frozen object (a test process that ran a command held millions: 0.1 s
# a command, most of the suite's time).
_FROZEN: list[bool] = []


@contextmanager
def db(write: bool = True) -> Iterator[Db]:
    """One command, one transaction on the database chosen by --db."""
    from crib_tourney.store.db import transaction  # count/peg/stats import cli.common for number(): 5% of the floor

    if state.DB_LOCATION.strip() in IN_MEMORY:
        raise CribError(f"--db {state.DB_LOCATION.strip()} keeps nothing from one command to the next: give a file")
    if not _FROZEN:  # once a process (tests run many commands in one: no garbage of theirs kept)
        gc.freeze()  # the loaded code is never garbage: full collections no longer walk it (round at 20,000 players: 0.04 s)
        _FROZEN.append(True)
    # What a command reads is kept until it has printed it, and holds no cycles: the
    # full collections its growth sets off found nothing and walked all of it, again
    # and again (report at 20,000 players: four, 0.14 s of 0.95). None while the
    # transaction lasts; the young generations still collect what a command throws away.
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, 1 << 30)
    try:
        with transaction(state.DB_LOCATION, write=write) as conn:
            yield conn
    finally:
        gc.set_threshold(young, middle, full)
    if write:
        state.SAVED = True


DATABASE_FILES = {"": "the database", "-wal": "the database's write-ahead log", "-shm": "the database's shared memory",
                  "-journal": "the database's journal"}


def refuse_the_database(output: Path) -> None:
    """An output file (-o) that is the database, one of SQLite's files beside it or
    the personal links' key, also through a symbolic link: writing it would lose
    the data (-o crib-tourney.db, a slip of tab completion), so one line instead."""
    from crib_tourney.store.sql import sqlite_path  # as db() above

    path = sqlite_path(state.DB_LOCATION.strip())
    kept = {f"{path}{suffix}": what for suffix, what in DATABASE_FILES.items()} if path else {}
    key = os.environ.get("CRIB_TOURNEY_KEY_FILE") or (f"{path}.key" if path else None)
    if key:
        kept[key] = "the key of the personal links"
    target = os.path.realpath(output)
    for file, what in kept.items():
        same = os.path.realpath(file) == target
        try:
            same = same or os.path.samefile(file, output)  # a hard link, another spelling of the path
        except OSError:
            pass  # one of them does not exist: the paths said it
        if same:
            raise CribError(f"cannot write {output}: it is {what} ({file}); give the output a name of its own")


def write_or_print(output: Path | None, text: str) -> bool:
    """``text`` into the file ``output`` (never the database), or on stdout when
    there is none or it is '-'. Whether a file was written."""
    if output is None or str(output) == "-":
        typer.echo(text, nl=False)
        return False
    from crib_tourney.outfiles import replace_file, writable_target  # as db() above

    refuse_the_database(output)
    replace_file(writable_target(output), text.encode("utf-8"), output)  # whole, or the old file stays
    return True


MAX_FILE_BYTES = 64 * 2**20  # a 20,000-player event's results are under 10 MB; /dev/zero never ends


LONGEST_FILE = 64 * 1024 * 1024  # characters: a roster of a million players is a tenth of it


def read_text_file(file: Path) -> str:
    """A CSV or text file as the user gave it, or one clear line saying why not.
    At most MAX_FILE_BYTES are read: a device that never ends (/dev/zero) or a
    mistaken huge file is refused instead of filling the memory."""
    try:
        with open(file, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CribError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise CribError(f"cannot read {file}: it is a folder") from None
    except OSError as exc:
        raise CribError(f"cannot read {file}: {exc.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise CribError(f"{file} is larger than {MAX_FILE_BYTES // 2**20} MB; nothing imported")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CribError(f"{file} is not UTF-8 text") from None
