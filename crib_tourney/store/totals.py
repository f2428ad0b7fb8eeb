"""Each entry's card totals, kept by the writer (schema 16), and the sums they are made of.

The standings add up every card of an event: 440,000 of them at 20,000 players, most
of a second even when the database does the adding. So the one writer keeps the sums
(``entry_total``, a row per entry with cards) as it writes the cards: each step that
writes cards is noted (``mark``), and before the change's log entry is written, or
before anything in the same transaction reads the totals, the noted steps are added
in (``settle``): the worth of each card a step added, less that of each it removed
(an import of a whole game adds 20,000 cards in one statement). A card's worth depends
on the event's scoring rules, so ``totals_kept`` records the rules the event's totals
were summed under; a change of the event row, or totals kept under other rules (an
older release, a migrated database), make the whole event summed again from its
cards. Until then the standings sum the cards themselves (``card_sums``), as they
always may. Kept the same way: which tables have two agreeing cards (``table_agreed``),
so ``check`` and ``cut`` look only at the others.

Derived data, not the record: no audit steps of its own. Undo writes the cards back
through the writer, whose steps take their worth out again, and an entry left with
no cards has no row, so every table is as it was.
"""

from __future__ import annotations

from typing import Any

from crib_tourney.store.sql import Db
from crib_tourney.tourney.scoring import ScoringRules, outcome_line
from crib_tourney.tourney.standings import line_totals
from crib_tourney.store.rows import Event, fetch_one

# entry_total's columns: each of tourney/standings.LINE_TOTALS summed, in its order (what Row.add_totals takes).
SUMS = ("won", "game_points", "plus", "minus", "skunks", "skunks_taken", "double_skunks", "double_skunks_taken")

_FORFEITS = {"none", "won", "lost"}


def mark(db: Db, step: dict[str, Any]) -> None:
    """A step of the writer: one to add in if it wrote cards or an event row."""
    if step["table"] in ("outcome", "event"):
        db.totals_steps.append(step)


def settle(db: Db) -> None:
    """Add in the steps noted since the last settle. A savepoint rolled back takes
    back its steps and this cursor with the sums it wrote (store/sql.py)."""
    steps = db.totals_steps[db.totals_settled:]
    if not steps:
        return
    db.totals_settled = len(db.totals_steps)
    whole: set[int] = set()
    cards: dict[int, dict[tuple[int, int, int, str], int]] = {}  # event: (entry, own, opp, forfeit): cards added less removed
    tables: dict[int, set[int]] = {}  # event: the pairings whose cards changed
    for step in steps:
        if step["table"] == "event":  # its settings (an update), or the event made or removed
            whole.update([int(step["id"])] if step["op"] == "update" else [int(r["id"]) for r in _rows(step)])
            continue
        if step["op"] == "update":  # never made by the writer for cards; should one be, the event is summed again
            whole.update(int(e) for (e,) in db.rows("SELECT event_id FROM outcome WHERE id = :i", i=step["id"]))
            continue
        removed: list[dict[str, Any]] = step["rows"] if step["op"] == "delete" else step.get("before", [])
        added: list[dict[str, Any]] = step["rows"] if step["op"] == "insert" else step.get("after", [])
        for sign, rows in ((-1, removed), (1, added)):
            for r in rows:
                tables.setdefault(int(r["event_id"]), set()).add(int(r["pairing_id"]))
                if not r.get("counted", 1):  # a lone or disputed player's card counts nowhere (a step before schema 20: all did)
                    continue
                kinds = cards.setdefault(int(r["event_id"]), {})
                key = (int(r["entry_id"]), int(r["own_score"]), int(r["opp_score"]), str(r["forfeit"]))
                kinds[key] = kinds.get(key, 0) + sign
    for event_id in sorted(set(tables) | whole):
        if event_id in whole:
            _add_in(db, event_id, None, None)
        else:
            _add_in(db, event_id, cards.get(event_id, {}), tables[event_id])


def kept(db: Db, event_id: int, rules: ScoringRules) -> list[tuple[int, ...]] | None:
    """(entry, cards, SUMS...) of every entry with cards, as the writer keeps them; None
    when they are not kept under these rules (sum the cards instead)."""
    if not is_kept(db, event_id, rules):
        return None
    return db.rows(  # INTEGER columns: ints on either engine
        f"SELECT entry_id, cards, {', '.join(SUMS)} FROM entry_total WHERE event_id = :e", e=event_id)


def is_kept(db: Db, event_id: int, rules: ScoringRules) -> bool:
    """Whether the event's totals are kept, under these rules."""
    settle(db)
    return bool(db.scalar("SELECT rules FROM totals_kept WHERE event_id = :e", e=event_id) == rules_key(rules))


def rules_key(rules: ScoringRules) -> str:
    """The rules as text: totals summed under other rules are not these."""
    return repr(rules)


def _rows(step: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = step.get("rows", []) + step.get("before", []) + step.get("after", [])
    return rows


def _add_in(db: Db, event_id: int, changed: dict[tuple[int, int, int, str], int] | None, tables: set[int] | None) -> None:
    """Add ``changed`` cards ((entry, own, opp, forfeit): how many more) into the
    event's totals, and find again which of ``tables`` have two agreeing cards; or
    (None) do both for the whole event from its cards."""
    event = fetch_one(db, Event, "id = :e", e=event_id)
    if event is None or event.sides != 2:  # gone (an undone consolation), or cards that place three sides
        for table in ("entry_total", "table_agreed", "totals_kept"):
            db.write(f"DELETE FROM {table} WHERE event_id = :e", e=event_id)
        return
    rules = event.settings.scoring_rules()
    key = rules_key(rules)
    if changed is None or tables is None or db.scalar("SELECT rules FROM totals_kept WHERE event_id = :e", e=event_id) != key:
        _sum_whole_event(db, event_id, rules, key)
        _agree_again(db, event_id, None)
        return
    _agree_again(db, event_id, tables)
    worth: dict[tuple[int, int, str], tuple[int, ...]] = {}
    by_entry: dict[int, list[int]] = {}
    for (entry, own, opp, forfeit), count in changed.items():
        if count == 0:
            continue
        kind = (own, opp, forfeit)
        if kind not in worth:
            worth[kind] = line_totals(outcome_line(own, opp, forfeit, rules))
        sums = by_entry.setdefault(entry, [0] * (len(SUMS) + 1))
        sums[0] += count
        for i, value in enumerate(worth[kind], 1):
            sums[i] += count * value
    if not by_entry:
        return
    columns = ("cards",) + SUMS
    db.write_rows(f"INSERT INTO entry_total (entry_id, event_id, {', '.join(columns)})"
                  f" VALUES (:entry, :event, {', '.join(':' + c for c in columns)})"
                  f" ON CONFLICT (entry_id) DO UPDATE SET {', '.join(f'{c} = entry_total.{c} + excluded.{c}' for c in columns)}",
                  [dict(zip(columns, sums), entry=entry, event=event_id) for entry, sums in by_entry.items()])
    db.write("DELETE FROM entry_total WHERE event_id = :e AND cards = 0", e=event_id)  # an entry with no cards has no row


# Two cards of a table that agree: neither a forfeit, each the other's scores reversed.
AGREE = ("a.forfeit = 'none' AND b.forfeit = 'none' AND a.own_score = b.opp_score AND a.opp_score = b.own_score")


def agreement_kept(db: Db, event_id: int) -> bool:
    """Whether ``table_agreed`` holds the event's tables with two agreeing cards
    (kept with its totals, whatever the rules: agreement does not depend on them)."""
    settle(db)
    return bool(db.scalar("SELECT COUNT(*) FROM totals_kept WHERE event_id = :e", e=event_id))


def _agree_again(db: Db, event_id: int, tables: set[int] | None) -> None:
    """Find again which of these tables (None: all the event's) have two agreeing cards."""
    which = "" if tables is None else f" AND pairing_id IN ({', '.join('%d' % t for t in sorted(tables))})"  # our own integers
    db.write(f"DELETE FROM table_agreed WHERE event_id = :e{which}", e=event_id)
    # For some tables, '+' keeps SQLite off the event's index: it read all the event's
    # cards (23 ms of `result` at 1,000 x 22) instead of the few tables' own.
    event = "a.event_id" if tables is None else "+a.event_id"
    db.write("INSERT INTO table_agreed (pairing_id, event_id) SELECT DISTINCT a.pairing_id, :e FROM outcome a"
             " JOIN outcome b ON b.pairing_id = a.pairing_id AND b.entry_id > a.entry_id"
             f" WHERE {event} = :e{which.replace('pairing_id', 'a.pairing_id')} AND {AGREE}", e=event_id)


def _sum_whole_event(db: Db, event_id: int, rules: ScoringRules, key: str) -> None:
    db.write("DELETE FROM entry_total WHERE event_id = :e", e=event_id)
    summing = _sums_sql(db, event_id, rules)
    if summing is not None:
        (with_worth, select), params = summing
        db.write(f"{with_worth} INSERT INTO entry_total (entry_id, cards, {', '.join(SUMS)}, event_id)"
                 f" SELECT {select.replace(' FROM outcome', ', :e FROM outcome', 1)}", **params)
    db.write("DELETE FROM totals_kept WHERE event_id = :e", e=event_id)
    db.write("INSERT INTO totals_kept (event_id, rules) VALUES (:e, :r)", e=event_id, r=key)


# --- sums of the cards themselves ---------------------------------------------------

def _cards(event_id: int) -> tuple[str, dict[str, int]]:
    """FROM and WHERE of an event's cards that count (a final game's), and their parameters."""
    return " FROM outcome o WHERE o.event_id = :e AND o.counted = 1", {"e": event_id}


def _score_kinds(db: Db, event_id: int) -> list[tuple[int, int, str]]:
    """Every distinct (own, opp, forfeit) on the event's cards: a few hundred, however
    large the field, so what each is worth is worked out once per kind."""
    cards, params = _cards(event_id)
    return db.rows("SELECT DISTINCT o.own_score, o.opp_score, o.forfeit" + cards, **params)


def card_sums(db: Db, event_id: int, rules: ScoringRules) -> list[tuple[int, ...]]:
    """(entry, cards, SUMS...) summed from the counted cards themselves, for every entry
    with one: the database adds them up, so 440,000 cards never pass through Python."""
    summing = _sums_sql(db, event_id, rules)
    if summing is None:
        return []
    (with_worth, select), params = summing
    return [tuple(r) for r in db.rows(f"{with_worth} SELECT {select}", **params)]


def _sums_sql(db: Db, event_id: int, rules: ScoringRules) -> tuple[tuple[str, str], dict[str, int]] | None:
    """(the WITH clause naming what each kind of card is worth under ``rules``, the
    select list and the rest of the query summing it per entry), and the parameters;
    None for an event without cards. The worth is our own integers, written into the
    statement (a VALUES list of thousands of rows would outrun the limit on bound
    parameters)."""
    worth = {kind: line_totals(outcome_line(*kind, rules)) for kind in _score_kinds(db, event_id)}
    if not worth:
        return None
    width = len(next(iter(worth.values())))
    literal_rows = []
    for (own, opp, forfeit), values in worth.items():
        if forfeit not in _FORFEITS or len(values) != width:
            raise ValueError(f"not a card's kind: {(own, opp, forfeit)!r} -> {values!r}")
        literal_rows.append("(%d, %d, '%s', %s)" % (own, opp, forfeit, ", ".join("%d" % v for v in values)))
    columns = [f"c{i}" for i in range(width)]
    cards, params = _cards(event_id)
    # The casts give the join's columns the table's types, so SQLite indexes the
    # kinds for the lookup instead of scanning them for every card.
    with_worth = (f"WITH given(own, opp, forfeit, {', '.join(columns)}) AS (VALUES {', '.join(literal_rows)}),"
                  " worth AS MATERIALIZED (SELECT CAST(own AS INTEGER) AS own, CAST(opp AS INTEGER) AS opp,"
                  f" CAST(forfeit AS TEXT) AS forfeit, {', '.join(columns)} FROM given)")
    joined = cards.replace(" WHERE", " JOIN worth w ON w.own = o.own_score AND w.opp = o.opp_score AND w.forfeit = o.forfeit WHERE")
    select = f"o.entry_id, COUNT(*), {', '.join(f'SUM(w.{c})' for c in columns)}{joined} GROUP BY o.entry_id"
    return (with_worth, select), params
