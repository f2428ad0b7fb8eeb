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


def _v3_playoffs(conn: Connection) -> None:
    """Version 3: seeds, bracket matches and games, cut playoffs, playoff settings."""
    from sqlmodel import SQLModel

    for table in ("seed", "playoff_match", "playoff_game", "cut_playoff"):
        SQLModel.metadata.tables[table].create(conn)
    conn.execute(text("ALTER TABLE event ADD COLUMN first_dealer VARCHAR NOT NULL DEFAULT 'cut'"))
    conn.execute(text("ALTER TABLE event ADD COLUMN prize_fund FLOAT NOT NULL DEFAULT 0"))
    conn.execute(text("ALTER TABLE event ADD COLUMN payouts VARCHAR NOT NULL DEFAULT ''"))
    conn.execute(text("ALTER TABLE event ADD COLUMN grand_final_reset BOOLEAN NOT NULL DEFAULT 1"))
    conn.execute(text("ALTER TABLE event ADD COLUMN parent_event_id INTEGER"))


def _v4_leagues(conn: Connection) -> None:
    """Version 4: leagues, members, nights with their scoring, special hands."""
    from sqlmodel import SQLModel

    for table in ("league", "league_member", "league_night", "special_hand"):
        SQLModel.metadata.tables[table].create(conn)


MIGRATIONS: list[tuple[int, Callable[[Connection], None]]] = [
    (2, _v2_rulings_and_byes),
    (3, _v3_playoffs),
    (4, _v4_leagues),
]
LATEST_VERSION = 4
