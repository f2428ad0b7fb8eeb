"""The cut line as pure functions: cut playoff games settle ties across it, and
the qualifiers are read off standings whose ties at the line are settled."""

from __future__ import annotations

from typing import Sequence

from crib_tourney.errors import CribError
from crib_tourney.tourney.standings import P, Row

PlayoffGame = tuple[P, P]  # (winner, loser)


def _rank_groups(rows: list[Row[P]]) -> list[list[Row[P]]]:
    groups: list[list[Row[P]]] = []
    for row in rows:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def apply_cut_playoffs(rows: list[Row[P]], games: Sequence[PlayoffGame[P]]) -> list[Row[P]]:
    """Order each tied group by its members' cut playoff wins against each other:
    the winner ranks above the loser and neither is tied any more; the rest of
    the group stays tied. Rows are ranked standings; returned re-ranked."""
    if not games:
        return rows
    result: list[Row[P]] = []
    for group in _rank_groups(rows):
        ids = {r.player for r in group}
        played = [(w, lo) for w, lo in games if w in ids and lo in ids]
        if len(group) < 2 or not played:
            result.extend(group)
            continue
        wins = {r.player: 0 for r in group}
        for winner, _ in played:
            wins[winner] += 1
        ordered = sorted(group, key=lambda r: -wins[r.player])
        first = group[0].rank
        for k, row in enumerate(ordered):
            same = k and wins[ordered[k - 1].player] == wins[row.player]
            row.rank = ordered[k - 1].rank if same else first + k
        for row in ordered:
            row.tied = sum(1 for r in ordered if r.rank == row.rank) > 1
        for _, loser in played:
            next(r for r in ordered if r.player == loser).note = "lost cut playoff"
        for winner, _ in played:
            next(r for r in ordered if r.player == winner).note = "won cut playoff"
        result.extend(ordered)
    return result


def tied_across_line(rows: list[Row[P]], count: int) -> list[Row[P]]:
    """The group tied across the cut line (empty when the line is clear)."""
    if count >= len(rows) or count < 1 or rows[count - 1].rank != rows[count].rank:
        return []
    return [r for r in rows if r.rank == rows[count - 1].rank]


def qualifiers(rows: list[Row[P]], count: int, event_name: str) -> list[P]:
    """The top ``count`` in order; refuses while a tie straddles the line."""
    group = tied_across_line(rows, count)
    if group:
        places = count - rows.index(group[0])
        raise CribError(
            f"tie across the cut line at rank {group[0].rank}: {', '.join(r.name for r in group)} for {places} place(s);"
            f" settle it with tiebreak games: crib-tourney result \"{event_name}\" PLAYER 121 PLAYER SCORE --playoff"
        )
    return [r.player for r in rows[:count]]
