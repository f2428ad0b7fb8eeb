"""Pairing tables of three (tourney/pairings_three.py) without a meeting repeated."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.errors import CribError
from crib_tourney.tourney.pairings import History, pair_key
from crib_tourney.tourney.pairings_three import pair_triples


def met_after(history: dict, tables) -> dict:
    met = dict(history)
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met[pair_key(a, b)] = met.get(pair_key(a, b), 0) + 1
    return met


def repeat_free_exists(players: list[int], met: dict) -> bool:
    """Brute force: some partition of ``players`` into tables of three with no pair met."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for b, c in itertools.combinations(rest, 2):
        if not (met.get(pair_key(first, b)) or met.get(pair_key(first, c)) or met.get(pair_key(b, c))):
            if repeat_free_exists([p for p in rest if p not in (b, c)], met):
                return True
    return False


def test_twelve_players_meet_no_one_twice_in_three_games():
    met: dict = {}
    byes: dict = {}
    for _ in range(3):
        game = pair_triples(range(1, 13), History(met=dict(met), byes=dict(byes)))
        assert not game.byes and len(game.tables) == 4
        assert all(not met.get(pair_key(a, b)) for t in game.tables for a, b in itertools.combinations(t, 2))
        met = met_after(met, game.tables)


def test_byes_go_to_those_who_sat_out_least_then_the_latest_entrants():
    assert pair_triples(range(1, 9)).byes == [7, 8]
    assert pair_triples(range(1, 9), History(byes={7: 1, 8: 1})).byes == [5, 6]
    assert pair_triples(range(1, 8), History(byes={7: 1})).byes == [6]
    with pytest.raises(CribError, match="at least 3"):
        pair_triples([1, 2])


def test_sides_kept_apart_are_never_seated_together_while_it_can_be_avoided():
    game = pair_triples(range(1, 7), History(apart=frozenset({(1, 2), (1, 3)})))
    assert all(not {1, 2} <= set(t) and not {1, 3} <= set(t) for t in game.tables)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 10), st.lists(st.tuples(st.integers(1, 10), st.integers(1, 10)), max_size=25), st.integers(0, 5))
def test_no_two_sides_meet_again_unless_every_seating_repeats_a_meeting(n, pairs, seed):
    players = list(range(1, n + 1))
    met = {pair_key(a, b): 1 for a, b in pairs if a != b and a <= n and b <= n}
    byes = {p: (p * seed) % 3 for p in players}
    game = pair_triples(players, History(met=met, byes=byes))
    seated = [p for t in game.tables for p in t]
    assert sorted(seated + game.byes) == players and len(set(seated)) == len(seated)
    assert all(len(t) == 3 for t in game.tables) and len(game.byes) == n % 3
    if game.byes:  # those who sat out least sit out
        assert max(byes[p] for p in game.byes) <= min(byes[p] for p in seated)
    repeats = [(a, b) for t in game.tables for a, b in itertools.combinations(t, 2) if met.get(pair_key(a, b))]
    if repeats:  # a meeting repeats only when no seating of those players avoids it
        assert not repeat_free_exists(seated, met)
