"""Scoring a table of three sides: a three-player game, or partners as three teams
of two (its pairing: tourney/pairings_three.py; its cards settled: tourney/reconcile_three.py).

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
"""

from __future__ import annotations

from typing import Sequence

from crib_tourney.errors import CribError
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
