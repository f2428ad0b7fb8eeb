"""No-shows: entrants who never played. They are out of the money (the prize
fund, what is owed, the sanctioning fee), out of the ranking, and listed apart
as "did not play".

An entrant is a no-show when he withdrew before his first game
(``withdrawn_after`` below his ``first_game``), or when check-in is on, he has
not checked in, and every game paired so far was paired without him (game 1
paired without him moves his first game past it; while he stays away no later
game has seated him yet).

>>> from types import SimpleNamespace as E
>>> ann = E(withdrawn_after=None, first_game=1, checked_in=False)
>>> bob = E(withdrawn_after=0, first_game=1, checked_in=False)     # withdrawn before game 1
>>> cy = E(withdrawn_after=2, first_game=1, checked_in=True)       # played two games, then left
>>> dan = E(withdrawn_after=None, first_game=2, checked_in=False)  # game 1 paired without him
>>> [no_show(e, check_in=True, scheduled=1) for e in (ann, bob, cy, dan)]
[False, True, False, True]
>>> no_show(dan, check_in=True, scheduled=2), no_show(dan, check_in=False, scheduled=1)
(False, False)

Taken out of the ranking, each player below a no-show moves up one place for
each no-show ranked above him (players tied keep sharing their rank):

>>> rerank([1, 2, 2, 4, 5, 6], [False, False, True, False, True, False])
[1, 2, 3, 4]
>>> rerank([1, 1, 3], [True, False, False])
[1, 2]
"""

from __future__ import annotations

from typing import Protocol


class Entrant(Protocol):
    @property
    def withdrawn_after(self) -> int | None: ...
    @property
    def first_game(self) -> int: ...
    @property
    def checked_in(self) -> bool: ...


def no_show(entry: Entrant, check_in: bool = False, scheduled: int = 0) -> bool:
    """Whether ``entry`` never played: ``scheduled`` is how many qualifying games are paired."""
    if entry.withdrawn_after is not None and entry.withdrawn_after < entry.first_game:
        return True
    return check_in and not entry.checked_in and entry.first_game > 1 and scheduled < entry.first_game


def played(entry: Entrant, check_in: bool = False, scheduled: int = 0) -> bool:
    return not no_show(entry, check_in, scheduled)


def rerank(ranks: list[int], out: list[bool]) -> list[int]:
    """The ranks of the rows kept (``out`` False), in order, once those ``out`` are
    taken away: a rank drops by the number of rows taken away ranked strictly above it."""
    kept: list[int] = []
    above = 0  # rows taken away ranked strictly above the current rank (the ranks come in order)
    in_rank = 0  # rows taken away at the current rank
    current = None
    for rank, gone in zip(ranks, out):
        if rank != current:
            above, in_rank, current = above + in_rank, 0, rank
        if gone:
            in_rank += 1
        else:
            kept.append(rank - above)
    return kept
