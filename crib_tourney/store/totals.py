"""Each entry's card totals, kept by the writer (schema 16), and the sums they are made of.

The standings add up every card of an event: 440,000 of them at 20,000 players, most
of a second even when the database does the adding. So the one writer keeps the sums
(``entry_total``, a row per entry with cards) as it writes the cards: a change marks
the entries whose cards it wrote (``mark``), and before its log entry is written, or
before anything in the same transaction reads the totals, they are summed again from
those entries' cards (``settle``). A card's worth depends on the event's scoring rules,
so ``totals_kept`` records the rules the event's totals were summed under; a change of
the event row sums the whole event again, and totals kept under other rules (an older
release, a migrated database) are not read: the standings then sum the cards themselves
(``card_sums``), as they always may.

Derived data, not the record: no audit steps of its own. Undo writes the cards back
through the writer, which sums the same entries again, so every table is as it was.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from crib_tourney.store.sql import Db
from crib_tourney.tourney.scoring import ScoringRules, outcome_line
from crib_tourney.tourney.standings import line_totals

# entry_total's columns: each of tourney/standings.LINE_TOTALS summed, in its order (what Row.add_totals takes).
SUMS = ("won", "game_points", "plus", "minus", "skunks", "skunks_taken", "double_skunks", "double_skunks_taken")

_FORFEITS = {"none", "won", "lost"}
_WHOLE = None  # due: the whole event, not some entries


def mark(db: Db, step: dict[str, Any]) -> None:
    """A step of the writer: owe new totals for the entries whose cards it wrote, or
    for the whole event whose row (its settings) it changed."""
    table = step["table"]
    if table == "outcome":
        for row in step.get("rows", []) + step.get("before", []) + step.get("after", []):
            due = db.totals_due.setdefault(int(row["event_id"]), set())
            if due is not _WHOLE:
                due.add(int(row["entry_id"]))
    elif table == "event":
        ids = [step["id"]] if step["op"] == "update" else [r["id"] for r in step.get("rows", []) + step.get("after", [])]
        for event_id in ids:
            db.totals_due[int(event_id)] = _WHOLE


def settle(db: Db) -> None:
    """Sum again what this transaction's writes made due. What was due stays due: a
    savepoint rolled back after this takes these sums with it, and the next settle
    (the change's log entry always makes one) sums again."""
    for event_id, entries in list(db.totals_due.items()):
        _sum_again(db, event_id, entries)


def kept(db: Db, event_id: int, rules: ScoringRules) -> list[tuple[int, ...]] | None:
    """(entry, cards, SUMS...) of every entry with cards, as the writer keeps them; None
    when they are not kept under these rules (sum the cards instead)."""
    settle(db)
    if db.scalar("SELECT rules FROM totals_kept WHERE event_id = :e", e=event_id) != rules_key(rules):
        return None
    return [tuple(int(v) for v in r) for r in db.rows(
        f"SELECT entry_id, cards, {', '.join(SUMS)} FROM entry_total WHERE event_id = :e", e=event_id)]


def rules_key(rules: ScoringRules) -> str:
    """The rules as text: totals summed under other rules are not these."""
    return repr(rules)


def _sum_again(db: Db, event_id: int, entries: set[int] | None) -> None:
    from crib_tourney.store.rows import Event, fetch_one

    event = fetch_one(db, Event, "id = :e", e=event_id)
    if event is None or event.sides != 2:  # gone (an undone consolation), or cards that place three sides
        db.write("DELETE FROM entry_total WHERE event_id = :e", e=event_id)
        db.write("DELETE FROM totals_kept WHERE event_id = :e", e=event_id)
        return
    rules = event.settings.scoring_rules()
    key = rules_key(rules)
    if entries is not None and db.scalar("SELECT rules FROM totals_kept WHERE event_id = :e", e=event_id) != key:
        entries = None  # never kept, or under other rules: the whole event
    which = "" if entries is None else f" AND entry_id IN ({', '.join('%d' % e for e in sorted(entries))})"  # our own integers
    if entries is not None and not entries:
        return
    db.write(f"DELETE FROM entry_total WHERE event_id = :e{which}", e=event_id)
    of_entries = which.replace("entry_id", "o.entry_id")
    worth = {kind: line_totals(outcome_line(*kind, rules)) for kind in score_kinds(db, event_id, also=of_entries)}
    if worth:
        sums, params = _sums_sql(event_id, worth, None, of_entries)
        db.write(f"{sums[0]} INSERT INTO entry_total (event_id, entry_id, cards, {', '.join(SUMS)})"
                 f" SELECT :e, {sums[1]}", **params)
    if entries is None:
        db.write("DELETE FROM totals_kept WHERE event_id = :e", e=event_id)
        db.write("INSERT INTO totals_kept (event_id, rules) VALUES (:e, :r)", e=event_id, r=key)


# --- sums of the cards themselves ---------------------------------------------------

def _cards(event_id: int, before_game: int | None) -> tuple[str, dict[str, int]]:
    """FROM and WHERE of an event's cards, those of games before ``before_game`` if
    given, and their parameters."""
    if before_game is None:
        return " FROM outcome o WHERE o.event_id = :e", {"e": event_id}
    return (" FROM outcome o JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e AND p.game_no < :g",
            {"e": event_id, "g": before_game})


def score_kinds(db: Db, event_id: int, before_game: int | None = None, also: str = "") -> list[tuple[int, int, str]]:
    """Every distinct (own, opp, forfeit) on the event's cards (``also``: a further
    condition on them): a few hundred, however large the field, so what each is
    worth is worked out once per kind."""
    cards, params = _cards(event_id, before_game)
    return db.rows("SELECT DISTINCT o.own_score, o.opp_score, o.forfeit" + cards + also, **params)


def card_sums(db: Db, event_id: int, worth: Mapping[tuple[int, int, str], Sequence[int]],
              before_game: int | None = None) -> list[tuple[int, ...]]:
    """(entry, cards, each column of ``worth`` summed over the entry's cards) for every
    entry with a card. ``worth`` gives what each (own, opp, forfeit) of score_kinds()
    counts for; the database adds them up, so 440,000 cards never pass through Python."""
    if not worth:
        return []
    (with_worth, select), params = _sums_sql(event_id, worth, before_game)
    return [tuple(int(v) for v in r) for r in db.rows(f"{with_worth} SELECT {select}", **params)]


def _sums_sql(event_id: int, worth: Mapping[tuple[int, int, str], Sequence[int]], before_game: int | None,
              also: str = "") -> tuple[tuple[str, str], dict[str, int]]:
    """(the WITH clause naming each kind's worth, the select list and the rest of the
    query summing it per entry), and the parameters. The worth is our own integers,
    written into the statement (a VALUES list of thousands of rows would outrun the
    limit on bound parameters)."""
    width = len(next(iter(worth.values())))
    literal_rows = []
    for (own, opp, forfeit), values in worth.items():
        if forfeit not in _FORFEITS or len(values) != width:
            raise ValueError(f"not a card's kind: {(own, opp, forfeit)!r} -> {values!r}")
        literal_rows.append("(%d, %d, '%s', %s)" % (own, opp, forfeit, ", ".join("%d" % v for v in values)))
    columns = [f"c{i}" for i in range(width)]
    cards, params = _cards(event_id, before_game)
    # The casts give the join's columns the table's types, so SQLite indexes the
    # kinds for the lookup instead of scanning them for every card.
    with_worth = (f"WITH given(own, opp, forfeit, {', '.join(columns)}) AS (VALUES {', '.join(literal_rows)}),"
                  " worth AS MATERIALIZED (SELECT CAST(own AS INTEGER) AS own, CAST(opp AS INTEGER) AS opp,"
                  f" CAST(forfeit AS TEXT) AS forfeit, {', '.join(columns)} FROM given)")
    joined = cards.replace(" WHERE", " JOIN worth w ON w.own = o.own_score AND w.opp = o.opp_score AND w.forfeit = o.forfeit WHERE")
    select = f"o.entry_id, COUNT(*), {', '.join(f'SUM(w.{c})' for c in columns)}{joined}{also} GROUP BY o.entry_id"
    return (with_worth, select), params
