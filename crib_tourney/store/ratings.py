"""What the ratings are made of, read from the database, and the ratings kept.

Only games with a final result are read: a qualifying table whose every side has
a card and the cards agree or were settled (a lone or disputed card is not final),
no forfeit; a
playoff game not forfeited; a cut playoff. Entries of a team are not players and
are left out. The kept ratings (schema 22) are derived rows, written only by the
writer's keep_ratings (store/writer.py) for `ratings rebuild`.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, NamedTuple, Sequence

from crib_tourney.store.sql import IN_CHUNK, Db, in_lists

SINGLE = "team_name IS NULL"  # an entry of one player

# Events in the order they were played: the date of play (a league night's own
# date), else the day the event was made; then by when it was made.
EVENTS = """
SELECT e.id, e.name, COALESCE(e.date, n.date, SUBSTR(CAST(e.created_at AS VARCHAR), 1, 10)) AS day, e.variant, e.first_dealer
FROM event e LEFT JOIN league_night n ON n.event_id = e.id
ORDER BY day, e.created_at, e.id
"""


def events(db: Db) -> list[tuple[int, str, str, str, str]]:
    """(id, name, day, variant, first dealer rule) of every event, in the order played."""
    return [(int(i), n, str(d), v, f) for i, n, d, v, f in db.rows(EVENTS)]


class Only(NamedTuple):
    """The games of one event that one of these entries (of that event) played, the rest unread."""

    event: int
    entries: Sequence[int]

    def where(self, *columns: str) -> tuple[str, dict[str, Any]]:
        """SQL 'AND ...' keeping the rows where one of ``columns`` is one of the entries
        (an entry is of one event: the entries' indexes find them among 220,000 tables),
        and its parameters."""
        assert len(self.entries) <= IN_CHUNK, "one chunk of entries"
        marks, params = next(in_lists("only", list(self.entries) or [0]))
        return " AND (" + " OR ".join(f"{c} IN {marks}" for c in columns) + ")", params


def _only(only: Only | None, *columns: str) -> tuple[str, dict[str, Any]]:
    return ("", {}) if only is None else only.where(*columns)


def two_sided(db: Db, only: Only | None = None) -> list[tuple[Any, ...]]:
    """(event, player 1, player 2, his own score, his opponent's, player 2's own, his opponent's) of
    every two-sided table whose result is final (its cards count: they agree, or the director
    entered or settled the game, each keeping his version), no forfeit."""
    where, params = _only(only, "p.entry1_id", "p.entry2_id")
    return db.rows(  # every row at once: 220,000 tables read in 0.9 s where streaming them took 1.7 s
        "SELECT p.event_id, ea.player_id, eb.player_id, a.own_score, a.opp_score, b.own_score, b.opp_score"
        " FROM pairing p"
        " JOIN outcome a ON a.pairing_id = p.id AND a.entry_id = p.entry1_id"
        " JOIN outcome b ON b.pairing_id = p.id AND b.entry_id = p.entry2_id"
        f" JOIN entry ea ON ea.id = p.entry1_id AND ea.{SINGLE}"
        f" JOIN entry eb ON eb.id = p.entry2_id AND eb.{SINGLE}"
        " WHERE p.entry2_id IS NOT NULL AND p.entry3_id IS NULL AND a.forfeit = 'none' AND b.forfeit = 'none'"
        f" AND a.counted = 1 AND b.counted = 1{where}"
        " ORDER BY p.id", **params)  # the tables in the order they were made: the same sums, to the last bit, every time


def three_sided(db: Db, only: Only | None = None) -> Iterator[tuple[Any, ...]]:
    """(event, pairing, entry 1, 2, 3, card's entry, own, opp, opp2, forfeit, player, source) of every card that
    counts at a three-sided table (a final table's)."""
    where, params = _only(only, "p.entry1_id", "p.entry2_id", "p.entry3_id")
    return db.stream(
        "SELECT p.event_id, p.id, p.entry1_id, p.entry2_id, p.entry3_id, o.entry_id, o.own_score, o.opp_score, o.opp2_score,"
        " o.forfeit, e.player_id, o.source"
        " FROM pairing p JOIN outcome o ON o.pairing_id = p.id"
        f" JOIN entry e ON e.id = o.entry_id AND e.{SINGLE}"
        f" WHERE p.entry3_id IS NOT NULL AND o.counted = 1{where}"
        " ORDER BY p.event_id, p.game_no, p.table_no, p.id, o.entry_id", **params)


def playoff_games(db: Db, only: Only | None = None) -> Iterator[tuple[Any, ...]]:
    """(event, match, game, player 1, player 2, score 1, score 2) of every playoff game not forfeited
    (``only``: every game of a match one of the entries played, as a match's games are its two entries')."""
    where, params = _only(only, "g.entry1_id", "g.entry2_id")
    return db.stream(
        "SELECT m.event_id, m.id, g.game_no, ea.player_id, eb.player_id, g.score1, g.score2"
        " FROM playoff_game g JOIN playoff_match m ON m.id = g.match_id"
        f" JOIN entry ea ON ea.id = g.entry1_id AND ea.{SINGLE}"
        f" JOIN entry eb ON eb.id = g.entry2_id AND eb.{SINGLE}"
        f" WHERE g.forfeit_by IS NULL{where} ORDER BY m.event_id, m.id, g.game_no", **params)


def cut_playoffs(db: Db, only: Only | None = None) -> list[tuple[int, int, int]]:
    """(event, winner, loser) of every one-game playoff across the cut line."""
    where, params = _only(only, "c.winner_entry_id", "c.loser_entry_id")
    return [(int(e), int(w), int(lo)) for e, w, lo in db.rows(
        "SELECT c.event_id, ew.player_id, el.player_id FROM cut_playoff c"
        f" JOIN entry ew ON ew.id = c.winner_entry_id AND ew.{SINGLE}"
        f" JOIN entry el ON el.id = c.loser_entry_id AND el.{SINGLE} WHERE 1 = 1{where} ORDER BY c.id", **params)]


def start_ratings(db: Db, players: Sequence[int] | None = None) -> list[tuple[int, float, float | None, float | None]]:
    """(player, rating, rd, volatility) of every player given a starting rating (of these ``players``)."""
    sql = "SELECT id, start_rating, start_rd, start_volatility FROM player WHERE start_rating IS NOT NULL"
    if players is None:
        return [(int(p), float(r), d, v) for p, r, d, v in db.rows(sql)]
    return [(int(p), float(r), d, v) for marks, params in in_lists("p", players)
            for p, r, d, v in db.rows(f"{sql} AND id IN {marks}", **params)]


def players(db: Db) -> dict[int, tuple[str, str | None]]:
    """id: (name, club) of every player."""
    return {int(i): (n, c) for i, n, c in db.rows("SELECT id, name, club FROM player")}


# --- the kept ratings --------------------------------------------------------------

# The columns of a kept player's rating (kept_players' rows) and of a kept step (kept_steps').
PLAYER_COLUMNS = "player_id, rating, rd, volatility, games, last_event_id"
STEP_COLUMNS = "player_id, event_id, rating_before, rd_before, volatility_before, rating, rd, volatility, games, points"


def kept(db: Db) -> tuple[int, dict[str, Any]] | None:
    """(the data version the kept ratings were made at, their settings), or None."""
    row = db.row("SELECT version, settings FROM ratings_kept WHERE id = 1")
    return None if row is None else (int(row[0]), json.loads(row[1]))


def kept_players(db: Db) -> list[tuple[Any, ...]]:
    return db.rows(f"SELECT {PLAYER_COLUMNS} FROM player_rating ORDER BY player_id")


def kept_steps(db: Db) -> list[tuple[Any, ...]]:
    return db.rows(f"SELECT {STEP_COLUMNS} FROM rating_change ORDER BY id")


def kept_player(db: Db, player_id: int) -> tuple[Any, ...] | None:
    """kept_players' row of one player (None: not rated)."""
    return db.row(f"SELECT {PLAYER_COLUMNS} FROM player_rating WHERE player_id = :p", p=player_id)


def kept_rated_above(db: Db, rating: float) -> int:
    """How many kept players are rated above ``rating``."""
    return int(db.scalar("SELECT COUNT(*) FROM player_rating WHERE rating > :r", r=rating))


def kept_rated_between(db: Db, low: float, high: float, rating: float, rd: float) -> list[tuple[Any, ...]]:
    """kept_players' rows of those rated from ``low`` to ``high`` but for those of
    exactly this rating and deviation (many share them: kept_level counts them)."""
    return db.rows(f"SELECT {PLAYER_COLUMNS} FROM player_rating"
                   " WHERE rating >= :lo AND rating <= :hi AND NOT (rating = :r AND rd = :d)", lo=low, hi=high, r=rating, d=rd)


def kept_level(db: Db, rating: float, rd: float, player_id: int) -> int:
    """How many kept players of exactly this rating and deviation have a smaller id."""
    return int(db.scalar("SELECT COUNT(*) FROM player_rating WHERE rating = :r AND rd = :d AND player_id < :p",
                         r=rating, d=rd, p=player_id))


def kept_level_rows(db: Db, rating: float, rd: float, player_id: int) -> list[tuple[Any, ...]]:
    """kept_players' rows of those of exactly this rating and deviation, but for this player."""
    return db.rows(f"SELECT {PLAYER_COLUMNS} FROM player_rating"
                   " WHERE rating = :r AND rd = :d AND player_id <> :p", r=rating, d=rd, p=player_id)


def kept_steps_of(db: Db, player_id: int) -> list[tuple[Any, ...]]:
    """kept_steps' rows of one player, in their order."""
    return db.rows(f"SELECT {STEP_COLUMNS} FROM rating_change WHERE player_id = :p ORDER BY id", p=player_id)


def single_entries(db: Db, event_id: int) -> list[tuple[int, int]]:
    """(entry, player) of every single-player entry of an event."""
    return [(int(e), int(p)) for e, p in db.rows(f"SELECT id, player_id FROM entry WHERE event_id = :e AND {SINGLE}", e=event_id)]


# --- what the writes since the kept ratings touched (services/ratings_since.py) ----------

def _in(db: Db, sql: str, values: Sequence[int], **more: Any) -> list[tuple[Any, ...]]:
    """``sql`` with ``{ids}`` an IN list of ``values``, run a chunk at a time."""
    return [row for marks, params in in_lists("v", values) for row in db.rows(sql.format(ids=marks), **params, **more)]


def kept_players_of(db: Db, players: Sequence[int]) -> list[tuple[Any, ...]]:
    """kept_players' rows of these players."""
    return _in(db, f"SELECT {PLAYER_COLUMNS} FROM player_rating WHERE player_id IN {{ids}}", players)


def kept_steps_of_players(db: Db, players: Sequence[int]) -> list[tuple[Any, ...]]:
    """kept_steps' rows of these players, in their order."""
    rows = _in(db, f"SELECT id, {STEP_COLUMNS} FROM rating_change WHERE player_id IN {{ids}}", players)
    return [row[1:] for row in sorted(rows, key=lambda r: int(r[0]))]


def kept_steps_in(db: Db, event_id: int, players: Sequence[int]) -> list[tuple[Any, ...]]:
    """kept_steps' rows of these players at one event."""
    return _in(db, f"SELECT {STEP_COLUMNS} FROM rating_change WHERE event_id = :e AND player_id IN {{ids}}", players,
               e=event_id)


def kept_step_outside(db: Db, event_id: int, players: Sequence[int]) -> bool:
    """Whether a player other than these (at most IN_CHUNK) has a kept step at the event."""
    assert len(players) <= IN_CHUNK, "one chunk of players"
    marks, params = next(in_lists("v", list(players) or [0]))
    return db.row(f"SELECT 1 FROM rating_change WHERE event_id = :e AND player_id NOT IN {marks} LIMIT 1",
                  e=event_id, **params) is not None


def outcome_pairings(db: Db, outcomes: Sequence[int]) -> list[int]:
    """The tables of these cards (those still there)."""
    return [int(p) for (p,) in _in(db, "SELECT pairing_id FROM outcome WHERE id IN {ids}", outcomes)]


def pairing_sides(db: Db, pairings: Sequence[int]) -> list[tuple[int, list[int]]]:
    """(event, its entries) of these tables."""
    return [(int(e), [int(x) for x in sides if x is not None]) for e, *sides in _in(
        db, "SELECT event_id, entry1_id, entry2_id, entry3_id FROM pairing WHERE id IN {ids}", pairings)]


def playoff_game_sides(db: Db, games: Sequence[int]) -> list[tuple[int, list[int]]]:
    """(event, its two entries) of these playoff games."""
    return [(int(e), [int(a), int(b)]) for e, a, b in _in(
        db, "SELECT m.event_id, g.entry1_id, g.entry2_id FROM playoff_game g JOIN playoff_match m ON m.id = g.match_id"
        " WHERE g.id IN {ids}", games)]


def match_events(db: Db, matches: Sequence[int]) -> dict[int, int]:
    """match: event of these playoff matches."""
    return {int(m): int(e) for m, e in _in(db, "SELECT id, event_id FROM playoff_match WHERE id IN {ids}", matches)}


def entry_players(db: Db, entries: Sequence[int]) -> dict[int, int | None]:
    """entry: its player (None: a team's entry, not rated) of these entries."""
    return {int(e): (None if t is not None else int(p)) for e, p, t in _in(
        db, "SELECT id, player_id, team_name FROM entry WHERE id IN {ids}", entries)}


def entries_of_players(db: Db, event_id: int, players: Sequence[int]) -> list[int]:
    """The single-player entries of these players in one event."""
    return [int(e) for (e,) in _in(db, f"SELECT id FROM entry WHERE event_id = :e AND {SINGLE} AND player_id IN {{ids}}",
                                   players, e=event_id)]
