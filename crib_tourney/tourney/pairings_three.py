"""Pairing tables of three (the two-sided pairing: tourney/pairings.py).

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
from typing import Callable, Sequence

from crib_tourney.errors import CribError
from crib_tourney.tourney.pairings import History, most_met, pair_key

Side = int


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
