"""Rows of side pools and Q-pools."""

from __future__ import annotations

from typing import Any

from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change

FIELDS = ("id", "event_id", "name", "kind", "fee", "payout")


def pools(db: Db, event_id: int) -> list[dict[str, Any]]:
    return db.dicts(f"SELECT {', '.join(FIELDS)} FROM pool WHERE event_id = :e ORDER BY id", e=event_id)


def add_pool(change: Change, values: dict[str, Any]) -> int:
    return change.insert("pool", values)


def entrants(db: Db, pool_id: int) -> list[int]:
    return [r[0] for r in db.rows("SELECT entry_id FROM pool_entry WHERE pool_id = :p ORDER BY id", p=pool_id)]


def join(change: Change, pool_id: int, entry_ids: list[int]) -> None:
    change.insert_many("pool_entry", [dict(pool_id=pool_id, entry_id=e) for e in entry_ids])


def leave(change: Change, pool_id: int, entry_id: int) -> None:
    change.delete("pool_entry", {"pool_id": pool_id, "entry_id": entry_id})
