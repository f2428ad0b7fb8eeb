"""Event summaries and settings changes."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from crib_tourney.errors import CribError
from crib_tourney.store.models import Entry, Event, Outcome, Pairing
from crib_tourney.store.schedule import scheduled_games
from crib_tourney.tourney.settings import SETTINGS, check_consistent, validate_settings


def settings_of(event: Event) -> dict[str, Any]:
    return {key: getattr(event, key) for key in SETTINGS}


def event_summaries(session: Session) -> list[dict]:
    counts = dict(session.exec(select(Entry.event_id, func.count()).group_by(Entry.event_id)).all())
    games = dict(session.exec(select(Pairing.event_id, func.max(Pairing.game_no)).group_by(Pairing.event_id)).all())
    return [
        {"id": e.id, "name": e.name, "date": e.date, "players": counts.get(e.id, 0), "games": e.games,
         "scheduled": games.get(e.id, 0), "variant": e.variant}
        for e in session.exec(select(Event).order_by(Event.id)).all()
    ]


def event_details(session: Session, event: Event) -> dict:
    entries = session.exec(select(Entry).where(Entry.event_id == event.id)).all()
    results = session.exec(select(func.count(func.distinct(Outcome.pairing_id))).where(Outcome.event_id == event.id)).one()
    return {
        "id": event.id,
        "name": event.name,
        "settings": settings_of(event),
        "players": len(entries),
        "withdrawn": sum(e.withdrawn_after is not None for e in entries),
        "scheduled": scheduled_games(session, event),
        "results": results,
    }


def change_settings(session: Session, event: Event, changes: dict[str, Any]) -> None:
    validate_settings(changes)
    merged = settings_of(event) | changes
    check_consistent(merged)
    has_results = session.exec(select(Outcome.id).where(Outcome.event_id == event.id)).first() is not None
    if "variant" in changes and changes["variant"] != event.variant and has_results:
        raise CribError("the variant cannot change once results are entered (it sets the game target)")
    if "games" in changes and changes["games"] < scheduled_games(session, event):
        raise CribError(f"{scheduled_games(session, event)} games are already scheduled; games cannot be fewer")
    for key, value in changes.items():
        setattr(event, key, value)
    session.add(event)
