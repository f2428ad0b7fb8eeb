"""Event rows: inserting, settings columns, summaries."""

from __future__ import annotations

from typing import Any

from crib_tourney.store.audit import now
from crib_tourney.store.rows import Event, fetch, fetch_one
from crib_tourney.store.sql import Db
from crib_tourney.tourney.settings import EventSettings, as_dict, names


def insert_event(db: Db, name: str, settings: EventSettings, parent: int | None = None) -> Event:
    event_id = db.insert("event", dict(as_dict(settings), name=name, created_at=now(), parent_event_id=parent))
    return fetch_one(db, Event, "id = :id", id=event_id)  # type: ignore[return-value]


def update_settings(db: Db, event_id: int, changes: dict[str, Any]) -> None:
    allowed = names(EventSettings)
    for key, value in changes.items():
        assert key in allowed  # column names come only from the settings schema
        db.execute(f"UPDATE event SET {key} = :value WHERE id = :id", value=value, id=event_id)


def all_events(db: Db) -> list[Event]:
    return fetch(db, Event)


def consolation_of(db: Db, event_id: int) -> Event | None:
    return fetch_one(db, Event, "parent_event_id = :p", p=event_id)


def entry_counts(db: Db) -> dict[int, int]:
    return dict(db.rows("SELECT event_id, COUNT(*) FROM entry GROUP BY event_id"))


def scheduled_counts(db: Db) -> dict[int, int]:
    return dict(db.rows("SELECT event_id, MAX(game_no) FROM pairing GROUP BY event_id"))


def insert_entries(db: Db, rows: list[dict]) -> None:
    db.insert_many("entry", rows)


def insert_entry(db: Db, row: dict) -> int:
    return db.insert("entry", row)


def insert_members(db: Db, rows: list[dict]) -> None:
    db.insert_many("entry_member", rows)


def move_first_game(db: Db, event_id: int, first: int) -> None:
    """Late entries waiting for freed games join from game ``first``."""
    db.execute("UPDATE entry SET first_game = :g WHERE event_id = :e AND first_game > :g", g=first, e=event_id)


def delete_entry_of(db: Db, event_id: int, player_id: int) -> None:
    """Take a player's entry out of an event before its first game (a league absence)."""
    db.execute("DELETE FROM entry WHERE event_id = :e AND player_id = :p", e=event_id, p=player_id)


def events_of_player(db: Db, player_id: int) -> list[int]:
    """Every event a player entered, himself or in a team, oldest first."""
    return [r[0] for r in db.rows("SELECT e.id FROM event e JOIN entry n ON n.event_id = e.id WHERE n.player_id = :p "
                                  "UNION SELECT m.event_id FROM entry_member m WHERE m.player_id = :p ORDER BY 1", p=player_id)]


def event_ids(db: Db) -> list[int]:
    return [r[0] for r in db.rows("SELECT id FROM event ORDER BY id")]


def last_change(db: Db) -> str | None:
    """When anything audited last changed."""
    at = db.scalar("SELECT MAX(at) FROM audit")
    return None if at is None else str(at)


# The highest id of every table that grows, and the number of pairings (which
# unscheduling lowers): any change a reader should see moves one of them.
_FINGERPRINT = "SELECT " + ", ".join(f"(SELECT MAX(id) FROM {t})" for t in (
    "audit", "pairing", "entry", "entry_member", "event", "player", "league", "league_night", "league_member", "seed",
    "playoff_game", "game_draw", "special_hand", "pool", "pool_entry", "league_absence")) + ", (SELECT COUNT(*) FROM pairing)"


def data_version(db: Db) -> tuple:
    """A cheap token that changes whenever the data a page shows may have changed."""
    return tuple(db.row(_FINGERPRINT) or ())
