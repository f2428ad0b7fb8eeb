"""The results report an event sends the association (ACC), checked before it is
written: a report that contradicts itself is never sent.

The checks:
- each qualifier's net spread is his plus less his minus;
- every player placed in the playoffs is a qualifier;
- no one is listed twice (among the qualifiers, or among the placements).

>>> rows = [QualifierLine(1, "Ann", 20, 10, 250, 120, 130), QualifierLine(2, "Bob", 18, 9, 200, 150, 40)]
>>> problems(rows, [("1st", "Ann"), ("2nd", "Cy"), ("3rd", "Ann")])
['Bob: net spread 40 is not plus 200 - minus 150', 'Cy is placed 2nd but is not a qualifier', 'Ann is placed twice']
>>> problems(rows[:1], [("1st", "Ann")])
[]
"""

from __future__ import annotations

from typing import Sequence

from crib_tourney.records import record


@record
class QualifierLine:
    """What the report says of one qualifier's qualifying games."""

    rank: int
    name: str
    game_points: int
    games_won: int
    plus: int
    minus: int
    net: int


def problems(qualifiers: Sequence[QualifierLine], placements: Sequence[tuple[str, str]]) -> list[str]:
    """Why the report cannot be sent as it is (none: it can): ``placements`` are (place, name)."""
    found: list[str] = []
    seen: set[str] = set()
    for row in qualifiers:
        if row.net != row.plus - row.minus:
            found.append(f"{row.name}: net spread {row.net} is not plus {row.plus} - minus {row.minus}")
        if row.name in seen:
            found.append(f"{row.name} is listed twice among the qualifiers")
        seen.add(row.name)
    placed: set[str] = set()
    for place, name in placements:
        if name not in seen:
            found.append(f"{name} is placed {place} but is not a qualifier")
        if name in placed:
            found.append(f"{name} is placed twice")
        placed.add(name)
    return found
