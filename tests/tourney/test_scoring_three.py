"""Scoring a table of three (tourney/scoring_three.py): place points, skunk lines,
spreads, forfeits and the scores a table may hold."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.tourney.scoring import GameLine, ScoringRules
from crib_tourney.tourney.scoring_three import check_three_scores, parse_place_points, place_of, three_forfeit_line, three_line

ACC = ScoringRules()
PLACES = (2, 1, 0)


def lines(a: int, b: int, c: int, rules: ScoringRules = ACC, places=PLACES) -> list[GameLine]:
    return [three_line(a, b, c, rules, places), three_line(b, a, c, rules, places), three_line(c, a, b, rules, places)]


def test_place_points_without_skunks():
    first, second, third = lines(121, 100, 95)
    assert (first.game_points, first.won, first.plus, first.minus) == (2, True, 21 + 26, 0)
    assert (second.game_points, second.won, second.plus, second.minus) == (1, False, 0, 21)
    assert (third.game_points, third.won, third.plus, third.minus) == (0, False, 0, 26)
    assert not any(line.skunk_given or line.skunk_taken for line in (first, second, third))


@pytest.mark.parametrize("b, c, points, skunked", [
    (91, 91, 2, (False, False)),  # 30 behind: no skunk
    (90, 100, 3, (True, False)),  # one loser 31 behind: +1
    (90, 60, 4, (True, True)),  # both skunked (60 doubly, worth 3 like a skunk under the ACC): +1 +1
    (0, 0, 4, (True, True)),
])
def test_the_winner_takes_a_skunk_bonus_for_each_loser_inside_the_line(b, c, points, skunked):
    first, second, third = lines(121, b, c)
    assert first.game_points == points
    assert (second.skunk_taken, third.skunk_taken) == skunked
    assert second.game_points + third.game_points == (1 if b != c else 2)  # a loser keeps its place's points


def test_a_double_skunk_bonus_follows_the_settings():
    rules = ScoringRules(double_skunk_points=4)
    first, second, third = lines(121, 60, 100, rules)
    assert first.game_points == 2 + 2 and second.double_skunk_taken and not third.skunk_taken


def test_spreads_net_to_zero_and_tied_losers_share_second():
    for a, b, c in [(121, 95, 95), (80, 121, 10), (0, 0, 121)]:
        found = lines(a, b, c)
        assert sum(line.spread for line in found) == 0
    tied = lines(121, 95, 95)
    assert [line.game_points for line in tied] == [2, 1, 1]
    assert place_of(95, (121, 95)) == 2 and place_of(80, (121, 95)) == 3


def test_place_points_are_a_setting():
    assert [line.game_points for line in lines(121, 100, 95, places=(5, 3, 1))] == [5, 3, 1]
    assert parse_place_points("3, 1,0") == (3, 1, 0)
    for bad, why in [("2,1", "three whole numbers"), ("2,1,0,0", "three whole numbers"), ("1,2,0", "cannot rise"),
                     ("2,1,-1", "three whole numbers"), ("2,1,x", "three whole numbers"), ("2,1,\u0661", "three whole numbers")]:
        with pytest.raises(CribError, match=why):
            parse_place_points(bad)


def test_forfeit_lines_net_to_zero():
    won, lost = three_forfeit_line(True, ACC), three_forfeit_line(False, ACC)
    assert (won.game_points, won.spread, lost.game_points, lost.spread) == (2, 10, 0, -20)
    assert 2 * won.spread + lost.spread == 0


@pytest.mark.parametrize("scores, why", [((121, 121, 0), "two winners"), ((120, 100, 0), "no winner"),
                                          ((121, -1, 0), "negative"), ((122, 0, 0), "above the game target"),
                                          ((121, 100), "needs three scores")])
def test_scores_are_checked(scores, why):
    with pytest.raises(CribError, match=why):
        check_three_scores(scores, 121)
