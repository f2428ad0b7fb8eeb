"""Helpers shared by the database commands."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Annotated, Iterator

import typer

from crib_tourney.cli import state

JsonOption = Annotated[bool, typer.Option("--json", help="Print only JSON.")]


@contextmanager
def db(write: bool = True) -> Iterator:
    """One command, one transaction on the database chosen by --db."""
    from crib_tourney.store.db import transaction

    with transaction(state.DB_LOCATION, write=write) as conn:
        yield conn
