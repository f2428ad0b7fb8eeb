from crib_tourney.engine.dispute import rule


def test_correct_claim():
    r = rule(12, 12, muggins_on=True)
    assert (r.difference, r.verdict, r.muggins) == (0, "correct", 0)


def test_under_count_with_muggins_gives_missed_points():
    r = rule(29, 28, muggins_on=True)
    assert (r.difference, r.verdict, r.muggins) == (-1, "under-counted", 1)


def test_muggins_call_takes_the_lesser_of_call_and_missed():
    assert rule(14, 8, True, muggins_call=4).muggins == 4
    assert rule(14, 12, True, muggins_call=4).muggins == 2


def test_wrong_muggins_call_gives_points_to_the_player():
    r = rule(12, 12, True, muggins_call=2)
    assert r.muggins == 0 and r.wrong_call_penalty == 2
    assert "wrong" in r.sentence()


def test_over_count_is_pegged_back_not_mugged():
    r = rule(10, 14, True)
    assert (r.verdict, r.muggins, r.player_pegs) == ("over-counted", 0, 10)
    assert "peg back" in r.sentence()


def test_without_muggins_nothing_to_take():
    r = rule(29, 20, muggins_on=False)
    assert r.muggins == 0 and "muggins" not in r.as_dict()


def test_impossible_claims_refused():
    import pytest

    from crib_tourney.errors import CribError

    with pytest.raises(CribError, match="cannot be negative"):
        rule(12, -1, True)
    with pytest.raises(CribError, match="1 point or more"):
        rule(12, 10, True, muggins_call=0)
