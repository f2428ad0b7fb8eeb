"""Creating events, summaries and settings changes."""

from __future__ import annotations

from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.store.rows import Event, fetch, fetch_one
from crib_tourney.store.schedule import scheduled_games
from crib_tourney.store.sql import Db
from crib_tourney.tourney.settings import SETTINGS, check_consistent, validate_settings


def settings_of(event: Event) -> dict[str, Any]:
    return {key: getattr(event, key) for key in SETTINGS}


def create_event(db: Db, name: str, settings: dict[str, Any]) -> Event:
    from crib_tourney.store.results import now

    if fetch_one(db, Event, "LOWER(name) = :name", name=name.lower()):
        raise CribError(f"an event named '{name}' already exists")
    validate_settings(settings)
    check_consistent(settings)
    event_id = db.insert("event", dict(settings, name=name, created_at=now()))
    event = fetch_one(db, Event, "id = :id", id=event_id)
    assert event is not None
    return event


def event_summaries(db: Db) -> list[dict]:
    counts = dict(db.rows("SELECT event_id, COUNT(*) FROM entry GROUP BY event_id"))
    games = dict(db.rows("SELECT event_id, MAX(game_no) FROM pairing GROUP BY event_id"))
    return [
        {"id": e.id, "name": e.name, "date": e.date, "players": counts.get(e.id, 0), "games": e.games,
         "scheduled": games.get(e.id, 0), "variant": e.variant}
        for e in fetch(db, Event)
    ]


def event_details(db: Db, event: Event) -> dict:
    players, withdrawn = db.row(
        "SELECT COUNT(*), COUNT(withdrawn_after) FROM entry WHERE event_id = :e", e=event.id
    ) or (0, 0)
    results = db.scalar("SELECT COUNT(DISTINCT pairing_id) FROM outcome WHERE event_id = :e", e=event.id)
    return {
        "id": event.id,
        "name": event.name,
        "settings": settings_of(event),
        "players": players,
        "withdrawn": withdrawn,
        "scheduled": scheduled_games(db, event),
        "results": results,
    }


def change_settings(db: Db, event: Event, changes: dict[str, Any]) -> None:
    validate_settings(changes)
    merged = settings_of(event) | changes
    check_consistent(merged)
    has_results = db.scalar("SELECT COUNT(*) FROM outcome WHERE event_id = :e", e=event.id) > 0
    if "variant" in changes and changes["variant"] != event.variant and has_results:
        raise CribError("the variant cannot change once results are entered (it sets the game target)")
    if "games" in changes and changes["games"] < scheduled_games(db, event):
        raise CribError(f"{scheduled_games(db, event)} games are already scheduled; games cannot be fewer")
    for key, value in changes.items():
        assert key in SETTINGS  # column names come only from the settings table
        db.execute(f"UPDATE event SET {key} = :value WHERE id = :id", value=value, id=event.id)
