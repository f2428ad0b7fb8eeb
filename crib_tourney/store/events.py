"""Event rows: inserting, settings columns, summaries."""

from __future__ import annotations

from typing import Any

from crib_tourney.errors import NotFound
from crib_tourney.store.rows import Event, fetch, fetch_one
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change, now
from crib_tourney.tourney.scoring import ScoringRules
from crib_tourney.tourney.settings import EventSettings, as_dict, names
from crib_tourney.tourney.names import MAX_ID


def insert_event(change: Change, name: str, settings: EventSettings, parent: int | None = None) -> Event:
    event_id = change.insert("event", dict(as_dict(settings), name=name, created_at=now(), parent_event_id=parent))
    return fetch_one(change.db, Event, "id = :id", id=event_id)  # type: ignore[return-value]


def load_event(db: Db, event_id: int) -> Event:
    """An event by its id (names are turned into ids once, by inputs/names.py)."""
    event = fetch_one(db, Event, "id = :id", id=event_id) if 0 <= event_id <= MAX_ID else None
    if event is None:
        raise NotFound(f"no event #{event_id}")
    return event


_RULES: dict[EventSettings, ScoringRules] = {}


def scoring_rules(event: Event) -> ScoringRules:
    """The event's scoring rules: a pure function of its settings, kept per settings
    value (an import asks once a row; nothing to forget when settings change)."""
    rules = _RULES.get(event.settings)
    if rules is None:
        rules = _RULES[event.settings] = event.settings.scoring_rules()
    return rules


def update_settings(change: Change, event_id: int, changes: dict[str, Any]) -> None:
    assert set(changes) <= set(names(EventSettings))  # column names come only from the settings schema
    change.update("event", event_id, changes)


def all_events(db: Db) -> list[Event]:
    return fetch(db, Event)


def consolation_of(db: Db, event_id: int) -> Event | None:
    return fetch_one(db, Event, "parent_event_id = :p", p=event_id)


def entry_counts(db: Db) -> dict[int, int]:
    return dict(db.rows("SELECT event_id, COUNT(*) FROM entry GROUP BY event_id"))


def scheduled_counts(db: Db) -> dict[int, int]:
    return dict(db.rows("SELECT event_id, MAX(game_no) FROM pairing GROUP BY event_id"))


def insert_entries(change: Change, rows: list[dict[str, Any]]) -> None:
    change.insert_many("entry", rows)


def insert_entry(change: Change, row: dict[str, Any]) -> int:
    return change.insert("entry", row)


def insert_members(change: Change, rows: list[dict[str, Any]]) -> None:
    change.insert_many("entry_member", rows)


def move_first_game(change: Change, event_id: int, first: int) -> None:
    """Late entries waiting for freed games join from game ``first``."""
    for (entry_id,) in change.db.rows("SELECT id FROM entry WHERE event_id = :e AND first_game > :g", e=event_id, g=first):
        change.update("entry", entry_id, {"first_game": first})


def delete_entry_of(change: Change, event_id: int, player_id: int) -> None:
    """Take a player's entry out of an event before its first game (a league absence)."""
    change.delete("entry", {"event_id": event_id, "player_id": player_id})


def events_of_player(db: Db, player_id: int) -> list[int]:
    """Every event a player entered, himself or in a team, oldest first."""
    return [r[0] for r in db.rows("SELECT e.id FROM event e JOIN entry n ON n.event_id = e.id WHERE n.player_id = :p "
                                  "UNION SELECT m.event_id FROM entry_member m WHERE m.player_id = :p ORDER BY 1", p=player_id)]


def event_ids(db: Db) -> list[int]:
    return [r[0] for r in db.rows("SELECT id FROM event ORDER BY id")]
