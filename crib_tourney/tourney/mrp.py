"""ACC Master Rating Points (MRPs), the points an ACC-sanctioned Main or
Consolation earns its players, as pure functions over a schedule kept as data.

The schedule is the ACC's effective 2016-08-01 (the ACC desk's sheets MainMRPs
and ConMRPs). A later schedule is a new ``Schedule`` value in ``SCHEDULES``;
nothing else changes.

Qualifying: a qualifier in the top half (rank <= ceil(qualifiers / 2)) earns
``scale x (GP - minimum + 1)``, where ``minimum`` is the least game points the
sheet lists for that number of qualifying games; the bottom half earns a flat
``scale``. Non-qualifiers earn none.

Playoffs: ``playoff_scale x r(r+1)/2`` with r = matches won (a bye counts as a
win) + 1, so a first-round loser has r = 1.

The issue's worked cases:

>>> earned("main", games=12, qualifiers=8, rank=1, game_points=20, matches_won=3).total
105
>>> earned("consolation", games=9, qualifiers=8, rank=2, game_points=17, matches_won=3).total
58
>>> earned("main", games=22, qualifiers=15, rank=8, game_points=30, matches_won=0).qualifying
20
>>> earned("main", games=22, qualifiers=15, rank=9, game_points=30, matches_won=0).qualifying
5

What the table lacks is reported by hand, never guessed:

>>> earned("main", games=13, qualifiers=8, rank=1, game_points=20, matches_won=0).by_hand
'the ACC schedule has no Main with 13 qualifying games'
>>> earned("main", games=12, qualifiers=8, rank=1, game_points=13, matches_won=0).by_hand
'rank 1 has 13 game points, below the 14 the schedule starts at for 12 games'
"""

from __future__ import annotations

import math
from typing import Mapping

from crib_tourney.records import record

KINDS = ("main", "consolation", "none")


@record
class Sheet:
    """One kind of event (Main or Consolation) in a schedule."""

    title: str
    scale: int  # qualifying MRPs per game point above the minimum; the bottom half's flat award
    playoff_scale: int
    minimum: Mapping[int, int]  # qualifying games -> the least game points the sheet lists (top half)


@record
class Schedule:
    effective: str
    sheets: Mapping[str, Sheet]


# The ACC schedule effective 2016-08-01 (ACC desk sheets MainMRPs and ConMRPs).
ACC_2016 = Schedule("2016-08-01", {
    "main": Sheet("Main", scale=5, playoff_scale=7,
                  minimum={12: 14, 14: 17, 16: 20, 18: 22, 20: 25, 21: 26, 22: 27}),
    "consolation": Sheet("Consolation", scale=3, playoff_scale=4,
                         minimum={7: 9, 8: 11, 9: 12, 10: 13, 12: 16}),
})
SCHEDULES = (ACC_2016,)  # newest last
SCHEDULE = SCHEDULES[-1]


@record
class Earned:
    """A qualifier's MRPs (``by_hand``: why the schedule cannot say; then zeros)."""

    qualifying: int
    playoff: int
    by_hand: str | None = None

    @property
    def total(self) -> int:
        return self.qualifying + self.playoff


def top_half(rank: int, qualifiers: int) -> bool:
    """Whether ``rank`` is in the top half of the qualifiers.

    >>> top_half(8, 15), top_half(9, 15)
    (True, False)
    """
    return rank <= math.ceil(qualifiers / 2)


def playoff_points(kind: str, matches_won: int, schedule: Schedule = SCHEDULE) -> int:
    """A qualifier's playoff MRPs.

    >>> [playoff_points("main", w) for w in range(4)], [playoff_points("consolation", w) for w in range(4)]
    ([7, 21, 42, 70], [4, 12, 24, 40])
    """
    r = matches_won + 1
    return schedule.sheets[kind].playoff_scale * r * (r + 1) // 2


def by_hand(kind: str, games: int, schedule: Schedule = SCHEDULE) -> str | None:
    """Why an event of ``games`` qualifying games cannot be scored from the schedule (None: it can)."""
    sheet = schedule.sheets[kind]
    if games not in sheet.minimum:
        return f"the ACC schedule has no {sheet.title} with {games} qualifying games"
    return None


def earned(kind: str, games: int, qualifiers: int, rank: int, game_points: int, matches_won: int,
           schedule: Schedule = SCHEDULE) -> Earned:
    """A qualifier's MRPs: ``rank`` his qualifying rank (his seed), ``matches_won``
    his playoff matches won, byes included."""
    sheet = schedule.sheets[kind]
    missing = by_hand(kind, games, schedule)
    if missing:
        return Earned(0, 0, missing)
    if top_half(rank, qualifiers):
        least = sheet.minimum[games]
        if game_points < least:
            return Earned(0, 0, f"rank {rank} has {game_points} game points, below the {least} the schedule starts at"
                                f" for {games} games")
        qualifying = sheet.scale * (game_points - least + 1)
    else:
        qualifying = sheet.scale
    return Earned(qualifying, playoff_points(kind, matches_won, schedule))
