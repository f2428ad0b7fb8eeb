"""Event formats: a registry from name to what the format plays, so a new format
is one entry here, not a string compared in several places.

Each format that plays qualifying games holds its pairing strategy: how many
games the event plays and how one game is seated. Two strategies exist today:

- ``Rotation`` (acc): the circle method over the entry list, repaired where it
  would repeat a meeting or seat players kept apart (tourney/pairings.py), or a
  reproducible random draw for one game; the director sets the number of games.
- ``RoundRobin``: the same seating, but everyone meets everyone, so the field at
  the first game fixes the number of games (n - 1, or n for an odd field).

A Swiss system pairs by the standings so far: a strategy whose ``by_standings``
is true is handed the entries in standings order (``PairingRequest.ranking``),
which the service loads only for such a strategy. Registering one is the whole
of adding the format.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Callable, Protocol, Sequence

from crib_tourney.records import record
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.pairings import History, pair_game

if TYPE_CHECKING:  # the pairing machinery loads only when a game is paired (every result command imports formats)
    from crib_tourney.tourney.pairings import GamePairing, History


def _no_history() -> History:
    return History()

Layout = Callable[[int, int, int, bool], list[bk.MatchSpec]]  # qualifiers, best_of, final_best_of, reset


@record
class PairingRequest:
    """What seating one qualifying game needs to know."""

    players: Sequence[int]  # the entries playing this game, in entry order
    game_index: int  # 0 for the first game
    history: History = field(default_factory=_no_history)  # who met whom, who sat out, who is kept apart
    draw_seed: int | None = None  # seat this game by a random draw from this seed
    ranking: Sequence[int] = ()  # the entries in standings order (only for a strategy that pairs by standings)


class PairingStrategy(Protocol):
    """How a format seats its qualifying games."""

    @property
    def by_standings(self) -> bool:
        """Whether a game is paired from the standings so far (then the request carries them)."""
        ...

    def games(self, field: int, asked: int) -> int:
        """The qualifying games of an event whose first game seats ``field`` entries,
        when the director asked for ``asked``."""
        ...

    def pair(self, request: PairingRequest) -> GamePairing:
        """The tables (and the bye) of one game."""
        ...


@record
class Rotation:
    """The circle method over the entry list (or a draw), repaired by matching so
    nobody meets an opponent twice while that can be avoided."""

    by_standings: bool = False

    def games(self, field: int, asked: int) -> int:
        return asked

    def pair(self, request: PairingRequest) -> GamePairing:
        return pair_game(request.players, request.game_index, request.history, seed=request.draw_seed)


@record
class RoundRobin(Rotation):
    """Everyone plays everyone: n - 1 games for an even field, n (one bye each) for
    an odd one. Over a fixed field the rotation is exactly that schedule."""

    def games(self, field: int, asked: int) -> int:
        return field - 1 + field % 2


@record
class Format:
    name: str
    pairing: PairingStrategy | None  # how qualifying games are seated; None: no qualifying games
    seeds_by_standings: bool  # the cut seeds by qualifying standings (else by entry order)
    layout: Layout | None  # the playoff bracket, or None for a format without one
    grand_final: bool = False  # the winners' bracket feeds a grand final (its chart has no champion column)
    three_sided: bool = False  # may seat three at a table (qualifying games, placed by the standings: no bracket)

    @property
    def qualifying(self) -> bool:
        """Plays qualifying games (round, result, standings)."""
        return self.pairing is not None

    @property
    def placed_by_standings(self) -> bool:
        """Without a bracket, the final places are read off the standings (a round robin)."""
        return self.layout is None and self.qualifying


def _single(qualifiers: int, best_of: int, final_best_of: int, reset: bool) -> list[bk.MatchSpec]:
    return bk.single_elimination(qualifiers, best_of, final_best_of)


FORMATS: dict[str, Format] = {
    "acc": Format("acc", pairing=Rotation(), seeds_by_standings=True, layout=_single, three_sided=True),
    "round-robin": Format("round-robin", pairing=RoundRobin(), seeds_by_standings=False, layout=None),
    "single-elim": Format("single-elim", pairing=None, seeds_by_standings=False, layout=_single),
    "double-elim": Format("double-elim", pairing=None, seeds_by_standings=False, layout=bk.double_elimination,
                          grand_final=True),
}
