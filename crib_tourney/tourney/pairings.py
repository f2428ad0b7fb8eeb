"""Qualifying pairings: a fixed rotation so every player meets a different opponent
each game while that is possible, and with an odd field a different player sits out
each game.

The rotation is the circle method over the entry list: it gives N-1 games without a
repeat for an even field (N games with one bye each for an odd field). When the field
changes (late entries, withdrawals) the rotation is checked against the games already
played, and repairs fall back to a search that avoids repeat opponents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

Player = Hashable


@dataclass(frozen=True)
class GamePairing:
    tables: list[tuple[Player, Player]]
    bye: Player | None


def circle_round(players: Sequence[Player], round_index: int) -> GamePairing:
    """Round ``round_index`` (0-based) of the circle method over ``players``."""
    field: list[Player | None] = list(players)
    if len(field) % 2:
        field.append(None)  # the sit-out slot
    n = len(field)
    if n == 0:
        return GamePairing([], None)
    r = round_index % (n - 1) if n > 2 else 0
    # Seat 0 stays put; the others rotate one place each round.
    rest = field[1:]
    rest = rest[-r:] + rest[:-r] if r else rest
    seats = [field[0]] + rest
    tables: list[tuple[Player, Player]] = []
    bye = None
    for k in range(n // 2):
        a, b = seats[k], seats[n - 1 - k]
        if a is None or b is None:
            bye = a if b is None else b
            continue
        tables.append((a, b))
    return GamePairing(tables, bye)


def pair_game(
    players: Sequence[Player],
    round_index: int,
    met: set[frozenset],
    byes: dict[Player, int],
) -> GamePairing:
    """Pair one game: the fixed rotation when it repeats no opponent, else a search
    for pairings that avoid repeats (and give the bye to whoever has had fewest)."""
    proposal = circle_round(players, round_index)
    repeats = any(frozenset(t) in met for t in proposal.tables)
    bye_ok = proposal.bye is None or byes.get(proposal.bye, 0) == min(byes.get(p, 0) for p in players)
    if not repeats and bye_ok:
        return proposal
    return _search(players, met, byes)


def _search(players: Sequence[Player], met: set[frozenset], byes: dict[Player, int]) -> GamePairing:
    pool = list(players)
    bye = None
    if len(pool) % 2:
        # fewest byes first; among those the latest entrant sits out
        fewest = min(byes.get(p, 0) for p in pool)
        bye = [p for p in pool if byes.get(p, 0) == fewest][-1]
        pool.remove(bye)
    tables = _match_avoiding_repeats(pool, met)
    if tables is None:  # no pairing without a repeat exists (or none found): repeat as little as greedily can
        tables = _greedy(pool, met)
    return GamePairing(tables, bye)


def _greedy(pool: list[Player], met: set[frozenset]) -> list[tuple[Player, Player]]:
    free = list(pool)
    tables = []
    while free:
        a = free.pop(0)
        b = next((p for p in free if frozenset((a, p)) not in met), free[0])
        free.remove(b)
        tables.append((a, b))
    return tables


def _match_avoiding_repeats(pool: list[Player], met: set[frozenset], budget: int = 200_000) -> list[tuple[Player, Player]] | None:
    """Depth-first perfect matching with no repeat pair; None if none found in budget."""
    steps = 0
    tables: list[tuple[Player, Player]] = []
    used: set[int] = set()

    def first_free() -> int | None:
        for k in range(len(pool)):
            if k not in used:
                return k
        return None

    def solve() -> bool:
        nonlocal steps
        a = first_free()
        if a is None:
            return True
        used.add(a)
        for b in range(a + 1, len(pool)):
            if b in used or frozenset((pool[a], pool[b])) in met:
                continue
            steps += 1
            if steps > budget:
                break
            used.add(b)
            tables.append((pool[a], pool[b]))
            if solve():
                return True
            tables.pop()
            used.discard(b)
        used.discard(a)
        return False

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(pool) + 100))
    try:
        return tables if solve() else None
    finally:
        sys.setrecursionlimit(limit)
