"""Plain rows the store hands out: dataclasses, never live ORM objects."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from crib_tourney.store.sql import Db

T = TypeVar("T")


@dataclass
class Player:
    id: int
    name: str
    acc_number: str | None
    club: str | None
    email: str | None

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "acc_number": self.acc_number, "club": self.club, "email": self.email}


@dataclass
class Event:
    id: int
    name: str
    date: str | None
    location: str | None
    games: int
    variant: str
    format: str
    win_points: int
    skunk_points: int
    double_skunk_points: int
    skunk_margin: int
    double_skunk_margin: int
    forfeit_points: int
    forfeit_spread: int
    bye_points: int
    bye_spread: int
    muggins: bool
    best_of: int
    final_best_of: int
    qualify_ratio: float
    first_dealer: str
    prize_fund: float
    payouts: str
    grand_final_reset: bool
    parent_event_id: int | None


@dataclass
class Entry:
    id: int
    event_id: int
    player_id: int
    seq: int
    first_game: int
    withdrawn_after: int | None


@dataclass
class Pairing:
    id: int
    event_id: int
    game_no: int
    table_no: int | None
    player1_id: int
    player2_id: int | None


@dataclass
class Outcome:
    id: int
    event_id: int
    pairing_id: int
    player_id: int
    own_score: int
    opp_score: int
    forfeit: str
    source: str

    def values(self) -> dict[str, Any]:
        """The row without its id, as stored in the audit log."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "id"}


TABLES = {Player: "player", Event: "event", Entry: "entry", Pairing: "pairing", Outcome: "outcome"}


def columns(cls: type) -> str:
    return ", ".join(f.name for f in fields(cls))


def fetch(db: Db, cls: type[T], where: str = "1=1", order: str = "id", **params: Any) -> list[T]:
    """Rows of ``cls``'s table matching ``where`` (portable SQL)."""
    sql = f"SELECT {columns(cls)} FROM {TABLES[cls]} WHERE {where} ORDER BY {order}"
    return [_build(cls, r) for r in db.rows(sql, **params)]


def fetch_one(db: Db, cls: type[T], where: str, order: str = "id", **params: Any) -> T | None:
    found = fetch(db, cls, where, order, **params)
    return found[0] if found else None


def _build(cls: type[T], row: tuple) -> T:
    obj = cls(*row)
    if cls is Event:
        obj.muggins = bool(obj.muggins)  # type: ignore[attr-defined]
        obj.grand_final_reset = bool(obj.grand_final_reset)  # type: ignore[attr-defined]
    return obj
