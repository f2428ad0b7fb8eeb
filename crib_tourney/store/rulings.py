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


def settled_tables(db: Db, event_id: int) -> list[tuple[Any, ...]]:
    """(game, table, entry1, entry2, entry3, entry, own, opp, opp2, forfeit, source) of
    every side of every table whose cards the director settled (ACC 12.2: source
    resolved, provisional or rejudged), in game and table order."""
    return db.rows(
        "SELECT p.game_no, p.table_no, p.entry1_id, p.entry2_id, p.entry3_id, o.entry_id, o.own_score, o.opp_score,"
        " o.opp2_score, o.forfeit, o.source FROM outcome o JOIN pairing p ON p.id = o.pairing_id"
        " WHERE o.event_id = :e AND o.source IN ('resolved', 'provisional', 'rejudged')"
        " ORDER BY p.game_no, p.table_no, p.id, o.entry_id", e=event_id)


def kept_cards(db: Db, event_id: int) -> list[tuple[Any, ...]]:
    """(game, table, entry, own, opp, opp2, forfeit) of the players' own cards that
    settlements by the rule kept (settled_card)."""
    return db.rows(
        "SELECT p.game_no, p.table_no, s.entry_id, s.own_score, s.opp_score, s.opp2_score, s.forfeit FROM settled_card s"
        " JOIN pairing p ON p.id = s.pairing_id WHERE s.event_id = :e ORDER BY p.game_no, p.table_no, s.entry_id", e=event_id)
