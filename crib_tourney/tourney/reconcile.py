"""Scorecard reconciliation (ACC rule 12.2) as pure functions.

Each player's scorecard is a record of its own. When two cards of a game
disagree, an apparent qualifier takes the version of the game worse for them,
and a non-qualifier keeps their own card; when both cards claim the win, both
players are charged a loss (12.2(e)): each takes the other's card. A game with
only one card has that card copied to the other player. The director may also
choose one card, which then stands for both (`use_card`).

Who is an apparent qualifier is the caller's to say, and must not depend on
when the rule is applied (services/results.py: the standings before the
disputed game's round).
"""

from __future__ import annotations

from typing import Collection, NamedTuple

from crib_tourney.tourney.scoring import ScoringRules, game_line, won_game


class Card(NamedTuple):
    """One side's card of one game. A named tuple rather than a frozen record (the
    same immutable value): every result makes some, and making the record's
    dataclass cost `result` 1 ms."""

    entry: int
    own: int
    opp: int
    forfeit: str  # none | won | lost
    source: str  # result | card | resolved


FLIPPED = {"won": "lost", "lost": "won", "none": "none"}


def agree(a: Card, b: Card) -> bool:
    if a.forfeit != "none" or b.forfeit != "none":
        return {a.forfeit, b.forfeit} == {"won", "lost"}
    return a.own == b.opp and a.opp == b.own


def needs_resolving(cards: list[Card]) -> bool:
    """Two cards that disagree and were not already settled by the rule."""
    return len(cards) == 2 and not agree(*cards) and not all(c.source == "resolved" for c in cards)


def copy_card(card: Card, other_entry: int) -> list[Card]:
    """A game with one card: both sides take that card's version."""
    return [Card(card.entry, card.own, card.opp, card.forfeit, "resolved"),
            Card(other_entry, card.opp, card.own, FLIPPED[card.forfeit], "resolved")]


def both_claim_the_win(cards: list[Card], rules: ScoringRules) -> bool:
    a, b = cards
    if a.forfeit != "none" or b.forfeit != "none":
        return a.forfeit == b.forfeit == "won"
    return won_game(a.own, a.opp, rules.target_loses) and won_game(b.own, b.opp, rules.target_loses)


def use_card(cards: list[Card], entry: int) -> list[Card]:
    """The director's choice: one card's version stands for both sides."""
    chosen = next(c for c in cards if c.entry == entry)
    other = next(c for c in cards if c.entry != entry)
    return copy_card(chosen, other.entry)


def resolve(cards: list[Card], qualifiers: Collection[int], rules: ScoringRules) -> list[Card]:
    """Both sides' settled cards of a disagreeing game."""
    if both_claim_the_win(cards, rules):  # 12.2(e): a loss for both, each by the other's card
        a, b = cards
        return [Card(a.entry, b.opp, b.own, FLIPPED[b.forfeit], "resolved"),
                Card(b.entry, a.opp, a.own, FLIPPED[a.forfeit], "resolved")]
    settled = []
    for mine, theirs in ((cards[0], cards[1]), (cards[1], cards[0])):
        chosen = (mine.own, mine.opp)
        if mine.entry in qualifiers:
            chosen = min(chosen, (theirs.opp, theirs.own), key=lambda v: _worth(v, rules))
        settled.append(Card(mine.entry, chosen[0], chosen[1], mine.forfeit, "resolved"))
    return settled


def _worth(version: tuple[int, int], rules: ScoringRules) -> tuple[int, int, int]:
    line = game_line(version[0], version[1], rules)
    return (line.game_points, int(line.won), line.spread)
