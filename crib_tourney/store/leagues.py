"""League rows: the league with its settings, members, nights and special hands."""

from __future__ import annotations

from typing import Any

from crib_tourney.records import record
from crib_tourney.store.rows import WithSettings
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change, now
from crib_tourney.tourney import settings as schema
from crib_tourney.tourney.settings import LeagueSettings


@record(frozen=False)
class League(WithSettings):
    """A league row: its own columns plus its settings."""

    id: int
    name: str
    settings: LeagueSettings

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, **schema.as_dict(self.settings)}


def load_league(db: Db, league_id: int) -> League:
    row = db.dicts(f"SELECT id, name, {', '.join(schema.names(LeagueSettings))} FROM league WHERE id = :id", id=league_id)[0]
    for name in schema.names(LeagueSettings):  # SQLite keeps a yes-or-no setting as 0 or 1
        if schema.value_type(LeagueSettings, name) is bool and row[name] is not None:
            row[name] = bool(row[name])
    return League(row.pop("id"), row.pop("name"), LeagueSettings(**row))


def all_league_ids(db: Db) -> list[int]:
    return [r[0] for r in db.rows("SELECT id FROM league ORDER BY id")]


def insert_league(change: Change, name: str, settings: LeagueSettings) -> int:
    return change.insert("league", dict(schema.as_dict(settings), name=name, created_at=now()))


def update_league(change: Change, league_id: int, changes: dict[str, Any]) -> None:
    assert set(changes) <= set(schema.names(LeagueSettings))  # column names come only from the settings schema
    change.update("league", league_id, changes)


def members(db: Db, league_id: int) -> list[int]:
    return [r[0] for r in db.rows("SELECT player_id FROM league_member WHERE league_id = :l ORDER BY id", l=league_id)]


def add_member(change: Change, league_id: int, player_id: int) -> None:
    change.insert("league_member", dict(league_id=league_id, player_id=player_id))


def next_night_number(db: Db, league_id: int) -> int:
    return (db.scalar("SELECT MAX(night_no) FROM league_night WHERE league_id = :l", l=league_id) or 0) + 1


def insert_night(change: Change, league: League, event_id: int, number: int, when: str) -> None:
    """A night keeps the formula it was played under."""
    change.insert("league_night", dict(league_id=league.id, event_id=event_id, night_no=number, date=when,
                                   formula=league.formula, threshold=league.threshold, place_points=league.place_points))


def nights(db: Db, league_id: int) -> list[dict[str, Any]]:
    return db.dicts("SELECT ln.night_no, ln.event_id, ev.name AS event, ln.date, ln.formula, ln.threshold, ln.place_points"
                    " FROM league_night ln JOIN event ev ON ev.id = ln.event_id WHERE ln.league_id = :l ORDER BY ln.night_no",
                    l=league_id)


def night_date(db: Db, league_id: int, event_id: int) -> str | None:
    found = db.scalar("SELECT date FROM league_night WHERE league_id = :l AND event_id = :e", l=league_id, e=event_id)
    return None if found is None else str(found)


def insert_hand(change: Change, values: dict[str, Any]) -> None:
    change.insert("special_hand", values)


def hands(db: Db, league_id: int) -> list[dict[str, Any]]:
    return db.dicts("SELECT p.name AS player, h.points, h.cards, h.starter, h.crib, h.date FROM special_hand h"
                    " JOIN player p ON p.id = h.player_id WHERE h.league_id = :l ORDER BY h.points DESC, h.date, h.id", l=league_id)


def counts(db: Db, league_id: int) -> tuple[int, int]:
    """(members, nights)."""
    return (db.scalar("SELECT COUNT(*) FROM league_member WHERE league_id = :l", l=league_id),
            db.scalar("SELECT COUNT(*) FROM league_night WHERE league_id = :l", l=league_id))


def absences(db: Db, league_id: int) -> dict[int, set[int]]:
    """night number -> the players who missed it."""
    found: dict[int, set[int]] = {}
    for night_no, player_id in db.rows("SELECT night_no, player_id FROM league_absence WHERE league_id = :l", l=league_id):
        found.setdefault(night_no, set()).add(player_id)
    return found


def add_absence(change: Change, league_id: int, night_no: int, player_id: int) -> None:
    change.insert("league_absence", dict(league_id=league_id, night_no=night_no, player_id=player_id))


def is_night(db: Db, event_id: int) -> bool:
    return int(db.scalar("SELECT COUNT(*) FROM league_night WHERE event_id = :e", e=event_id)) > 0
