"""Ruling rows: disputes settled at the table, kept with the game."""

from __future__ import annotations

from typing import Any

from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change, now


def insert_ruling(change: Change, values: dict[str, Any]) -> None:
    change.insert("ruling", dict(values, at=now()))


def rulings_of(db: Db, event_id: int) -> list[dict[str, Any]]:
    return db.dicts(
        "SELECT r.id, r.game_no AS game, p.name AS player, r.kind, r.cards, r.claim, r.true_score AS total,"
        " r.muggins, r.summary AS verdict FROM ruling r JOIN player p ON p.id = r.player_id WHERE r.event_id = :e ORDER BY r.id",
        e=event_id)
