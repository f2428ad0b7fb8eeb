"""Scoring one game under an event's settings: winner, spread, skunks, game points."""

from __future__ import annotations

from typing import NamedTuple

from crib_tourney.errors import CribError

# ScoringRules and GameLine are named tuples rather than frozen records (the same
# immutable values, read by name; the same repr, which totals_kept stores): every
# result makes both, and making their dataclasses cost `result` 2 to 3 ms.


class ScoringRules(NamedTuple):
    """The settings of an event that turn scores into game points."""

    target: int = 121
    win_points: int = 2
    skunk_points: int = 3
    double_skunk_points: int = 3
    skunk_margin: int = 31  # win by this much or more: skunk
    double_skunk_margin: int = 61
    forfeit_points: int = 2
    forfeit_spread: int = 10
    bye_points: int = 2
    bye_spread: int = 0
    target_loses: bool = False  # backward cribbage: whoever reaches the target loses


class GameLine(NamedTuple):
    """One player's line for one game, as standings add it up."""

    won: bool
    game_points: int
    plus: int
    minus: int
    skunk_given: bool = False
    skunk_taken: bool = False
    double_skunk_given: bool = False
    double_skunk_taken: bool = False
    forfeit: bool = False
    bye: bool = False
    place: int | None = None  # at a table of three: 1, 2 or 3

    @property
    def spread(self) -> int:
        return self.plus - self.minus


def check_scores(score1: int, score2: int, target: int) -> None:
    """A finished game: exactly one player at the target, the other below it."""
    for score in (score1, score2):
        if score < 0:
            raise CribError(f"a score cannot be negative ({score})")
        if score > target:
            raise CribError(f"a score of {score} is above the game target of {target}")
    if score1 == target and score2 == target:
        raise CribError(f"two winners: only one player can reach {target}")
    if score1 != target and score2 != target:
        raise CribError(f"no winner: one score must be the game target of {target} ({score1}-{score2})")


def won_game(own: int, opp: int, target_loses: bool = False) -> bool:
    """Reaching the target wins, except in backward cribbage where it loses."""
    return own < opp if target_loses else own > opp


def game_line(own: int, opp: int, rules: ScoringRules) -> GameLine:
    """The line of a player who scored ``own`` against ``opp`` (already checked)."""
    margin = abs(own - opp)
    skunk = margin >= rules.skunk_margin
    double = margin >= rules.double_skunk_margin
    if won_game(own, opp, rules.target_loses):
        points = rules.double_skunk_points if double else rules.skunk_points if skunk else rules.win_points
        return GameLine(True, points, margin, 0, skunk_given=skunk, double_skunk_given=double)
    return GameLine(False, 0, 0, margin, skunk_taken=skunk, double_skunk_taken=double)


def forfeit_line(won: bool, rules: ScoringRules) -> GameLine:
    if won:
        return GameLine(True, rules.forfeit_points, rules.forfeit_spread, 0, forfeit=True)
    return GameLine(False, 0, 0, rules.forfeit_spread, forfeit=True)


def outcome_line(own: int, opp: int, forfeit: str, rules: ScoringRules) -> GameLine:
    """The line of one two-sided card: its scores, or its forfeit."""
    if forfeit != "none":
        return forfeit_line(forfeit == "won", rules)
    return game_line(own, opp, rules)


def bye_line(rules: ScoringRules) -> GameLine:
    return GameLine(True, rules.bye_points, rules.bye_spread, 0, bye=True)
