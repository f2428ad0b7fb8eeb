"""Glicko-2 (tourney/glicko2.py) against Glickman's worked example and its own rules."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_tourney.tourney import glicko2
from crib_tourney.tourney.glicko2 import Rating, update, win_probability

EXAMPLE = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_module_examples():
    assert doctest.testmod(glicko2).failed == 0


def test_glickmans_worked_example_without_intermediate_rounding():
    new = update(Rating(1500, 200, 0.06), EXAMPLE)
    assert round(new.rating, 2) == 1464.05  # the paper rounds its steps and prints 1464.06
    assert round(new.rd, 2) == 151.52
    assert f"{new.volatility:.7f}".startswith("0.05999")
    assert new.volatility == pytest.approx(0.0599960, abs=5e-8)


def test_tau_changes_only_the_volatility_path():
    low, high = update(Rating(1500, 200, 0.06), EXAMPLE, tau=0.3), update(Rating(1500, 200, 0.06), EXAMPLE, tau=1.2)
    assert low.volatility != high.volatility
    assert abs(low.rating - high.rating) < 0.1


def test_an_advantage_counts_as_rating_points():
    """A first-dealer's edge of 38 points: winning with it gains less than without it."""
    plain = update(Rating(1500, 100), [(Rating(1500, 100), 1.0)])
    dealt = update(Rating(1500, 100), [(Rating(1500, 100), 1.0, 38.0)])
    assert 1500 < dealt.rating < plain.rating
    assert win_probability(Rating(1500, 0.001), Rating(1500, 0.001), 38) == pytest.approx(0.5545, abs=1e-4)


@given(st.floats(1000, 2000), st.floats(30, 350), st.floats(1000, 2000), st.floats(30, 350))
def test_win_probabilities_of_both_sides_add_to_one(r1, d1, r2, d2):
    assert win_probability(Rating(r1, d1), Rating(r2, d2)) + win_probability(Rating(r2, d2), Rating(r1, d1)) == pytest.approx(1)


@given(st.lists(st.tuples(st.floats(1000, 2000), st.floats(30, 350), st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=30))
def test_a_period_of_games_narrows_the_deviation_and_moves_with_the_score(games):
    player = Rating(1500, 200, 0.06)
    new = update(player, [(Rating(r, d), s) for r, d, s in games])
    assert new.rd < player.rd
    if all(s == 1.0 for *_, s in games):
        assert new.rating > player.rating
    if all(s == 0.0 for *_, s in games):
        assert new.rating < player.rating
