"""Player rows: adding, searching, changing."""

from __future__ import annotations

from crib_tourney.errors import CribError
from crib_tourney.store.rows import Player, fetch, fetch_one
from crib_tourney.store.sql import Db, in_lists
from crib_tourney.store.writer import Change, now
from crib_tourney.tourney.names import fold


def check_acc_free(db: Db, acc_number: str | None, player_id: int | None = None) -> None:
    if not acc_number:
        return
    other = fetch_one(db, Player, "acc_number = :acc", acc=acc_number)
    if other is not None and other.id != player_id:
        raise CribError(f"ACC number {acc_number} already belongs to {other.name} (#{other.id})")


def add_player(change: Change, name: str, acc_number: str | None, club: str | None, email: str | None,
               mrps_before: int = 0) -> Player:
    check_acc_free(change.db, acc_number)
    player_id = change.insert("player", dict(name=name, acc_number=acc_number, club=club, email=email, created_at=now(),
                                             mrps_before=mrps_before))
    return Player(id=player_id, name=name, acc_number=acc_number, club=club, email=email)


def players_by_id(db: Db, ids: list[int]) -> dict[int, Player]:
    return {p.id: p for marks, params in in_lists("p", ids) for p in fetch(db, Player, f"id IN {marks}", **params)}


def update_player(change: Change, player: Player) -> None:
    values = player.as_dict()
    change.update("player", values.pop("id"), values)


def search_players(db: Db, search: str | None) -> list[Player]:
    """Players whose name, club or ACC number contains the text, compared folded
    (in Python: SQLite's LOWER() folds ASCII only, and LIKE would read % and _
    as wildcards)."""
    roster = sorted(fetch(db, Player), key=lambda p: (fold(p.name), p.id))
    wanted = fold(search or "")
    if not wanted:
        return roster
    return [p for p in roster if any(wanted in fold(text) for text in (p.name, p.club or "", p.acc_number or ""))]


def events_of(db: Db, player: Player) -> list[str]:
    rows = db.rows(
        "SELECT event.name FROM event JOIN entry ON entry.event_id = event.id WHERE entry.player_id = :p ORDER BY event.id",
        p=player.id,
    )
    return [r[0] for r in rows]


def acc_holder(db: Db, acc_number: str) -> Player | None:
    return fetch_one(db, Player, "acc_number = :acc", acc=acc_number)


def already_on_roster(db: Db, name: str, acc_number: str | None) -> bool:
    """An imported row's player is on the roster: same ACC number, or (without one) same exact name."""
    if acc_number:
        return fetch_one(db, Player, "acc_number = :acc", acc=acc_number) is not None
    return fetch_one(db, Player, "name = :name AND acc_number IS NULL", name=name) is not None


def avoided_pairs(db: Db) -> set[tuple[int, int]]:
    """(low id, high id) of every two players kept apart."""
    return {(a, b) for a, b in db.rows("SELECT player1_id, player2_id FROM player_avoid")}


def set_avoid(change: Change, a: int, b: int, keep_apart: bool) -> None:
    low, high = min(a, b), max(a, b)
    change.replace("player_avoid", {"player1_id": low, "player2_id": high},
                   [dict(player1_id=low, player2_id=high)] if keep_apart else [])


def clubs_of(db: Db, player_ids: list[int]) -> dict[int, str]:
    return {p.id: p.club for p in players_by_id(db, player_ids).values() if p.club}
