"""Three sides at a table (three-player, or partners as three teams of two): seating
a game, recording a table's three scores (or one side's own card of them), and
settling a table's disagreeing cards. The rules are tourney/scoring_three.py's
(scoring), tourney/pairings_three.py's (seating) and tourney/reconcile_three.py's
(settling, ACC 12.2 as tourney/reconcile.py writes it for any number of sides); every
write goes through the one writer, in the same changes as a two-sided result's.

Each side's card (an outcome row) keeps its own score and its two opponents'
(``opp_score``, ``opp2_score``), the opponents taken in the table's seat order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from crib_tourney.errors import AlreadyRecorded, CribError
from crib_tourney.services import cross_checking as cc
from crib_tourney.services import recording as r
from crib_tourney.services.standings import apparent_qualifiers, scoring_rules
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.tourney.pairings import History
from crib_tourney.tourney.scoring_three import check_three_scores
from crib_tourney.tourney.pairings_three import pair_triples
from crib_tourney.tourney.reconcile_three import Card3, is_final3, needs_settling, use_card3


@dataclass(frozen=True)
class ThreeResult:
    """A table of three's scores, best first, or one side's own card of them."""

    game: int
    table: int | None
    sides: tuple[tuple[str, int], ...]  # (name, score), best first
    card_of: str | None = None

    def line(self) -> str:
        text = f"game {self.game} table {self.table}: " + " - ".join(f"{n} {s}" for n, s in self.sides)
        return f"recorded {self.card_of}'s card, {text}" if self.card_of is not None else f"recorded {text}"


def schedule_three(change: Change, event: Event, game_no: int, players: list[int], history: History,
                   draw_seed: int | None) -> None:
    """Seat game ``game_no`` in tables of three; one or two sides sit out (a bye each)."""
    if len(players) < 3:
        raise CribError(f"{event.name} seats three at a table: it needs at least 3 entries to pair a game (has {len(players)})")
    found = pair_triples(players, history, seed=draw_seed)
    if draw_seed is not None:
        q.record_draw(change, event.id, game_no, draw_seed)
    rows: list[dict[str, Any]] = [dict(event_id=event.id, game_no=game_no, table_no=t, entry1_id=a, entry2_id=b, entry3_id=c)
                                  for t, (a, b, c) in enumerate(found.tables, 1)]
    rows += [dict(event_id=event.id, game_no=game_no, table_no=None, entry1_id=p, entry2_id=None, entry3_id=None)
             for p in found.byes]
    q.insert_game(change, rows)


def card_row(event: Event, pairing: Pairing, entry: int, by_entry: dict[int, int], forfeit: str, source: str,
             counted: bool | None = None) -> dict[str, Any]:
    """One side's card: its own score, then its opponents' in seat order. It counts
    (``counted``, by default) unless it is a player's own card (three_rows)."""
    opp, opp2 = (by_entry[e] for e in pairing.sides if e != entry)
    return dict(event_id=event.id, pairing_id=pairing.id, entry_id=entry, own_score=by_entry[entry], opp_score=opp,
                opp2_score=opp2, forfeit=forfeit, source=source, counted=int(source != "card" if counted is None else counted))


def three_rows(event: Event, pairing: Pairing, cards: Sequence[Card3]) -> list[dict[str, Any]]:
    """A table of three's cards as outcome rows, counted only if together they are final."""
    final = is_final3(cards, pairing.sides)
    return [dict(event_id=event.id, pairing_id=pairing.id, entry_id=c.entry, own_score=c.own, opp_score=c.opp,
                 opp2_score=c.opp2, forfeit=c.forfeit, source=c.source, counted=int(final)) for c in cards]


def find_table(db: Db, event: Event, entries: Sequence[int], game: int | None) -> Pairing:
    """The table at which these three entries sit: in the given game, or the one
    without a result (the latest if all have results)."""
    names = entry_names(db, event)
    first = entries[0]
    candidates = q.pairings_of(db, event.id, first, game)
    if game is not None and not candidates:
        if not q.game_exists(db, event.id, game):
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{names[first]} has no seat in game {game} of {event.name}")
    together = [p for p in candidates if set(p.sides) == set(entries)]
    if not together:
        where = f"game {game}" if game is not None else "any game"
        raise CribError(f"{', '.join(names[e] for e in entries[:-1])} and {names[entries[-1]]} are not seated together"
                        f" in {where} of {event.name}")
    if game is None:
        unplayed = [p for p in together if not q.has_result(db, p.id)]
        return unplayed[0] if unplayed else together[-1]
    return together[0]


def three_result(db: Db, event: Event, change: Change, scored: Sequence[tuple[int, int]], game: int | None,
                 replace: bool, card_of: int | None) -> ThreeResult:
    """Record a table's three scores (``card_of``: only that side's own card of them)."""
    names = entry_names(db, event)
    ids = [e for e, _ in scored]
    twice = next((e for e in ids if ids.count(e) > 1), None)
    if twice is not None:
        raise CribError(f"{names[twice]} is named twice: a table of three is three different sides")
    rules = scoring_rules(event)
    check_three_scores([s for _, s in scored], rules.target)
    pairing = find_table(db, event, ids, game)
    r.refuse_withdrawn(db, event, pairing)
    by_entry = dict(scored)
    best_first = tuple(sorted(((names[e], by_entry[e]) for e in pairing.sides), key=lambda x: -x[1]))
    existing = q.outcomes_for(db, [pairing.id])
    if card_of is None:
        if existing and not replace:
            raise AlreadyRecorded(f"game {pairing.game_no} table {pairing.table_no} already has a result")
        if existing:
            change.action = "replace"
            cc.original_cards(change, pairing.id)  # the director's result replaces a settlement and the cards it kept
        rows = [card_row(event, pairing, e, by_entry, "none", "result") for e in pairing.sides]
        change.replace("outcome", {"pairing_id": pairing.id}, rows)
        return ThreeResult(pairing.game_no, pairing.table_no, best_first)
    if card_of not in by_entry:
        raise CribError(f"--card {names[card_of]}: that side is not at this table")
    if any(o.entry_id == card_of for o in existing) and not replace:
        raise AlreadyRecorded(f"{names[card_of]}'s card for game {pairing.game_no} is already entered")
    kept = {e: (own, opp, opp2, forfeit) for e, own, opp, opp2, forfeit in q.settled_cards(db, pairing.id)}
    cc.original_cards(change, pairing.id)  # a settled table reopened: the others' own cards again, not the settlement
    keep = [Card3(o.entry_id, *kept[o.entry_id], "card") if o.entry_id in kept else
            Card3(o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, o.source) for o in existing if o.entry_id != card_of]
    mine = card_row(event, pairing, card_of, by_entry, "none", "card")
    change.action = "card"
    change.replace("outcome", {"pairing_id": pairing.id},
                   three_rows(event, pairing, keep + [Card3(card_of, mine["own_score"], mine["opp_score"], mine["opp2_score"], "none", "card")]))
    return ThreeResult(pairing.game_no, pairing.table_no, best_first, names[card_of])


def record_three(db: Db, event_id: int, scored: Sequence[tuple[int, int]], *, game: int | None = None,
                 replace: bool = False, card: int | None = None, by: Actor = CLI, recut: bool = False) -> r.Recorded:
    """A game of three sides: (entry, score) for each, in any order (``recut``: after the
    cut, a change that moves the qualifiers recuts the bracket)."""
    event = load_event(db, event_id)
    if event.sides != 3:
        raise CribError(f"{event.name} seats two sides at a table: give two players and their scores")
    if len(scored) != 3:
        raise CribError(f"a table of three needs three sides and their scores, not {len(scored)}")
    return r.qualifying_change(db, event, "result", recut, by,
                                lambda change: three_result(db, event, change, scored, game, replace, card))


@dataclass(frozen=True)
class TableSettled:
    """A table of three's cards settled (ACC 12.2 side by side, or the director's chosen card)."""

    game: int
    table: int | None
    cards: tuple[tuple[str, tuple[int, ...], bool], ...]  # (side, its settled version in seat order, apparent qualifier)
    provisional: bool = False  # settled before cross-checking: judged again once the last game is in

    def line(self) -> str:
        # the scores in seat order, named as `check` names them: "Eve 121-100-100" alone read as Eve's 121
        return f"game {self.game} table {self.table} resolved{' provisionally' if self.provisional else ''}: " + "; ".join(
            f"{n} {'-'.join(map(str, v))}" + (" (apparent qualifier)" if q_ else "") for n, v, q_ in self.cards) + \
            f" (scores in seat order: {', '.join(n for n, _, _ in self.cards)})"


def settle_tables(db: Db, event: Event, recut: bool = False, by: Actor = CLI,
                  use_card: tuple[int, int, int] | None = None, only: tuple[int, int] | None = None) -> list[r.Fact]:
    """check --resolve for a three-sided event: every table missing a card or whose
    cards disagree (``only``: the one at this game and table), or, with ``use_card``
    (game, table, entry), one table by the card the director chose."""
    names = entry_names(db, event)
    unsettled = [(t, [Card3(*row) for row in rows]) for t, rows in q.tables_with_cards3(db, event.id)
                 if needs_settling([Card3(*row) for row in rows], t[3])]
    if only is not None:
        unsettled = [(t, cards) for t, cards in unsettled if (t[1], t[2]) == only]
    if use_card is not None:
        game, table, entry = use_card
        if q.pairing_at_table(db, event.id, game, table) is None:
            raise CribError(f"game {game} of {event.name} has no table {table}")
        unsettled = [(t, cards) for t, cards in unsettled if (t[1], t[2]) == (game, table)]
        if not unsettled or len(unsettled[0][1]) < 2:
            raise CribError(f"game {game} table {table} of {event.name} has no disagreeing cards to choose from")
        if entry not in {c.entry for c in unsettled[0][1]}:
            raise CribError(f"{names[entry]} has no card at game {game} table {table}")
    done: list[r.Fact] = []
    change = Change(db, "resolve", Log(event.id), by)
    qualifiers = apparent_qualifiers(db, event) if use_card is None and unsettled else set()
    early = not cc.cross_checked(db, event)  # a settlement by the rule before cross-checking is provisional
    for (pairing_id, game_no, table_no, sides), cards in unsettled:
        if use_card is not None:
            settled = [(c.entry, c.own, c.opp, c.opp2, c.forfeit) for c in use_card3(cards, sides, use_card[2])]
            cc.write_settlement(change, event, pairing_id, settled, "resolved")
        else:
            held = [(c.entry, c.own, c.opp, c.opp2, c.forfeit, c.source) for c in cards]
            settled = cc.settled_by_rule(event, sides, held, qualifiers)
            cc.write_settlement(change, event, pairing_id, settled, "provisional" if early else "resolved", held)
        shown = tuple((names[e], tuple(Card3(e, own, opp, opp2, f, "").version(sides)[s] for s in sides), e in qualifiers)
                      for e, own, opp, opp2, f in settled)
        done.append(TableSettled(game_no, table_no, shown, use_card is None and early))
    if done:
        done += r.after_change(db, event, change, recut)
        change.log("; ".join(f.line() for f in done))
    return done
