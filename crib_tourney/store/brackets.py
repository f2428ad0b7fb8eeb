"""Rows of a playoff bracket: its layout (matches), seeds and games."""

from __future__ import annotations

from typing import Any

from crib_tourney.store.sql import Db, in_lists
from crib_tourney.tourney import bracket as bk

GAME_FIELDS = ("id", "match_id", "game_no", "entry1_id", "entry2_id", "score1", "score2", "forfeit_by")


def _source(text: str) -> bk.Source:
    kind, _, ref = text.partition(":")
    return (kind, int(ref) if kind == "seed" else ref)


def layout(db: Db, event_id: int) -> tuple[dict[str, int], list[bk.MatchSpec]]:
    """(match id by key, match specs in layout order)."""
    ids: dict[str, int] = {}
    specs: list[bk.MatchSpec] = []
    for row in db.dicts('SELECT id, "key", bracket, round, position, source1, source2, best_of, stage FROM playoff_match'
                        " WHERE event_id = :e ORDER BY id", e=event_id):
        ids[row["key"]] = row["id"]
        specs.append(bk.MatchSpec(row["key"], row["bracket"], row["round"], row["position"],
                                  (_source(row["source1"]), _source(row["source2"])), row["best_of"], row["stage"]))
    return ids, specs


def match_ids(db: Db, event_id: int) -> dict[str, int]:
    """Each match's id by its key."""
    return {str(key): int(mid) for key, mid in db.rows('SELECT "key", id FROM playoff_match WHERE event_id = :e', e=event_id)}


def layout_rows(event_id: int, specs: list[bk.MatchSpec]) -> list[dict[str, Any]]:
    return [dict(event_id=event_id, key=s.key, bracket=s.bracket, round=s.round, position=s.position,
                 source1=f"{s.sources[0][0]}:{s.sources[0][1]}", source2=f"{s.sources[1][0]}:{s.sources[1][1]}",
                 best_of=s.best_of, stage=s.stage) for s in specs]


def seeds(db: Db, event_id: int) -> dict[int, int]:
    return dict(db.rows("SELECT seed, entry_id FROM seed WHERE event_id = :e", e=event_id))


def seeded_count(db: Db, event_id: int) -> int:
    return int(db.scalar("SELECT COUNT(*) FROM seed WHERE event_id = :e", e=event_id))


def all_seeded(db: Db, event_id: int, entry_ids: list[int]) -> bool:
    """Whether all these entries hold a seed (a cheap check on the result hot path)."""
    count = sum(db.scalar(f"SELECT COUNT(*) FROM seed WHERE event_id = :e AND entry_id IN {marks}", e=event_id, **params)
                for marks, params in in_lists("p", entry_ids))
    return bool(count == len(set(entry_ids)))


def games(db: Db, event_id: int) -> list[dict[str, Any]]:
    """Every playoff game of the event, by match and game number (one query: a
    bracket of 8,192 has 8,191 matches, mostly without a game yet)."""
    return db.dicts(f"SELECT {', '.join('g.' + f for f in GAME_FIELDS)} FROM playoff_game g"
                    " JOIN playoff_match m ON m.id = g.match_id WHERE m.event_id = :e ORDER BY g.match_id, g.game_no", e=event_id)


def playoff_games_played(db: Db, event_id: int) -> int:
    return int(db.scalar("SELECT COUNT(*) FROM playoff_game g JOIN playoff_match m ON m.id = g.match_id WHERE m.event_id = :e",
                     e=event_id))
