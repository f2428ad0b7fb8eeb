"""Rows of qualifying play: pairings (tables and byes) and outcomes (each side's card)."""

from __future__ import annotations

from itertools import groupby
from typing import Any, Collection, Iterator

from crib_tourney.store import totals
from crib_tourney.store.pair_codes import MET_CODE
from crib_tourney.store.rows import Outcome, Pairing, fetch
from crib_tourney.store.sql import Db, in_lists
from crib_tourney.store.writer import Change


def scheduled_games(db: Db, event_id: int) -> int:
    return db.scalar("SELECT MAX(game_no) FROM pairing WHERE event_id = :e", e=event_id) or 0


def pairings(db: Db, event_id: int, game: int | None = None) -> list[Pairing]:
    if game is None:
        return fetch(db, Pairing, "event_id = :e", "game_no, table_no, id", e=event_id)
    return fetch(db, Pairing, "event_id = :e AND game_no = :g", "table_no, id", e=event_id, g=game)


def game_seats(db: Db, event_id: int, game: int) -> list[tuple[int | None, int, int | None, int | None]]:
    """(table, entry1, entry2, entry3) of one game's tables and byes, in table order,
    as plain tuples: what its listing shows (10,000 tables at 20,000 players). Read
    once per command until a pairing is written; the game just paired is kept as written."""
    return db.memo(("game_seats", event_id, game), ("pairing",), lambda: db.rows(
        "SELECT table_no, entry1_id, entry2_id, entry3_id FROM pairing WHERE event_id = :e AND game_no = :g"
        " ORDER BY table_no, id", e=event_id, g=game))


def met_codes(db: Db, event_id: int) -> list[int]:
    """Who met whom: each table so far as its pair's code, read from the index
    that holds them, one int a table, not a row (a 20,000-player event has
    220,000 tables)."""
    return db.ints(f"SELECT {MET_CODE} FROM pairing WHERE event_id = :e AND entry2_id IS NOT NULL", e=event_id)


def seatings3(db: Db, event_id: int) -> list[tuple[int, int | None, int | None]]:
    """(entry1, entry2, entry3) of every table and bye of a three-sided event."""
    return db.rows("SELECT entry1_id, entry2_id, entry3_id FROM pairing WHERE event_id = :e", e=event_id)


# One entry's tables, read through the index of each side (schema 24). The event and
# game are written +event_id, +game_no: checked on the entry's own rows (22 at most),
# not taken as the index to search (SQLite, knowing no better, would read a whole
# event's tables by the (event, game, ...) index: 220,000 at 20,000 players).
_SEATED = "(entry1_id = :a OR entry2_id = :a OR entry3_id = :a) AND +event_id = :e"


def pairings_of(db: Db, event_id: int, entry_id: int, game: int | None = None) -> list[Pairing]:
    """The tables (and byes) of one entry, by game; of one game with ``game``."""
    where = _SEATED + (" AND +game_no = :g" if game is not None else "")
    return fetch(db, Pairing, where, "game_no", e=event_id, a=entry_id, **({"g": game} if game is not None else {}))


def seats_in_game(db: Db, event_id: int, game: int) -> dict[int, list[Pairing]]:
    """pairings_of(db, event_id, entry, game) for every entry of one game, read once
    per command until a pairing is written: an import of a whole game reads the
    game's tables once rather than one query a line."""
    def build() -> dict[int, list[Pairing]]:
        seats: dict[int, list[Pairing]] = {}
        for p in fetch(db, Pairing, "event_id = :e AND game_no = :g", "game_no, id", e=event_id, g=game):
            for entry in dict.fromkeys(p.sides):
                seats.setdefault(entry, []).append(p)
        return seats

    return db.memo(("seats", event_id, game), ("pairing",), build)


def seats_of(db: Db, event_id: int, entry_id: int, game: int) -> list[Pairing]:
    """pairings_of one entry in one game: from seats_in_game if this command has read
    it (an import, a whole game's rows), else a query for this entry alone."""
    read = db.memoized(("seats", event_id, game))
    if read is not None:
        return list(read.get(entry_id, ()))
    return fetch(db, Pairing, _SEATED + " AND +game_no = :g", "id", e=event_id, g=game, a=entry_id)


def pairing_at_table(db: Db, event_id: int, game: int, table: int) -> Pairing | None:
    found = fetch(db, Pairing, "event_id = :e AND game_no = :g AND table_no = :t", e=event_id, g=game, t=table)
    return found[0] if found else None


def game_exists(db: Db, event_id: int, game: int) -> bool:
    return int(db.scalar("SELECT COUNT(*) FROM pairing WHERE event_id = :e AND game_no = :g", e=event_id, g=game)) > 0


def outcomes_for(db: Db, pairing_ids: list[int]) -> list[Outcome]:
    found = [o for marks, params in in_lists("p", pairing_ids) for o in fetch(db, Outcome, f"pairing_id IN {marks}", **params)]
    return sorted(found, key=lambda o: (o.pairing_id, o.entry_id))


def event_outcomes(db: Db, event_id: int) -> list[Outcome]:
    return fetch(db, Outcome, "event_id = :e", "pairing_id, entry_id", e=event_id)


def outcome_lines(db: Db, event_id: int) -> Iterator[tuple[Any, ...]]:
    """(entry, own, opp, forfeit, entry1, entry2, game) for every outcome row that counts, streamed."""
    return db.stream(
        "SELECT o.entry_id, o.own_score, o.opp_score, o.forfeit, p.entry1_id, p.entry2_id, p.game_no"
        " FROM outcome o JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e AND o.counted = 1", e=event_id)


def outcome_dict(event_id: int, pairing_id: int, entry: int, own: int, opp: int, opp2: int | None, forfeit: str, source: str,
                 counted: bool) -> dict[str, Any]:
    """One side's card as the outcome row the writer writes."""
    return dict(event_id=event_id, pairing_id=pairing_id, entry_id=entry, own_score=own, opp_score=opp, opp2_score=opp2,
                forfeit=forfeit, source=source, counted=int(counted))


def has_provisional(db: Db, event_id: int) -> bool:
    """Whether a dispute of the event was settled provisionally (before cross-checking).
    Only the few settled tables (those whose cards were kept) are looked at, by
    their own index: the outcome rows' source is in no index."""
    return bool(db.scalar(
        "SELECT COUNT(*) FROM outcome WHERE source = 'provisional' AND pairing_id IN"
        " (SELECT pairing_id FROM settled_card WHERE event_id = :e)", e=event_id))


def provisional_tables(db: Db, event_id: int) -> list[tuple[int, int, int | None, tuple[int, ...], list[tuple[Any, ...]],
                                                         list[tuple[Any, ...]]]]:
    """(pairing, game, table, sides, settled cards, original cards) of every dispute
    settled provisionally (before the last qualifying game): each card as (entry,
    own, opp, opp2, forfeit, source), the originals kept in settled_card."""
    found = []
    for pairing_id, game, table, e1, e2, e3 in db.rows(
            "SELECT p.id, p.game_no, p.table_no, p.entry1_id, p.entry2_id, p.entry3_id FROM pairing p WHERE p.id IN"
            " (SELECT pairing_id FROM outcome WHERE source = 'provisional' AND pairing_id IN"
            " (SELECT pairing_id FROM settled_card WHERE event_id = :e)) ORDER BY p.game_no, p.table_no, p.id",
            e=event_id):
        seats = tuple(e for e in (e1, e2, e3) if e is not None)
        settled = db.rows("SELECT entry_id, own_score, opp_score, opp2_score, forfeit, source FROM outcome WHERE pairing_id = :p",
                          p=pairing_id)
        original = db.rows("SELECT entry_id, own_score, opp_score, opp2_score, forfeit, 'card' FROM settled_card"
                           " WHERE pairing_id = :p", p=pairing_id)
        found.append((pairing_id, game, table, seats, _in_seat_order(settled, seats), _in_seat_order(original, seats)))
    return found


def settled_cards(db: Db, pairing_id: int) -> list[tuple[int, int, int, int | None, str]]:
    """(entry, own, opp, opp2, forfeit) of the players' own cards a settlement of this table kept."""
    return [(int(e), int(o), int(p), None if p2 is None else int(p2), str(f)) for e, o, p, p2, f in db.rows(
        "SELECT entry_id, own_score, opp_score, opp2_score, forfeit FROM settled_card WHERE pairing_id = :p ORDER BY entry_id",
        p=pairing_id)]


def settlements_judged_again(db: Db, event_id: int) -> list[tuple[int, int | None, list[tuple[Any, ...]], list[tuple[Any, ...]]]]:
    """(game, table, settled cards, original cards) of every provisional settlement
    whose outcome changed when it was judged again (source 'rejudged')."""
    found = []
    for pairing_id, game, table, *sides in db.rows(
            "SELECT p.id, p.game_no, p.table_no, p.entry1_id, p.entry2_id, p.entry3_id FROM pairing p WHERE p.id IN"
            " (SELECT pairing_id FROM outcome WHERE event_id = :e AND source = 'rejudged') ORDER BY p.game_no, p.table_no, p.id",
            e=event_id):
        seats = tuple(e for e in sides if e is not None)
        settled = db.rows("SELECT entry_id, own_score, opp_score, opp2_score, forfeit FROM outcome WHERE pairing_id = :p",
                          p=pairing_id)
        original = db.rows("SELECT entry_id, own_score, opp_score, opp2_score, forfeit FROM settled_card WHERE pairing_id = :p",
                           p=pairing_id)
        found.append((game, table, _in_seat_order(settled, seats), _in_seat_order(original, seats)))
    return found


def _in_seat_order(cards: list[tuple[Any, ...]], seats: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """A table's cards (entry first) in the order its players sit, as every line names them."""
    return sorted(cards, key=lambda card: seats.index(card[0]) if card[0] in seats else len(seats))


def uncounted_cards(db: Db, event_id: int) -> list[tuple[int, int, int | None, tuple[int, ...], list[tuple[Any, ...]]]]:
    """(pairing, game, table, sides, [(entry, own, opp, opp2, forfeit, source), ...]) of
    every table whose players' cards do not count yet (pending or disputed), in game
    and table order: read from the index of the few such cards (schema 20)."""
    rows = db.rows(
        "SELECT p.id, p.game_no, p.table_no, p.entry1_id, p.entry2_id, p.entry3_id, o.entry_id, o.own_score, o.opp_score,"
        " o.opp2_score, o.forfeit, o.source FROM outcome o JOIN pairing p ON p.id = o.pairing_id"
        " WHERE o.event_id = :e AND o.counted = 0 ORDER BY p.game_no, p.table_no, p.id, o.entry_id", e=event_id)
    found = []
    for table, group in groupby(rows, key=lambda r: r[:6]):
        found.append((table[0], table[1], table[2], tuple(e for e in table[3:6] if e is not None), [r[6:] for r in group]))
    return found


def tables_not_agreed(db: Db, event_id: int) -> Iterator[tuple[tuple[int, int, int | None, int, int], list[tuple[Any, ...]]]]:
    """((pairing, game, table, entry1, entry2), [(entry, own, opp, forfeit, source), ...])
    for every table without two cards that agree (no card, one, two that differ, a
    forfeit), in game and table order, streamed. Nearly every table of a finished
    event has two agreeing cards: the database leaves those out, so checking 220,000
    tables reads only the few that need a word."""
    kept = totals.agreement_kept(db, event_id)
    if kept and _every_table_agreed(db, event_id):
        return
    agreed = ("SELECT 1 FROM table_agreed t WHERE t.pairing_id = p.id" if kept else
              "SELECT 1 FROM outcome a JOIN outcome b ON b.pairing_id = a.pairing_id AND b.entry_id > a.entry_id"
              f" WHERE a.pairing_id = p.id AND {totals.AGREE}")
    rows = db.stream(
        "SELECT p.id, p.game_no, p.table_no, p.entry1_id, p.entry2_id, o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source"
        " FROM pairing p LEFT JOIN outcome o ON o.pairing_id = p.id WHERE p.event_id = :e AND p.entry2_id IS NOT NULL"
        f" AND NOT EXISTS ({agreed}) ORDER BY p.game_no, p.table_no, p.id, o.entry_id", e=event_id)
    for table, group in groupby(rows, key=lambda r: r[:5]):
        yield table, [r[5:] for r in group if r[5] is not None]


def _every_table_agreed(db: Db, event_id: int) -> bool:
    """Whether every table (not a bye) has two agreeing cards, by counting: the kept
    agreeing tables are some of the event's tables, so as many means all of them.
    Two counts, not one with a condition: each reads an index alone (the byes their
    own, schema 18) instead of 220,000 table rows."""
    tables = db.scalar("SELECT COUNT(*) FROM pairing WHERE event_id = :e", e=event_id)
    byes = db.scalar("SELECT COUNT(*) FROM pairing WHERE event_id = :e AND entry2_id IS NULL", e=event_id)
    return bool(tables - byes == db.scalar("SELECT COUNT(*) FROM table_agreed WHERE event_id = :e", e=event_id))


def games_under_way(db: Db, event_id: int) -> set[int]:
    """The games with at least one card entered."""
    games = {r[0] for r in db.rows(
        "SELECT g.game_no FROM (SELECT DISTINCT game_no FROM pairing WHERE event_id = :e) g"
        " WHERE EXISTS (SELECT 1 FROM pairing p JOIN outcome o ON o.pairing_id = p.id"
        " WHERE p.event_id = :e AND p.game_no = g.game_no)", e=event_id)}
    return games


def cards_between(db: Db, event_id: int, entries: Collection[int]) -> Iterator[tuple[int, int, int, str, int, int | None]]:
    """(entry, own, opp, forfeit, entry1, entry2) of the counted cards of games between two of these entries."""
    ids = sorted(entries)
    every = ", ".join("%d" % i for i in ids)  # our own integers, written in
    for start in range(0, len(ids), 10_000):
        chunk = ", ".join("%d" % i for i in ids[start:start + 10_000])
        yield from db.stream(
            "SELECT o.entry_id, o.own_score, o.opp_score, o.forfeit, p.entry1_id, p.entry2_id"
            f" FROM outcome o JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e AND o.counted = 1"
            f" AND o.entry_id IN ({chunk})"
            f" AND (CASE WHEN p.entry1_id = o.entry_id THEN p.entry2_id ELSE p.entry1_id END) IN ({every})", e=event_id)


def outcome_lines3(db: Db, event_id: int, counted_only: bool = True) -> Iterator[tuple[Any, ...]]:
    """(entry, own, opp, opp2, forfeit, entry1, entry2, entry3, game) for every outcome
    row of a three-sided event that counts (``counted_only``; else every card), streamed."""
    return db.stream(
        "SELECT o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, p.entry1_id, p.entry2_id, p.entry3_id, p.game_no"
        " FROM outcome o JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e"
        + (" AND o.counted = 1" if counted_only else ""), e=event_id)


def tables_with_cards3(db: Db, event_id: int) -> Iterator[tuple[tuple[int, int, int | None, tuple[int, ...]], list[tuple[Any, ...]]]]:
    """((pairing, game, table, sides), [(entry, own, opp, opp2, forfeit, source), ...]) for
    every table of a three-sided event, in game and table order, streamed."""
    rows = db.stream(
        "SELECT p.id, p.game_no, p.table_no, p.entry1_id, p.entry2_id, p.entry3_id, o.entry_id, o.own_score, o.opp_score,"
        " o.opp2_score, o.forfeit, o.source"
        " FROM pairing p LEFT JOIN outcome o ON o.pairing_id = p.id WHERE p.event_id = :e AND p.entry2_id IS NOT NULL"
        " ORDER BY p.game_no, p.table_no, p.id, o.entry_id", e=event_id)
    for table, group in groupby(rows, key=lambda r: r[:6]):
        sides = tuple(e for e in table[3:6] if e is not None)
        yield (table[0], table[1], table[2], sides), [r[6:] for r in group if r[6] is not None]


def byes(db: Db, event_id: int) -> list[tuple[int, int]]:
    """(entry, game) of every bye: the standings need these, not all the tables."""
    return [tuple(r) for r in db.rows("SELECT entry1_id, game_no FROM pairing WHERE event_id = :e AND entry2_id IS NULL",
                                      e=event_id)]


def with_cards(db: Db, pairing_ids: list[int]) -> set[int]:
    """Which of these tables have a card."""
    return {int(r[0]) for marks, params in in_lists("p", pairing_ids)
            for r in db.rows(f"SELECT DISTINCT pairing_id FROM outcome WHERE pairing_id IN {marks}", **params)}


def tables_without_every_card(db: Db, event_id: int, game: int) -> int:
    """How many tables (not byes) of one game lack a side's card."""
    return int(db.scalar(
        "SELECT COUNT(*) FROM pairing p WHERE p.event_id = :e AND p.game_no = :g AND p.entry2_id IS NOT NULL"
        " AND (SELECT COUNT(*) FROM outcome o WHERE o.pairing_id = p.id)"
        " < CASE WHEN p.entry3_id IS NULL THEN 2 ELSE 3 END", e=event_id, g=game))


def has_result(db: Db, pairing_id: int) -> bool:
    return int(db.scalar("SELECT COUNT(*) FROM outcome WHERE pairing_id = :p", p=pairing_id)) > 0


def results_count(db: Db, event_id: int) -> int:
    return int(db.scalar("SELECT COUNT(DISTINCT pairing_id) FROM outcome WHERE event_id = :e", e=event_id))


def counted_results_count(db: Db, event_id: int) -> int:
    """Tables whose result counts (a lone or disputed card does not: it waits for the other side)."""
    return int(db.scalar("SELECT COUNT(DISTINCT pairing_id) FROM outcome WHERE event_id = :e AND counted", e=event_id))


def first_open_game(db: Db, event_id: int) -> int | None:
    row = db.row(
        "SELECT MIN(p.game_no) FROM pairing p WHERE p.event_id = :e AND p.entry2_id IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM outcome o WHERE o.pairing_id = p.id)", e=event_id)
    return None if row is None else row[0]


def played_games_from(db: Db, event_id: int, first: int) -> list[int]:
    return [r[0] for r in db.rows(
        "SELECT DISTINCT p.game_no FROM pairing p JOIN outcome o ON o.pairing_id = p.id"
        " WHERE p.event_id = :e AND p.game_no >= :g ORDER BY p.game_no", e=event_id, g=first)]


def insert_game(change: Change, rows: list[dict[str, Any]]) -> None:
    """Store the tables and byes of a game not paired before, and keep its seats as
    game_seats reads them (the byes first, as SQLite orders no table number; in id
    order): a round shows the game it has just paired without reading 10,000 tables back."""
    if not rows:
        return
    event_id, game = rows[0]["event_id"], rows[0]["game_no"]
    if game_exists(change.db, event_id, game) or any((r["event_id"], r["game_no"]) != (event_id, game) for r in rows):
        raise ValueError(f"not the tables of one new game: event {event_id}, game {game}")
    change.insert_many("pairing", rows)
    seats = sorted(((r["table_no"], r["entry1_id"], r["entry2_id"], r["entry3_id"]) for r in rows),
                   key=lambda seat: (seat[0] is not None, seat[0] or 0))  # stable: byes in the order written
    change.db.memo(("game_seats", event_id, game), ("pairing",), lambda: seats)


def delete_pairings_from(change: Change, event_id: int, first: int) -> None:
    for table in ("pairing", "game_draw"):
        for (game,) in change.db.rows(f"SELECT DISTINCT game_no FROM {table} WHERE event_id = :e AND game_no >= :g",
                                      e=event_id, g=first):
            change.delete(table, {"event_id": event_id, "game_no": game})


def record_draw(change: Change, event_id: int, game: int, seed: int) -> None:
    change.insert("game_draw", dict(event_id=event_id, game_no=game, seed=seed))


def draw_seed(db: Db, event_id: int, game: int) -> int | None:
    found = db.scalar("SELECT seed FROM game_draw WHERE event_id = :e AND game_no = :g", e=event_id, g=game)
    return None if found is None else int(found)


def cut_playoff_games(db: Db, event_id: int) -> list[tuple[int, int]]:
    return [tuple(r) for r in db.rows("SELECT winner_entry_id, loser_entry_id FROM cut_playoff WHERE event_id = :e ORDER BY id",
                                       e=event_id)]


def cut_playoff_rows(db: Db, event_id: int) -> list[dict[str, Any]]:
    return db.dicts("SELECT id, event_id, winner_entry_id, loser_entry_id, winner_score, loser_score FROM cut_playoff"
                    " WHERE event_id = :e ORDER BY id", e=event_id)


def event_exists(db: Db, event_id: int) -> bool:
    return int(db.scalar("SELECT COUNT(*) FROM event WHERE id = :e", e=event_id)) > 0
