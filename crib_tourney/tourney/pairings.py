"""Qualifying pairings: every player meets a different opponent each game while
that is possible, at any field size, however the field changes.

A game starts from a proposal: the circle method over the entry list (N-1 games
without a repeat for an even field, N with one bye each for an odd one), or, for a
drawn game, a shuffle from a stored seed. Tables of the proposal that break a rule
are taken apart and their players re-seated by a maximum matching over the
allowed pairs (Edmonds' augmenting paths, blossoms included), tried in tiers:

  1. not met before, not kept apart, not from the same club (while that rule runs)
  2. not met before, not kept apart
  3. met at most once, then at most twice, ... (repeats: only when no pairing
     without one exists, and spread so nobody meets one opponent a third time
     while a second meeting would do)
  4. anything (only if players kept apart leave no other way)

Each tier grows the matching of the one before to a maximum matching over its
own allowed pairs, so the pairs from outside tier 2 (the repeats) are as few as
possible. Augmenting paths are found by checking short ones
first (a free partner, or one swap with a seated table), which in a field of
hundreds is almost always enough; the full search runs only when they fail.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import field
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from crib_tourney.records import record

Player = int
Allowed = Callable[[int, int], bool]  # on positions in the field, not player ids


@record
class GamePairing:
    tables: list[tuple[Player, Player]]
    bye: Player | None


@record
class History:
    """What a new game must respect."""

    met: Mapping[tuple[Player, Player], int] = field(default_factory=dict)  # (low, high) -> games played together
    byes: Mapping[Player, int] = field(default_factory=dict)
    apart: frozenset[tuple[Player, Player]] = frozenset()  # (low, high): never at one table (family)
    club_of: Mapping[Player, str] = field(default_factory=dict)  # kept apart this game when given


def pair_key(a: Player, b: Player) -> tuple[Player, Player]:
    return (a, b) if a < b else (b, a)


def pair_code(a: Player, b: Player) -> int:
    """A pair as one int, low * 2**32 + high (store/qualifying.met_codes reads them so)."""
    return (a << 32) | b if a < b else (b << 32) | a


class Meetings(Mapping[tuple[Player, Player], int]):
    """Games played together, by (low, high) pair as History.met, kept by pair
    code: an event's 220,000 tables at 20,000 players as a set of ints (nearly
    every pair has met once), the few pairs that met again counted apart. A
    Counter of them all cost 15 ms more, and its largest count another 6."""

    def __init__(self, codes: Iterable[int] = ()):
        codes = codes if isinstance(codes, list) else list(codes)
        self._met = set(codes)
        self._again = {} if len(self._met) == len(codes) else {c: n for c, n in Counter(codes).items() if n > 1}

    def __getitem__(self, pair: tuple[Player, Player]) -> int:
        code = pair_code(*pair)
        if code not in self._met:
            raise KeyError(pair)
        return self._again.get(code, 1)

    def get(self, pair: tuple[Player, Player], default: int | None = None) -> int | None:  # type: ignore[override]
        code = pair_code(*pair)
        return self._again.get(code, 1) if code in self._met else default

    def __iter__(self) -> Iterator[tuple[Player, Player]]:
        return ((code >> 32, code & 0xFFFFFFFF) for code in self._met)

    def __len__(self) -> int:
        return len(self._met)

    def times(self, a: Player, b: Player) -> int:
        """Games ``a`` and ``b`` played together (pair_code inlined: asked tens of thousands of times a round)."""
        code = (a << 32) | b if a < b else (b << 32) | a
        return self._again.get(code, 1) if code in self._met else 0

    def most(self) -> int:
        """The most games any pair has played together (0: none has)."""
        return max(self._again.values(), default=1 if self._met else 0)


def most_met(met: Mapping[tuple[Player, Player], int]) -> int:
    """The most games any pair has played together: History.met's largest count."""
    return met.most() if isinstance(met, Meetings) else max(met.values(), default=0)


def circle_round(players: Sequence[Player], round_index: int) -> GamePairing:
    """Round ``round_index`` (0-based) of the circle method over ``players``."""
    seats: list[Player | None] = list(players)
    if len(seats) % 2:
        seats.append(None)  # the sit-out slot
    n = len(seats)
    if n == 0:
        return GamePairing([], None)
    r = round_index % (n - 1) if n > 2 else 0
    rest = seats[1:]  # seat 0 stays put; the others rotate one place each round
    seats = [seats[0]] + (rest[-r:] + rest[:-r] if r else rest)
    tables: list[tuple[Player, Player]] = []
    bye = None
    for k in range(n // 2):
        a, b = seats[k], seats[n - 1 - k]
        if a is None or b is None:
            bye = a if b is None else b
        else:
            tables.append((a, b))
    return GamePairing(tables, bye)


def drawn_round(players: Sequence[Player], seed: int) -> GamePairing:
    """A random draw, the same for the same seed and field."""
    order = list(players)
    random.Random(seed).shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    return GamePairing([(order[k], order[k + 1]) for k in range(0, len(order), 2)], bye)


def pair_game(players: Sequence[Player], round_index: int, history: History = History(),
              seed: int | None = None) -> GamePairing:
    """Pair one game: the proposal (rotation or draw) where it breaks no rule,
    repaired by matching where it does; the bye to someone who has had fewest."""
    proposal = circle_round(players, round_index) if seed is None else drawn_round(players, seed)
    bye = _bye(players, proposal.bye, history.byes)
    field_ = [p for p in players if p != bye]
    return GamePairing(_Matcher(field_, history).pair([t for t in proposal.tables if bye not in t]), bye)


def _bye(players: Sequence[Player], proposed: Player | None, byes: Mapping[Player, int]) -> Player | None:
    """Nobody sits out twice before everyone present has sat out once: the
    proposal's sit-out if he has had fewest, else the latest entrant who has."""
    if len(players) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in players)
    if proposed is not None and byes.get(proposed, 0) == fewest:
        return proposed
    return [p for p in players if byes.get(p, 0) == fewest][-1]


class _Matcher:
    """A matching over positions 0..n-1 of the field, grown tier by tier."""

    def __init__(self, players: list[Player], history: History):
        self.players = players
        self.n = len(players)
        self.mate = [-1] * self.n
        self.history = history
        self.position = {p: k for k, p in enumerate(players)}
        self._first, self._after, self._before = -1, dict[int, int](), dict[int, int]()  # the unseated (_link)

    # --- the tiers -------------------------------------------------------------
    # A round at 20,000 players asks some 50,000 times: each test is one call deep.
    def tiers(self) -> list[Allowed]:
        most = most_met(self.history.met)
        tiers = [self._met_fewer_than(times) for times in range(1, most + 2)]  # the first: not met at all
        if self.history.club_of:
            fresh, clubs, players = tiers[0], self.history.club_of, self.players

            def fresh_other_club(i: int, j: int) -> bool:
                club = clubs.get(players[i])
                return fresh(i, j) and (club is None or club != clubs.get(players[j]))

            tiers.insert(0, fresh_other_club)
        tiers.append(lambda i, j: True)
        return tiers

    def _met_fewer_than(self, times: int) -> Allowed:
        players, met, apart = self.players, self._times(), self.history.apart
        if not apart and times == 1 and isinstance(self.history.met, Meetings):
            seen = self.history.met._met  # the first tier, asked most: "never met" is one set lookup

            def fresh(i: int, j: int) -> bool:
                a, b = players[i], players[j]
                return ((a << 32) | b if a < b else (b << 32) | a) not in seen

            return fresh
        if not apart:
            return lambda i, j: met(players[i], players[j]) < times
        return lambda i, j: met(players[i], players[j]) < times and pair_key(players[i], players[j]) not in apart

    def _times(self) -> Callable[[Player, Player], int]:
        met = self.history.met
        if isinstance(met, Meetings):
            return met.times
        return lambda a, b: met.get(pair_key(a, b), 0)

    # --- pairing ---------------------------------------------------------------
    def pair(self, proposal: list[tuple[Player, Player]]) -> list[tuple[Player, Player]]:
        tiers = self.tiers()
        first = tiers[0]
        for a, b in proposal:
            i, j = self.position[a], self.position[b]
            if first(i, j):
                self.mate[i], self.mate[j] = j, i
        for allowed in tiers:
            free = [u for u in range(self.n) if self.mate[u] == -1]
            if not free:
                break
            self._link(free)
            for u in free:
                if self.mate[u] == -1:
                    self._augment(u, allowed)
        return self._tables(proposal)

    def _tables(self, proposal: list[tuple[Player, Player]]) -> list[tuple[Player, Player]]:
        """Tables in the proposal's order where it stood, then the re-seated ones."""
        tables: list[tuple[Player, Player]] = []
        seated: set[int] = set()  # positions
        for a, b in proposal:
            i, j = self.position[a], self.position[b]
            if self.mate[i] == j:
                tables.append((a, b))
                seated.update((i, j))
        for u in range(self.n):
            if u not in seated:
                w = self.mate[u]
                tables.append((self.players[u], self.players[w]))
                seated.update((u, w))
        return tables

    # --- augmenting paths --------------------------------------------------------
    def _augment(self, u: int, allowed: Allowed) -> bool:
        """Grow the matching by one path from free ``u``; False when none exists."""
        mate, after = self.mate, self._after
        w = self._first
        while w != -1:  # a free partner (_free_but, inlined: the loop a round runs most)
            if w != u and allowed(u, w):
                mate[u], mate[w] = w, u
                return self._seated(u, w)
            w = after[w]
        for x in range(self.n):  # one swap: u takes x, x's partner y takes a free w
            y = mate[x]
            if y == -1 or not allowed(u, x):
                continue
            for w in self._free_but(u):
                if allowed(y, w):
                    mate[u], mate[x], mate[y], mate[w] = x, u, w, y
                    return self._seated(u, w)
        end = self._search(u, allowed)
        return end != -1 and self._seated(u, end)

    # The unseated positions, ascending, as a linked list: after a change of the
    # field most of 20,000 can be unseated, and a list copied (or rebuilt from the
    # whole field) for every seat made the round quadratic.
    def _link(self, free: list[int]) -> None:
        self._after = dict(zip(free, free[1:] + [-1]))
        self._before = dict(zip(free, [-1] + free[:-1]))
        self._first = free[0] if free else -1

    def _free_but(self, u: int) -> Iterator[int]:
        w = self._first
        while w != -1:
            if w != u:
                yield w
            w = self._after[w]

    def _seated(self, u: int, w: int) -> bool:
        """``u`` and ``w`` were unseated and are matched now (the others on the path already were)."""
        for v in (u, w):
            before, after = self._before.pop(v), self._after.pop(v)
            if before == -1:
                self._first = after
            else:
                self._after[before] = after
            if after != -1:
                self._before[after] = before
        return True

    def _search(self, root: int, allowed: Allowed) -> int:
        """Edmonds' blossom search for an augmenting path from ``root``; flips it
        and returns its far end, or -1 when there is none."""
        n, mate = self.n, self.mate
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in range(n):
                if to == v or base[v] == base[to] or mate[v] == to or not allowed(v, to):
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    current = self._common_base(v, to, root, base, parent)
                    blossom = [False] * n
                    self._mark(v, current, to, base, parent, blossom)
                    self._mark(to, current, v, base, parent, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        end = to
                        while end != -1:  # flip the path back to the root
                            previous, after = parent[end], mate[parent[end]]
                            mate[end], mate[previous] = previous, end
                            end = after
                        return to
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1

    def _common_base(self, a: int, b: int, root: int, base: list[int], parent: list[int]) -> int:
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if a == root:
                break
            a = parent[self.mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[self.mate[b]]

    def _mark(self, v: int, current: int, child: int, base: list[int], parent: list[int], blossom: list[bool]) -> None:
        while base[v] != current:
            blossom[base[v]] = blossom[base[self.mate[v]]] = True
            parent[v] = child
            child = self.mate[v]
            v = parent[self.mate[v]]
