"""The cards of a table of three sides and their settling: ACC 12.2 as
tourney/reconcile.py writes it for any number of sides (``settle_table``), each
card read as its side's version of the table (its scoring: tourney/scoring_three.py).

A table of three counts when every side's card is in and they agree, or none is a
player's own card (``is_final3``); a forfeit is the director's record and stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Sequence

from crib_tourney.tourney.reconcile import Side, Version, settle_table
from crib_tourney.tourney.scoring import ScoringRules
from crib_tourney.tourney.scoring_three import PlacePoints, three_line


@dataclass(frozen=True)
class Card3:
    """One side's card of a table of three: its score and its opponents' in seat order."""

    entry: Side
    own: int
    opp: int
    opp2: int | None
    forfeit: str  # none | won | lost
    source: str  # result | card | resolved

    def version(self, sides: Sequence[Side]) -> Version:
        others = [s for s in sides if s != self.entry]
        return {self.entry: self.own, others[0]: self.opp, others[1]: self.opp2 or 0}


def card_of(entry: Side, version: Version, sides: Sequence[Side], source: str = "resolved") -> Card3:
    """``entry``'s card holding ``version``."""
    others = [version[s] for s in sides if s != entry]
    return Card3(entry, version[entry], others[0], others[1], "none", source)


def cards_agree(cards: Sequence[Card3], sides: Sequence[Side]) -> bool:
    """Every card holds the same version (a forfeit is the director's record: it stands)."""
    if any(c.forfeit != "none" for c in cards):
        return True
    return all(c.version(sides) == cards[0].version(sides) for c in cards)


def is_final3(cards: Sequence[Card3], sides: Sequence[Side]) -> bool:
    """Whether a table of three's cards make a final result that counts: every
    side's card, and either they agree or none is a player's own card."""
    return len(cards) == len(sides) and (cards_agree(cards, sides) or all(c.source != "card" for c in cards))


def needs_settling(cards: Sequence[Card3], sides: Sequence[Side]) -> bool:
    """A table with cards that is not final: a card missing, or cards that disagree."""
    return bool(cards) and not is_final3(cards, sides)


def settle(cards: Sequence[Card3], sides: Sequence[Side], qualifiers: Collection[Side], rules: ScoringRules,
           places: PlacePoints) -> list[Card3]:
    """Every side's settled card of a table of three: ACC 12.2 as tourney/reconcile.py's
    ``settle_table`` writes it for any number of sides, each card read as its version
    of the table. A card claims its side's win when its side alone tops it; a
    forfeit is the director's record and stands (only the cards with scores are read)."""
    versions = {c.entry: c.version(sides) for c in cards if c.forfeit == "none"}
    if not versions:
        return list(cards)
    claimants = {e for e, v in versions.items() if v[e] == max(v.values()) and list(v.values()).count(v[e]) == 1}

    def worth(side: Side, version: Version) -> tuple[int, int, int]:
        others = [version[s] for s in sides if s != side]
        line = three_line(version[side], others[0], others[1], rules, places)
        return (line.game_points, int(line.won), line.spread)

    settled = settle_table(sides, versions, qualifiers, claimants, worth)
    return [card_of(side, settled[side], sides) for side in sides]


def use_card3(cards: Sequence[Card3], sides: Sequence[Side], entry: Side) -> list[Card3]:
    """The director's choice: one card's version stands for every side."""
    chosen = next(c for c in cards if c.entry == entry)
    return [card_of(side, chosen.version(sides), sides) for side in sides]
