"""The director's desk sessions in the database (store/sessions.py, schema 21), each
call its own short transaction: the web's way to them (web/security.py), which
reads and writes no store itself."""

from __future__ import annotations

from crib_tourney.store import sessions
from crib_tourney.store.db import read_only, transaction


def start(location: str, digest: str, started: int, ends: int) -> None:
    """Keep a new session (the ended ones are swept out on the way)."""
    with transaction(location, write=True) as db:
        sessions.start(db, digest, started, ends)


def found(location: str, digest: str) -> tuple[int, int] | None:
    """(last seen, ends) of a live session; None when it was ended or swept."""
    with read_only(location) as db:
        return sessions.found(db, digest)


def seen(location: str, digest: str, at: int) -> None:
    with transaction(location, write=True) as db:
        sessions.seen(db, digest, at)


def end(location: str, digest: str) -> None:
    """Log out: the session's row goes, so its cookie opens nothing in any process."""
    with transaction(location, write=True) as db:
        sessions.end(db, digest)
