"""Standings and the official tie-breaks.

Order: game points, games won, net spread, plus spread, then head-to-head in this
event. Players still level after that share a rank and are marked tied: ties are
never broken silently.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Generic, Hashable, Iterable, Sequence, TypeVar

from crib_tourney.records import record
from crib_tourney.tourney.names import fold
from crib_tourney.tourney.scoring import GameLine

# A player's id in standings: an entry id in an event, a person's id in a league season.
P = TypeVar("P", bound=Hashable)


# What Row.add_totals takes, summed over many lines: these GameLine fields, in order.
LINE_TOTALS = ("won", "game_points", "plus", "minus", "skunk_given", "skunk_taken", "double_skunk_given", "double_skunk_taken")


def line_totals(line: GameLine) -> tuple[int, ...]:
    """One line as the numbers LINE_TOTALS names (a bool counts 1)."""
    return tuple(int(getattr(line, name)) for name in LINE_TOTALS)


@record(frozen=False)
class Row(Generic[P]):
    player: P
    name: str
    game_points: int = 0
    wins: int = 0
    losses: int = 0
    plus: int = 0
    minus: int = 0
    skunks: int = 0
    skunks_taken: int = 0
    double_skunks: int = 0
    double_skunks_taken: int = 0
    games: int = 0
    rank: int = 0
    tied: bool = False
    withdrawn: bool = False
    note: str | None = None  # e.g. "won cut playoff"
    seconds: int = 0  # at tables of three: games placed 2nd
    thirds: int = 0  # and 3rd
    pending: int = 0  # games not counted: a lone card, waiting for the other
    disputed: int = 0  # games not counted: cards that disagree, waiting for the director

    @property
    def spread(self) -> int:
        return self.plus - self.minus

    def add(self, line: GameLine, times: int = 1) -> None:
        """Add a game's line (``times`` -1: take one added before back out)."""
        self.games += times
        self.game_points += times * line.game_points
        self.wins += times * line.won
        self.losses += times * (not line.won)
        self.plus += times * line.plus
        self.minus += times * line.minus
        self.skunks += times * line.skunk_given
        self.skunks_taken += times * line.skunk_taken
        self.double_skunks += times * line.double_skunk_given
        self.double_skunks_taken += times * line.double_skunk_taken
        self.seconds += times * (line.place == 2)
        self.thirds += times * (line.place == 3)

    def add_totals(self, games: int, totals: Sequence[int]) -> None:
        """``games`` two-sided lines at once: ``totals`` is each of LINE_TOTALS summed over them."""
        won, game_points, plus, minus, skunks, skunks_taken, double_skunks, double_skunks_taken = totals
        self.games += games
        self.wins += won
        self.losses += games - won
        self.game_points += game_points
        self.plus += plus
        self.minus += minus
        self.skunks += skunks
        self.skunks_taken += skunks_taken
        self.double_skunks += double_skunks
        self.double_skunks_taken += double_skunks_taken

    def key(self) -> tuple[int, int, int, int]:
        return (self.game_points, self.wins, self.spread, self.plus)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.name,
            "game_points": self.game_points,
            "wins": self.wins,
            "losses": self.losses,
            "spread": self.spread,
            "plus": self.plus,
            "minus": self.minus,
            "skunks": self.skunks,
            "skunks_taken": self.skunks_taken,
            "double_skunks": self.double_skunks,
            "double_skunks_taken": self.double_skunks_taken,
            "games": self.games,
            "tied": self.tied,
            "withdrawn": self.withdrawn,
            "note": self.note,
        }


@record(frozen=False)
class HeadToHead:
    """Wins of each player over each other player in this event."""

    wins: dict[tuple[Hashable, Hashable], int] = field(default_factory=dict)

    def record(self, winner: Hashable, loser: Hashable) -> None:
        self.wins[(winner, loser)] = self.wins.get((winner, loser), 0) + 1

    def met(self, a: Hashable, b: Hashable) -> bool:
        return (a, b) in self.wins or (b, a) in self.wins

    def net(self, player: Hashable, group: Iterable[Hashable]) -> int:
        return sum(self.wins.get((player, o), 0) - self.wins.get((o, player), 0) for o in group if o != player)


def rank_rows(rows: list[Row[P]], h2h: HeadToHead) -> list[Row[P]]:
    """Order rows by the tie-break chain; tied players share a rank and are marked."""
    ordered = sorted(rows, key=lambda r: (fold(r.name), str(r.player)))  # level rows list by the folded name
    ordered.sort(key=Row.key, reverse=True)  # a stable sort: reversed, level rows keep that order
    keys = [r.key() for r in ordered]  # made once: 20,000 rows compare each with its neighbour
    result: list[Row[P]] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and keys[j] == keys[i]:
            j += 1
        for level in _split_by_head_to_head(ordered[i:j], h2h):
            rank = len(result) + 1
            for row in level:
                row.rank = rank
                row.tied = len(level) > 1
            result.extend(level)
        i = j
    return result


def _split_by_head_to_head(group: list[Row[P]], h2h: HeadToHead) -> list[list[Row[P]]]:
    """Split a group level on the first four tie-breaks into ordered levels.

    Head-to-head applies only when every pair of the group has met, so no one is
    ranked on games they never had the chance to play; otherwise all stay tied."""
    if len(group) < 2:
        return [group]
    ids = [r.player for r in group]
    if not all(h2h.met(a, b) for k, a in enumerate(ids) for b in ids[k + 1 :]):
        return [group]
    nets = {r.player: h2h.net(r.player, ids) for r in group}
    levels: list[list[Row[P]]] = []
    for row in sorted(group, key=lambda r: -nets[r.player]):
        if levels and nets[levels[-1][0].player] == nets[row.player]:
            levels[-1].append(row)
        else:
            levels.append([row])
    return levels


def bye_counts(game_no: int, games_under_way: set[int], withdrawn_after: int | None) -> bool:
    """A bye scores once its game is under way (any result of that game entered),
    and not for a player who withdrew before that game."""
    return game_no in games_under_way and (withdrawn_after is None or game_no <= withdrawn_after)
