"""Three sides at a table: a three-player game, or partners as three teams of two.

No ACC format covers it; clubs score by place. The rules here, each a choice
where the rule sheets are silent (README, "Rules implemented"):

- Game points by place, the event's ``place_points`` (default 2,1,0). The winner
  is the side at the target; the other two place by their scores. Two losers on
  the same score share second place (each takes 2nd place's points).
- Skunk lines apply to each loser, measured from the winner's score: for each
  loser inside a line the winner adds that line's bonus over a plain win
  (``skunk_points - win_points``, or ``double_skunk_points - win_points``), so
  under the ACC's 2/3/3 a winner who skunks both losers takes 2 + 1 + 1 = 4. A
  loser keeps its place's points whether skunked or not.
- Spread: each loser's margin (target - its score) is minus to that loser and
  plus to the winner, so a table's spreads net to zero.
- Forfeit: the side that forfeits loses to both others: each of them takes a
  forfeit win (``forfeit_points``, +``forfeit_spread``), the forfeiting side
  −2 × ``forfeit_spread``.
- Head-to-head: a side placed above another at a table beat it.

Pairing seats tables of three so that no two sides meet again while that can be
avoided: a search over the field, most constrained side first, in tiers like the
two-sided pairing's (never met and not kept apart, then met at most once, ...).
When the field is not a multiple of three, one or two sides sit out, each with a
bye, chosen as the two-sided pairing chooses its bye: fewest byes so far first,
then the latest entrant.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Collection, Sequence

from crib_tourney.errors import CribError
from crib_tourney.tourney.pairings import History, most_met, pair_key
from crib_tourney.tourney.scoring import GameLine, ScoringRules

PlacePoints = tuple[int, int, int]
Side = int


def parse_place_points(text: str) -> PlacePoints:
    """'2,1,0': whole game points for 1st, 2nd and 3rd, never rising."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise CribError(f"place_points needs three whole numbers for 1st, 2nd and 3rd, like 2,1,0 (not '{text}')")
    first, second, third = (int(p) for p in parts)
    if not first >= second >= third:
        raise CribError(f"place_points cannot rise from 1st to 3rd ({first},{second},{third})")
    return first, second, third


def check_three_scores(scores: Sequence[int], target: int) -> None:
    """A finished three-sided game: exactly one side at the target, the others below it."""
    if len(scores) != 3:
        raise CribError(f"a table of three needs three scores, not {len(scores)}")
    for score in scores:
        if score < 0:
            raise CribError(f"a score cannot be negative ({score})")
        if score > target:
            raise CribError(f"a score of {score} is above the game target of {target}")
    winners = sum(s == target for s in scores)
    if winners > 1:
        raise CribError(f"two winners: only one side can reach {target}")
    if winners == 0:
        raise CribError(f"no winner: one score must be the game target of {target} ({'-'.join(map(str, scores))})")


def place_of(own: int, others: Sequence[int]) -> int:
    """1 for the winner, 2 or 3 for a loser; losers on one score share 2nd."""
    return 1 + sum(o > own for o in others)


def _bonus(margin: int, rules: ScoringRules) -> int:
    if margin >= rules.double_skunk_margin:
        return rules.double_skunk_points - rules.win_points
    if margin >= rules.skunk_margin:
        return rules.skunk_points - rules.win_points
    return 0


def three_line(own: int, opp: int, opp2: int, rules: ScoringRules, places: PlacePoints) -> GameLine:
    """The line of a side that scored ``own`` against ``opp`` and ``opp2`` (already checked).

    >>> line = three_line(121, 95, 80, ScoringRules(), (2, 1, 0))  # 80 is skunked (41 behind): 2 + 1
    >>> (line.game_points, line.plus, line.skunk_given, line.place)
    (3, 67, True, 1)
    """
    others = (opp, opp2)
    place = place_of(own, others)
    if place == 1:
        margins = [own - o for o in others]
        return GameLine(True, places[0] + sum(_bonus(m, rules) for m in margins), sum(margins), 0,
                        skunk_given=any(m >= rules.skunk_margin for m in margins),
                        double_skunk_given=any(m >= rules.double_skunk_margin for m in margins), place=1)
    margin = max(others) - own
    return GameLine(False, places[place - 1], 0, margin, skunk_taken=margin >= rules.skunk_margin,
                    double_skunk_taken=margin >= rules.double_skunk_margin, place=place)


def three_forfeit_line(won: bool, rules: ScoringRules) -> GameLine:
    """A forfeit at a table of three: each side left takes a forfeit win; the
    forfeiting side loses to both."""
    if won:
        return GameLine(True, rules.forfeit_points, rules.forfeit_spread, 0, forfeit=True, place=1)
    return GameLine(False, 0, 0, 2 * rules.forfeit_spread, forfeit=True, place=3)


def beaten(own: int, others: Sequence[tuple[Side, int]]) -> list[Side]:
    """The sides a side placed above at its table (head-to-head)."""
    return [side for side, score in others if score < own]


# --- pairing ------------------------------------------------------------------------

@dataclass(frozen=True)
class GameTables:
    """One game of a three-sided event: its tables of three, and who sits out."""

    tables: list[tuple[Side, Side, Side]]
    byes: list[Side]


Allowed = Callable[[Side, Side], bool]
SEARCH_BUDGET = 20_000  # nodes per tier: past it the next tier is tried


def pair_triples(players: Sequence[Side], history: History = History(), seed: int | None = None,
                 budget: int = SEARCH_BUDGET) -> GameTables:
    """Tables of three for one game (``seed``: from a random draw of the field)."""
    order = list(players)
    if seed is not None:
        random.Random(seed).shuffle(order)
    if len(order) < 3:
        raise CribError(f"a table of three needs at least 3 sides, not {len(order)}")
    index = {p: i for i, p in enumerate(order)}
    sitting_out = sorted(order, key=lambda p: (history.byes.get(p, 0), -index[p]))[: len(order) % 3]
    rest = [p for p in order if p not in sitting_out]

    def rank(a: Side, b: Side) -> tuple[int, int]:  # partners tried first: met least, then in field order
        return (history.met.get(pair_key(a, b), 0), index[b])

    for allowed in _tiers(history):
        found = _seat(rest, rank, allowed, budget)
        if found is not None:
            return GameTables(found, sorted(sitting_out, key=index.__getitem__))
    raise AssertionError("the last tier allows every table")  # pragma: no cover


def _tiers(history: History) -> list[Allowed]:
    met = history.met

    def meetings(a: Side, b: Side) -> int:
        return met.get(pair_key(a, b), 0)

    def apart(a: Side, b: Side) -> bool:
        return pair_key(a, b) in history.apart

    def same_club(a: Side, b: Side) -> bool:
        club = history.club_of.get(a)
        return club is not None and club == history.club_of.get(b)

    most = most_met(met)
    tiers: list[Allowed] = []
    if history.club_of:
        tiers.append(lambda a, b: not meetings(a, b) and not apart(a, b) and not same_club(a, b))
    def met_at_most(times: int) -> Allowed:
        return lambda a, b: meetings(a, b) <= times and not apart(a, b)

    tiers += [met_at_most(times) for times in range(most + 1)]
    tiers.append(lambda a, b: True)
    return tiers


class _OutOfBudget(Exception):
    pass


def _seat(players: list[Side], rank: Callable[[Side, Side], tuple[int, int]], allowed: Allowed,
          budget: int) -> list[tuple[Side, Side, Side]] | None:
    """Tables of three over ``players`` with every pair allowed, or None (none found
    within the budget). Depth first, the side with fewest allowed partners first,
    its partners tried by ``rank`` (those met least first).

    ``free[p]`` holds p's allowed partners still unseated, kept as sides are seated
    and unseated (last seated, first unseated), so a step costs a pass over the
    field, not over every pair of it."""
    index = {p: i for i, p in enumerate(players)}
    free = {p: {q for q in players if q != p and allowed(p, q)} for p in players}
    unseated = set(players)
    tables: list[tuple[Side, Side, Side]] = []
    nodes = 0

    def seat(*sides: Side) -> None:
        for p in sides:
            unseated.discard(p)
            for q in free[p]:
                free[q].discard(p)

    def unseat(*sides: Side) -> None:
        for p in reversed(sides):
            unseated.add(p)
            for q in free[p]:
                free[q].add(p)

    def go() -> bool:
        nonlocal nodes
        if not unseated:
            return True
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        first = min(unseated, key=lambda p: (len(free[p]), index[p]))
        partners = sorted(free[first], key=lambda q: rank(first, q))
        seat(first)
        for i, second in enumerate(partners):
            for third in sorted(partners[i + 1:], key=lambda q: rank(second, q)):
                if third in free[second]:
                    seat(second, third)
                    tables.append((first, second, third))
                    if go():
                        return True
                    tables.pop()
                    unseat(second, third)
        unseat(first)
        return False

    try:
        if not go():
            return None
    except _OutOfBudget:
        return None
    return [tuple(sorted(t, key=index.__getitem__)) for t in sorted(tables, key=lambda t: min(index[p] for p in t))]  # type: ignore[misc]


# --- reconciliation (ACC 12.2, applied per table of three) ---------------------------

Version = dict[Side, int]  # a card's version of the table: every side's score


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


def _worth(side: Side, version: Version, sides: Sequence[Side], rules: ScoringRules, places: PlacePoints) -> tuple[int, int, int]:
    others = [version[s] for s in sides if s != side]
    line = three_line(version[side], others[0], others[1], rules, places)
    return (line.game_points, int(line.won), line.spread)


def settle(cards: Sequence[Card3], sides: Sequence[Side], qualifiers: Collection[Side], rules: ScoringRules,
           places: PlacePoints) -> list[Card3]:
    """Every side's settled card of a table of three (ACC 12.2, side by side):

    - a side whose card stands alone is copied: cards that agree are copied to a
      side that handed in none;
    - when two or more cards each claim their own side's win, each of them is
      charged a loss by its own card's spread (12.2(e): "each card's spread will be
      moved to the minus column"): its own version with its score and the best
      other score exchanged, so that it trails the winner by its claimed margin;
    - otherwise an apparent qualifier takes the version worst for it among all the
      cards, and a non-qualifier keeps its own card;
    - a side that handed in no card takes the version worst for it among the cards.
    """
    versions = {c.entry: c.version(sides) for c in cards if c.forfeit == "none"}
    if not versions:
        return list(cards)
    distinct = sorted({tuple(sorted(v.items())): v for v in versions.values()}.values(), key=lambda v: [v[s] for s in sides])
    claimants = {e for e, v in versions.items() if v[e] == max(v.values()) and list(v.values()).count(v[e]) == 1}
    settled = []
    def worst_for(side: Side, among: list[Version]) -> Version:  # ties of worth: by the scores, not the cards' order
        return min(among, key=lambda v: (_worth(side, v, sides, rules, places), [v[s] for s in sides]))

    for side in sides:

        if len(distinct) == 1:
            chosen = distinct[0]
        elif side not in versions:
            chosen = worst_for(side, distinct)
        elif len(claimants) > 1 and side in claimants:
            chosen = _charged_a_loss(versions[side], side)
        elif side in qualifiers:
            chosen = worst_for(side, distinct)
        else:
            chosen = versions[side]
        settled.append(card_of(side, chosen, sides))
    return settled


def _charged_a_loss(version: Version, side: Side) -> Version:
    """A card that claims its side's win, as a loss by the margin it claimed."""
    best_other = max((s for s in version if s != side), key=lambda s: version[s])
    return {**version, side: version[best_other], best_other: version[side]}


def use_card3(cards: Sequence[Card3], sides: Sequence[Side], entry: Side) -> list[Card3]:
    """The director's choice: one card's version stands for every side."""
    chosen = next(c for c in cards if c.entry == entry)
    return [card_of(side, chosen.version(sides), sides) for side in sides]
