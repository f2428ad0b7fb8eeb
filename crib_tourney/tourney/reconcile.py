"""Scorecard reconciliation (ACC rule 12.2, "Resolving Scorecard Discrepancies
during Cross-Checking") as pure functions, written once for a table of any number
of sides (``settle_table``); two sides here (``resolve``), three in
tourney/reconcile_three.py (``settle``), each saying only how its cards read.

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
own cards (services/standings.apparent_qualifiers).

The rule for any number of sides (``settle_table``), each card read as its
*version* of the table (every side's score):

- when two or more cards each claim their own side's win, each of those sides is
  charged a loss by its own card's spread: its own version with its score and the
  best other score exchanged (12.2(e));
- otherwise, when every card holds one version, every side takes it (a lone card
  is copied);
- a side that handed in no card takes the version worst for it among the cards;
- an apparent qualifier takes the version worst for it among the cards, and a
  non-qualifier keeps its own card.

"Worst" is by game points, then the win, then the spread, as the table scores
them; versions of equal worth by their scores in seat order (never by the order
the cards came in). At two sides, both cards claiming the *loss* stand as they
are, each by its own card (12.2(e)); the general rule gives the same for cards
with scores (a qualifier's own card is his worst), and says so for forfeits too.

>>> rules = ScoringRules()
>>> hal, flo = Card(1, 121, 100, "none", "card"), Card(2, 121, 111, "none", "card")
>>> [(c.entry, c.own, c.opp) for c in resolve([hal, flo], qualifiers={1}, rules=rules)]
[(1, 100, 121), (2, 111, 121)]
"""

from __future__ import annotations

from typing import Callable, Collection, Mapping, NamedTuple, Sequence

from crib_tourney.tourney.scoring import ScoringRules, game_line, won_game

Side = int
Version = dict[Side, int]  # a card's version of a table: every side's score
Worth = Callable[[Side, Version], tuple[int, int, int]]  # a side's (game points, won, spread) in a version


class Card(NamedTuple):
    """One side's card of one game. A named tuple rather than a frozen record (the
    same immutable value): every result makes some, and making the record's
    dataclass cost `result` 1 ms."""

    entry: int
    own: int
    opp: int
    forfeit: str  # none | won | lost
    source: str  # result | card | resolved | provisional | rejudged (store/models.OutcomeTable)


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


def settle_table(sides: Sequence[Side], versions: Mapping[Side, Version], qualifiers: Collection[Side],
                 claimants: Collection[Side], worth: Worth) -> dict[Side, Version]:
    """ACC 12.2 at a table of any number of sides (see the module's docstring):
    every side's settled version, from each card's ``versions`` (by the side whose
    card it is; a side without a card has none), the apparent ``qualifiers``, the
    sides whose own card claims their win (``claimants``) and how a side's line in
    a version is worth (``worth``)."""
    distinct = sorted({tuple(sorted(v.items())): v for v in versions.values()}.values(), key=lambda v: [v[s] for s in sides])

    def worst_for(side: Side) -> Version:
        return min(distinct, key=lambda v: (worth(side, v), [v[s] for s in sides]))

    settled: dict[Side, Version] = {}
    for side in sides:
        if len(claimants) > 1 and side in claimants:
            settled[side] = charged_a_loss(versions[side], side)
        elif len(distinct) == 1:
            settled[side] = distinct[0]
        elif side not in versions or side in qualifiers:
            settled[side] = worst_for(side)
        else:
            settled[side] = versions[side]
    return settled


def charged_a_loss(version: Version, side: Side) -> Version:
    """A card that claims its side's win, as a loss by the margin it claimed: its
    side's score and the best other score exchanged.

    >>> charged_a_loss({1: 121, 2: 100, 3: 80}, 1)
    {1: 100, 2: 121, 3: 80}
    """
    best_other = max((s for s in version if s != side), key=lambda s: version[s])
    return {**version, side: version[best_other], best_other: version[side]}


def resolve(cards: list[Card], qualifiers: Collection[int], rules: ScoringRules) -> list[Card]:
    """Both sides' settled cards of a disagreeing game (``settle_table`` at two sides)."""
    if both_claim(cards, rules, win=False):  # 12.2(e): both claim the loss: so it is, each by his own card
        return [Card(c.entry, c.own, c.opp, c.forfeit, "resolved") for c in cards]
    a, b = cards
    sides = (a.entry, b.entry)
    claimants = set(sides) if both_claim(cards, rules, win=True) else set()
    versions = {a.entry: {a.entry: a.own, b.entry: a.opp}, b.entry: {b.entry: b.own, a.entry: b.opp}}

    def worth(side: Side, version: Version) -> tuple[int, int, int]:
        line = game_line(version[side], next(score for s, score in version.items() if s != side), rules)
        return (line.game_points, int(line.won), line.spread)

    settled = settle_table(sides, versions, qualifiers, claimants, worth)
    return [Card(mine.entry, settled[mine.entry][mine.entry], settled[mine.entry][theirs.entry],
                 FLIPPED[mine.forfeit] if mine.entry in claimants else mine.forfeit, "resolved")
            for mine, theirs in ((a, b), (b, a))]
