"""ACC rule 12.2 ("Resolving Scorecard Discrepancies during Cross-Checking") as the
desk applies it: who the apparent qualifiers are, a dispute settled by the rule,
and a settlement made too early judged again.

The rule: "Cross-checking happens after the last qualifying game: all cards are
collected and the apparent qualifiers found (each player counted from his own
cards)." So the apparent qualifiers are the top of the standings counted from each
player's own cards (services/standings.apparent_qualifiers, beside the cut line), judged once every table of the
last qualifying game has its cards in (``cross_checked``). A director may settle a
dispute before then; that settlement is *provisional*: its outcome rows say so and
the original cards are kept (table settled_card). When the last game's cards are
in, every provisional settlement is judged again from its original cards, in the
same change that brought them in and logged with it (``rejudge``); one whose
outcome changed says "rejudged", and `check` lists it (``judged_again``).

The settling itself is tourney/reconcile.py's ``settle_table``, written once for
any number of sides: ``resolve`` reads two sides' cards, tourney/reconcile_three.py's
``settle`` a table of three's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from crib_tourney.services.standings import apparent_qualifiers
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entry_names
from crib_tourney.store.events import scoring_rules
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change
from crib_tourney.tourney.reconcile import Card, resolve
from crib_tourney.tourney.scoring_three import parse_place_points
from crib_tourney.tourney.reconcile_three import Card3, settle

# A card as the store reads it: (entry, own, opp, opp2, forfeit, source).
CardRow = tuple[Any, ...]


def cross_checked(db: Db, event: Event) -> bool:
    """Whether cross-checking can judge now: every qualifying game is paired and every
    table of the last has each side's card (or a result) in."""
    return q.scheduled_games(db, event.id) >= event.games and q.tables_without_every_card(db, event.id, event.games) == 0


def settled_by_rule(event: Event, sides: Sequence[int], cards: Sequence[CardRow], qualifiers: set[int]) -> list[CardRow]:
    """Every side's settled card (entry, own, opp, opp2, forfeit) of a disputed table."""
    rules = scoring_rules(event)
    if len(sides) == 3:
        settled3 = settle([Card3(*c[:6]) for c in cards], sides, qualifiers, rules, parse_place_points(event.place_points))
        return [(c.entry, c.own, c.opp, c.opp2, c.forfeit) for c in settled3]
    two = resolve([Card(c[0], c[1], c[2], c[4], c[5]) for c in cards], qualifiers, rules)
    return [(c.entry, c.own, c.opp, None, c.forfeit) for c in two]


def write_settlement(change: Change, event: Event, pairing_id: int, settled: Sequence[CardRow], source: str,
                     originals: Sequence[CardRow] = ()) -> None:
    """Write a settled table's cards (``source``: resolved | provisional | rejudged),
    keeping the original cards of a settlement by the rule: it is judged again from
    them (provisional), and a card replaced later reopens the game with them."""
    change.replace("outcome", {"pairing_id": pairing_id},
                   [q.outcome_dict(event.id, pairing_id, e, own, opp, opp2, forfeit, source, True)
                    for e, own, opp, opp2, forfeit, *_ in settled])
    if originals:
        change.replace("settled_card", {"pairing_id": pairing_id},
                       [dict(event_id=event.id, pairing_id=pairing_id, entry_id=e, own_score=own, opp_score=opp,
                             opp2_score=opp2, forfeit=forfeit) for e, own, opp, opp2, forfeit, *_ in originals])


def original_cards(change: Change, pairing_id: int) -> dict[int, tuple[int, int, str]]:
    """The players' own cards a settlement of this table kept, (own, opp, forfeit) by
    entry, given back in ``change`` (the settlement is over: a card replaced, or the
    director's result); {} when it kept none."""
    kept = q.settled_cards(change.db, pairing_id)
    if kept:
        change.replace("settled_card", {"pairing_id": pairing_id}, [])
    return {entry: (own, opp, forfeit) for entry, own, opp, _, forfeit in kept}


@dataclass(frozen=True)
class JudgedAgain:
    """A provisional settlement judged again at cross-checking, whose outcome changed."""

    game: int
    table: int | None
    cards: tuple[tuple[str, int, int], ...]  # (name, own, opp) as now settled
    originals: tuple[tuple[str, int, int], ...]  # (name, own, opp) as the cards said

    def line(self) -> str:
        now = "; ".join(f"{n} {own}-{opp}" for n, own, opp in self.cards)
        said = "; ".join(f"{n} {own}-{opp}" for n, own, opp in self.originals)
        return f"game {self.game} table {self.table} judged again at cross-checking: {now} (cards: {said})"


def rejudge(db: Db, event: Event, change: Change) -> list[JudgedAgain]:
    """Once cross-checking can judge, every provisional settlement judged again from
    its original cards, in ``change``; the ones whose outcome changed."""
    if event.sides not in (2, 3) or not q.has_provisional(db, event.id) or not cross_checked(db, event):
        return []
    tables = q.provisional_tables(db, event.id)
    qualifiers = apparent_qualifiers(db, event)
    names = entry_names(db, event)
    changed: list[JudgedAgain] = []
    for pairing_id, game, table, sides, settled, originals in tables:
        again = settled_by_rule(event, sides, originals, qualifiers)
        moved = sorted(tuple(c[:5]) for c in again) != sorted(tuple(c[:5]) for c in settled)
        write_settlement(change, event, pairing_id, again, "rejudged" if moved else "resolved")
        if moved:
            changed.append(JudgedAgain(game, table, tuple((names[c[0]], c[1], c[2]) for c in again),
                                       tuple((names[c[0]], c[1], c[2]) for c in originals)))
    return changed


def judged_again(db: Db, event: Event) -> list[JudgedAgain]:
    """Every settlement whose outcome changed when judged again at cross-checking."""
    names = entry_names(db, event)
    return [JudgedAgain(game, table, tuple((names[c[0]], c[1], c[2]) for c in settled),
                        tuple((names[c[0]], c[1], c[2]) for c in originals))
            for game, table, settled, originals in q.settlements_judged_again(db, event.id)]
