"""Schema migrations: an ordered list of (version, function). A new database is
created at the latest version; an older one runs every later step in order, inside
one transaction. Steps use portable DDL only."""

from __future__ import annotations

from typing import Callable

from sqlalchemy import Connection, text


def _v2_rulings_and_byes(conn: Connection) -> None:
    """Version 2: rulings at the table, and the bye award as event settings."""
    from sqlmodel import SQLModel

    SQLModel.metadata.tables["ruling"].create(conn)
    conn.execute(text("ALTER TABLE event ADD COLUMN bye_points INTEGER NOT NULL DEFAULT 2"))
    conn.execute(text("ALTER TABLE event ADD COLUMN bye_spread INTEGER NOT NULL DEFAULT 0"))


MIGRATIONS: list[tuple[int, Callable[[Connection], None]]] = [
    (2, _v2_rulings_and_byes),
]
LATEST_VERSION = 2
