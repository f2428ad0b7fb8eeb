"""tourney/ratings.rate against Glicko-2 applied period by period, every player every
period (the incremental way: an idle player's RD widened one step at a time), on
random seasons: the rebuild's shortcut (idle steps applied at once when a player
next plays, and at the end) gives the same ratings."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.tourney.glicko2 import EPSILON, SCALE, Rating, update
from crib_tourney.tourney.ratings import START, Game, Period, pairwise, rate

PLAYERS = list(range(1, 9))

game = st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS), st.sampled_from([0.0, 0.5, 1.0]),
                 st.sampled_from([0.0, 38.0, -38.0])).filter(lambda g: g[0] != g[1])
season = st.lists(st.lists(game, max_size=12), min_size=1, max_size=8)
starts = st.dictionaries(st.sampled_from(PLAYERS), st.tuples(st.floats(1200, 1800), st.floats(20, 120), st.floats(0.005, 0.1)),
                         max_size=3)


def incremental(periods: list[list[tuple[int, int, float, float]]], start: dict[int, Rating], tau: float) -> dict[int, Rating]:
    now: dict[int, Rating] = {}
    for games in periods:
        if not games:
            continue
        playing = {p for g in games for p in g[:2]}
        pre = {p: now.get(p, start.get(p, START)) for p in playing}
        for p in set(now) - playing:  # Glickman's step 6 alone for each rated player without a game
            r = now[p]
            now[p] = Rating(r.rating, min(math.hypot(r.rd, r.volatility * SCALE), max(START.rd, r.rd)), r.volatility)
        for p in playing:
            faced = [(pre[b], s, adv) for a, b, s, adv in games if a == p] + [(pre[a], 1 - s, -adv) for a, b, s, adv in games if b == p]
            now[p] = update(pre[p], faced, tau)
    return now


@settings(max_examples=150, deadline=None)
@given(season, starts, st.sampled_from([0.3, 0.5, 1.2]))
def test_the_rebuild_equals_glicko2_applied_period_by_period(periods, given_starts, tau):
    start = {p: Rating(*r) for p, r in given_starts.items()}
    done = rate([Period(i, [Game(*g) for g in games]) for i, games in enumerate(periods)], start, tau)
    expected = incremental(periods, start, tau)
    for p, r in expected.items():
        got = done.players[p]
        # Equal up to step 5's tolerance: k idle steps at once and one at a time differ in
        # the last bits of the deviation, and the volatility's root search (Illinois, stopped
        # at EPSILON in ln(sigma^2)) can take one step more on one side: the volatility then
        # moves by up to sigma * EPSILON / 2 and the rating by about a millionth of a point
        # (a run found 1.2e-6 points, 3.7e-6 of deviation, 6.5e-8 of volatility). Shown
        # ratings are whole points.
        assert math.isclose(got.rating, r.rating, abs_tol=1e-4) and math.isclose(got.rd, r.rd, abs_tol=1e-4), (p, got, r)
        assert math.isclose(got.volatility, r.volatility, rel_tol=EPSILON, abs_tol=1e-12), (p, got, r)
        assert got.games == sum(p in g[:2] for games in periods for g in games)
    assert {p for p in done.players if done.players[p].games} == set(expected)


def test_a_three_handed_table_is_its_pairwise_places_and_backward_cribbage_reverses_them():
    assert pairwise([(1, 121), (2, 90), (3, 100)], target_loses=False) == [Game(1, 2, 1.0), Game(1, 3, 1.0), Game(2, 3, 0.0)]
    assert pairwise([(1, 121), (2, 90)], target_loses=True) == [Game(1, 2, 0.0)]
