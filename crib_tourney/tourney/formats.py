"""Event formats: a registry from name to what the format plays, so a new format
is one entry here, not a string compared in several places."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from crib_tourney.tourney import bracket as bk

Layout = Callable[[int, int, int, bool], list[bk.MatchSpec]]  # qualifiers, best_of, final_best_of, reset


@dataclass(frozen=True)
class Format:
    name: str
    qualifying: bool  # plays qualifying games (round, result, standings)
    all_play_all: bool  # qualifying is everyone against everyone: games follow the field
    seeds_by_standings: bool  # the cut seeds by qualifying standings (else by entry order)
    layout: Layout | None  # the playoff bracket, or None for a format without one


def _single(qualifiers: int, best_of: int, final_best_of: int, reset: bool) -> list[bk.MatchSpec]:
    return bk.single_elimination(qualifiers, best_of, final_best_of)


FORMATS: dict[str, Format] = {
    "acc": Format("acc", qualifying=True, all_play_all=False, seeds_by_standings=True, layout=_single),
    "round-robin": Format("round-robin", qualifying=True, all_play_all=True, seeds_by_standings=False, layout=None),
    "single-elim": Format("single-elim", qualifying=False, all_play_all=False, seeds_by_standings=False, layout=_single),
    "double-elim": Format("double-elim", qualifying=False, all_play_all=False, seeds_by_standings=False,
                          layout=bk.double_elimination),
}


def plays_in_bracket(both_seeded: bool, game_given: bool, card_given: bool) -> bool:
    """Once the bracket is made, a result between two qualifiers is a game of
    their playoff match, unless it names a qualifying game or is one card."""
    return both_seeded and not game_given and not card_given
