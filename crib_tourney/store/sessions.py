"""The director's desk sessions (schema 21): a row per signed-in browser, by the
SHA-256 of the random part of its cookie, deleted by its logout.

These rows are written here, not through the writer (store/writer.py), on purpose:
a sign-in is not event data. Through the writer it would be in an event's log and
in `undo` (an undo at the desk would sign the director out, or back in), and it
would move the data version, so every live page would be rebuilt on each desk
request. Nothing of the tournament is derived from them, and losing them all
costs only a sign-in; as entry_total is kept beside the writer, so are they."""

from __future__ import annotations

from crib_tourney.store.sql import Db


def start(db: Db, digest: str, now: int, ends: int) -> None:
    """A new session; the ended ones are swept out on the way."""
    db.write("DELETE FROM desk_session WHERE ends <= :now", now=now)
    db.write("INSERT INTO desk_session (session_hash, started, seen, ends) VALUES (:h, :now, :now, :ends)",
             h=digest, now=now, ends=ends)


def found(db: Db, digest: str) -> tuple[int, int] | None:
    """(last seen, ends) of a live session's row; None when there is none (logged out, swept)."""
    row = db.row("SELECT seen, ends FROM desk_session WHERE session_hash = :h", h=digest)
    return None if row is None else (int(row[0]), int(row[1]))


def seen(db: Db, digest: str, now: int) -> None:
    db.write("UPDATE desk_session SET seen = :now WHERE session_hash = :h", h=digest, now=now)


def end(db: Db, digest: str) -> None:
    db.write("DELETE FROM desk_session WHERE session_hash = :h", h=digest)
