"""The ACC MRP schedule (tourney/mrp.py): the issue's worked cases, and the
table held to the formula for every game count it supports."""

from __future__ import annotations

import doctest
import math

from hypothesis import given
from hypothesis import strategies as st

from crib_tourney.tourney import mrp

# The schedule effective 2016-08-01 as the ACC sheets print it: typed again here,
# apart from the module, so a slip in either shows.
SHEET_MINIMUMS = {"main": {12: 14, 14: 17, 16: 20, 18: 22, 20: 25, 21: 26, 22: 27},
                  "consolation": {7: 9, 8: 11, 9: 12, 10: 13, 12: 16}}
SCALES = {"main": (5, 7), "consolation": (3, 4)}


def test_the_doctests_hold():
    assert doctest.testmod(mrp).failed == 0


def test_the_worked_cases_of_the_issue():
    champion = mrp.earned("main", games=12, qualifiers=8, rank=1, game_points=20, matches_won=3)
    assert (champion.qualifying, champion.playoff, champion.total) == (35, 70, 105)
    runner_up = mrp.earned("consolation", games=9, qualifiers=8, rank=2, game_points=17, matches_won=3)
    assert (runner_up.qualifying, runner_up.playoff, runner_up.total) == (18, 40, 58)
    assert mrp.earned("main", 22, 15, 8, 30, 0).qualifying == 20
    assert mrp.earned("main", 22, 15, 9, 30, 0).qualifying == 5
    assert [mrp.playoff_points("main", w) for w in range(5)] == [7, 21, 42, 70, 105]
    assert [mrp.playoff_points("consolation", w) for w in range(4)] == [4, 12, 24, 40]


def test_the_table_is_the_sheets():
    assert {kind: dict(sheet.minimum) for kind, sheet in mrp.SCHEDULE.sheets.items()} == SHEET_MINIMUMS
    assert {kind: (s.scale, s.playoff_scale) for kind, s in mrp.SCHEDULE.sheets.items()} == SCALES
    assert mrp.SCHEDULE.effective == "2016-08-01"


def _every_supported_case():
    return st.sampled_from(sorted((kind, games) for kind, table in SHEET_MINIMUMS.items() for games in table)).flatmap(
        lambda kg: st.tuples(st.just(kg[0]), st.just(kg[1]), st.integers(2, 64), st.integers(0, 3 * kg[1]),
                             st.integers(0, 6)))


@given(_every_supported_case(), st.data())
def test_the_table_follows_the_formula_for_every_supported_game_count(case, data):
    kind, games, qualifiers, game_points, won = case
    rank = data.draw(st.integers(1, qualifiers))
    scale, playoff_scale = SCALES[kind]
    least = SHEET_MINIMUMS[kind][games]
    got = mrp.earned(kind, games, qualifiers, rank, game_points, won)
    r = won + 1
    assert got.playoff == (0 if got.by_hand else playoff_scale * r * (r + 1) // 2)
    if rank <= math.ceil(qualifiers / 2):
        if game_points < least:
            assert got.by_hand and got.total == 0
        else:
            assert got.by_hand is None and got.qualifying == scale * (game_points - least + 1)
    else:
        assert got.by_hand is None and got.qualifying == scale


@given(st.sampled_from(["main", "consolation"]), st.integers(1, 60))
def test_a_game_count_the_table_lacks_is_reported_by_hand(kind, games):
    got = mrp.earned(kind, games, 8, 1, 3 * games, 0)
    assert (got.by_hand is None) == (games in SHEET_MINIMUMS[kind])
