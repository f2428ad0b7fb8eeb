"""Plain rows the store hands out: dataclasses, never live ORM objects. Rows are
built from columns selected by the fields' names, in the fields' order, so a column
added to a table cannot shift a field."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from crib_tourney.records import fields, record
from crib_tourney.store.sql import Db
from crib_tourney.tourney.settings import EventSettings
from crib_tourney.tourney.settings import names as setting_names

T = TypeVar("T")


@record(frozen=False)
class Player:
    id: int
    name: str
    acc_number: str | None
    club: str | None
    email: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "acc_number": self.acc_number, "club": self.club, "email": self.email}


class WithSettings:
    """A row whose settings read as its own attributes: event.games, league.formula."""

    settings: Any

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "settings":
            raise AttributeError(name)
        return getattr(self.settings, name)


@record(frozen=False)
class Event(WithSettings):
    """An event row: its own columns plus its settings."""

    id: int
    name: str
    parent_event_id: int | None
    settings: EventSettings


@record(frozen=False)
class Entry:
    """A competitor in an event: one player (a team in team events)."""

    id: int
    event_id: int
    player_id: int
    seq: int
    first_game: int
    withdrawn_after: int | None
    team_name: str | None = None
    checked_in: bool = False
    paid: int | None = None  # cents paid toward the entry fee; None: not paid


@record(frozen=False)
class Pairing:
    id: int
    event_id: int
    game_no: int
    table_no: int | None
    entry1_id: int
    entry2_id: int | None
    entry3_id: int | None = None  # a three-sided event's third side

    @property
    def sides(self) -> tuple[int, ...]:
        """The entries seated at this table, in seat order (one: a bye)."""
        return tuple(e for e in (self.entry1_id, self.entry2_id, self.entry3_id) if e is not None)


@record(frozen=False)
class Outcome:
    id: int
    event_id: int
    pairing_id: int
    entry_id: int
    own_score: int
    opp_score: int
    forfeit: str
    source: str
    opp2_score: int | None = None  # three sides: the other opponent's score
    counted: int = 1  # the game is final: this card counts (schema 20)

    def values(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


TABLES = {Player: "player", Event: "event", Entry: "entry", Pairing: "pairing", Outcome: "outcome"}
_EVENT_COLUMNS = ["id", "name", "parent_event_id", *setting_names(EventSettings)]


_COLUMNS: dict[type, list[str]] = {Event: _EVENT_COLUMNS}


def columns(cls: type) -> list[str]:
    found = _COLUMNS.get(cls)
    if found is None:
        found = _COLUMNS[cls] = [f.name for f in fields(cls)]
    return found


def fetch(db: Db, cls: type[T], where: str = "1=1", order: str = "id", **params: Any) -> list[T]:
    """Rows of ``cls``'s table matching ``where`` (portable SQL)."""
    sql = f"SELECT {', '.join(columns(cls))} FROM {TABLES[cls]} WHERE {where} ORDER BY {order}"
    if cls is Event:
        return [_event(r) for r in db.dicts(sql, **params)]  # type: ignore[misc]
    # The columns are selected by the fields' names, in the fields' order: each row
    # is the record's arguments as they stand (20,000 entries: half the time of dicts).
    flags = _flag_positions(cls)
    if not flags:
        return [cls(*r) for r in db.rows(sql, **params)]
    found = []
    for r in db.rows(sql, **params):
        values = list(r)
        for k in flags:  # SQLite answers 0/1
            values[k] = bool(values[k])
        found.append(cls(*values))
    return found


_FLAG_POSITIONS: dict[type, list[int]] = {}


def _flag_positions(cls: type) -> list[int]:
    """Where a record's bool fields stand among its columns."""
    if cls not in _FLAG_POSITIONS:
        _FLAG_POSITIONS[cls] = [k for k, f in enumerate(fields(cls)) if f.type in ("bool", bool)]
    return _FLAG_POSITIONS[cls]


def fetch_one(db: Db, cls: type[T], where: str, order: str = "id", **params: Any) -> T | None:
    found = fetch(db, cls, where, order, **params)
    return found[0] if found else None


def _event(row: dict[str, Any]) -> Event:
    values = {k: row[k] for k in setting_names(EventSettings)}
    for key in _FLAGS:  # SQLite answers 0/1
        values[key] = bool(values[key])
    return Event(row["id"], row["name"], row["parent_event_id"], EventSettings(**values))


_FLAGS = [f.name for f in dataclasses.fields(EventSettings) if isinstance(f.default, bool)]
