"""Scorecard reconciliation (ACC rule 12.2, "Resolving Scorecard Discrepancies
during Cross-Checking") as pure functions.

Each player's scorecard is a record of its own, and a game counts only when it is
final (``is_final``): two cards that agree, or a result the director entered or
settled. A lone card is pending, two cards that disagree disputed; neither
counts anywhere until then. When two cards disagree, an apparent qualifier
takes the version of the game worse for them, and a non-qualifier keeps their
own card. When both cards claim the win, 12.2(e): "both players will be charged
with a loss, and each card's spread will be moved to the minus column": each
player takes a loss by the margin his *own* card claimed (a player who overstates
his margin charges it to himself, not to his opponent). A game with only one card
has that card copied to the other player. The director may also choose one card,
which then stands for both (`use_card`).

Who is an apparent qualifier is the caller's to say: as cross-checking judges it,
on the standings after the last qualifying game, each player counted from his
own cards (services/recording.py).
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
    source: str  # result | card | resolved | provisional | rejudged (store/models.Outcome)


FLIPPED = {"won": "lost", "lost": "won", "none": "none"}


def agree(a: Card, b: Card) -> bool:
    if a.forfeit != "none" or b.forfeit != "none":
        return {a.forfeit, b.forfeit} == {"won", "lost"}
    return a.own == b.opp and a.opp == b.own


def is_final(cards: list[Card]) -> bool:
    """Whether a table's cards make a final result that counts: both sides' cards,
    and either they agree or neither is a player's own card (the director's result,
    a settlement, a forfeit)."""
    return len(cards) == 2 and (agree(*cards) or all(c.source != "card" for c in cards))


def needs_resolving(cards: list[Card]) -> bool:
    """Two cards that disagree and were not already settled (disputed)."""
    return len(cards) == 2 and not is_final(cards)


def copy_card(card: Card, other_entry: int) -> list[Card]:
    """A game with one card: both sides take that card's version."""
    return [Card(card.entry, card.own, card.opp, card.forfeit, "resolved"),
            Card(other_entry, card.opp, card.own, FLIPPED[card.forfeit], "resolved")]


def both_claim(cards: list[Card], rules: ScoringRules, win: bool) -> bool:
    """Whether both cards claim the win (``win``), or both the loss."""
    a, b = cards
    if a.forfeit != "none" or b.forfeit != "none":
        return a.forfeit == b.forfeit == ("won" if win else "lost")
    return all(won_game(c.own, c.opp, rules.target_loses) == win for c in cards)


def use_card(cards: list[Card], entry: int) -> list[Card]:
    """The director's choice: one card's version stands for both sides."""
    chosen = next(c for c in cards if c.entry == entry)
    other = next(c for c in cards if c.entry != entry)
    return copy_card(chosen, other.entry)


def resolve(cards: list[Card], qualifiers: Collection[int], rules: ScoringRules) -> list[Card]:
    """Both sides' settled cards of a disagreeing game."""
    if both_claim(cards, rules, win=True):  # 12.2(e): a loss for both, each by his own card's spread
        return [Card(c.entry, c.opp, c.own, FLIPPED[c.forfeit], "resolved") for c in cards]
    if both_claim(cards, rules, win=False):  # 12.2(e): both claim the loss: so it is, each by his own card
        return [Card(c.entry, c.own, c.opp, c.forfeit, "resolved") for c in cards]
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
