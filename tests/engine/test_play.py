"""The play: every scoring rule of the rules page, restarts, turns and refusals."""

import pytest

from crib_tourney.engine.play import score_play, team_seats
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import PlayError


def play(tokens: str, players: int = 2, variant: str | None = None, teams=None):
    name = variant or {2: "standard", 3: "three-player", 4: "four-player"}.get(players, "partners")
    return score_play(tokens.split(), players=players, variant=get_variant(name), teams=teams)


def scored(result):
    return [(e.seat, e.token, e.points, e.reasons) for e in result.events if e.points]


def test_fifteen_and_pair():
    r = play("5H 10D")
    assert scored(r) == [(1, "10D", 2, ["fifteen"])]
    r = play("8H 8D")
    assert scored(r) == [(1, "8D", 2, ["pair"])]


def test_pair_royal_and_double_pair_royal():
    r = play("4H 4D 4S 4C")
    assert [e.points for e in r.events] == [0, 2, 6, 12]
    assert r.events[3].reasons == ["double pair royal"]


def test_no_pair_across_another_card():
    r = play("6H 5D 6S")
    assert r.events[2].points == 0  # 6-5-6 is no pair


@pytest.mark.parametrize(
    "tokens, players, reasons, points",
    [
        ("4H 6D 5S", 2, ["fifteen", "run of 3"], 5),  # 4-6-5 is a run of three
        ("2H 2D 3S 4C", 2, ["run of 3"], 3),  # 2-2-3-4 scores 3 on the 4
        ("3H 4D 4S 5C", 2, [], 0),  # 3-4-4-5 is no run
        ("AH 2D 5S 4C 3H", 3, ["fifteen", "run of 5"], 7),  # the rule sheet's run of five
    ],
)
def test_runs_are_tails_of_distinct_consecutive_ranks(tokens, players, reasons, points):
    last = play(tokens, players=players).events[-1]
    assert (last.reasons, last.points) == (reasons, points)


def test_thirty_one_scores_two_not_three_and_restarts():
    r = play("10H 10D 5S 6C 7H")
    thirty_one = r.events[3]
    assert thirty_one.count == 31 and thirty_one.points == 2 and thirty_one.reasons == ["thirty-one"]
    assert thirty_one.restart and thirty_one.next_leader == 0
    assert r.events[4].count == 7


def test_go_point_and_restart_led_by_next_player():
    # P1 10H, P2 10D (20), P1 9S (29), P2 go, P1 go -> P1 pegs the go; P2 leads again
    r = play("10H 10D 9S go go 2C")
    go_event = r.events[4]
    assert go_event.seat == 0 and go_event.points == 1 and go_event.reasons == ["go"]
    assert go_event.restart and go_event.next_leader == 1
    assert r.events[5].seat == 1 and r.events[5].count == 2


def test_player_continuing_alone_pairs_own_cards():
    # P1 KH, P2 QD (20), P1 9S(29), P2 go, P1 AC (30): P1 continues alone
    r = play("KH QD 9S go AC go")
    assert r.events[4].seat == 0 and r.events[4].count == 30
    r2 = play("10H KD 5S go 3C 3D")
    # P1 10H, P2 KD (20), P1 5S (25), P2 go, P1 3C (28), P1 3D (31): pair and thirty-one
    assert r2.events[5].seat == 0 and r2.events[5].reasons == ["thirty-one", "pair"] and r2.events[5].points == 4


def test_last_card_scores_one():
    # P1 holds AH 2H 3H 4H, P2 holds 5D 6D 7D 8D
    r = play("AH 5D 2H 6D 3H 7D 4H go 8D")
    assert r.complete
    assert r.events[7].token == "go" and r.events[7].seat == 1
    assert r.events[8].reasons == ["go"] and r.events[8].seat == 0 and r.events[8].next_leader == 1
    assert r.events[-1].reasons == ["last card"] and r.events[-1].seat == 1
    assert r.events[6].reasons == ["run of 7"]  # A-5-2-6-3-7-4 holds every rank from ace to seven
    assert r.totals == [8, 1]


def test_last_card_that_makes_31_scores_two_only():
    r = play("KH KD AH KS 10C 10S 5H 6D")
    assert r.events[-1].reasons == ["thirty-one"] and r.events[-1].points == 2
    assert r.totals == [0, 8]  # pair of kings, 31, pair of tens, 31


def test_unfinished_play_has_no_last_card():
    r = play("5H 10D")
    assert not r.complete and r.totals == [0, 2]


def test_impossible_count_over_31_refused():
    with pytest.raises(PlayError, match=r"token 4 '5C'.*over 31"):
        play("10H 10D 9S 5C")


def test_go_while_any_card_fits_refused():
    with pytest.raises(PlayError, match="cannot say go at count 10"):
        play("10H go")


def test_same_card_twice_refused():
    with pytest.raises(PlayError, match="token 3 '5h'.*already played"):
        play("5H 6D 5h")


def test_more_cards_than_a_hand_holds_refused():
    with pytest.raises(PlayError, match="token 9 '2C'.*already ended"):
        play("AH AD AS AC 2H 2D 2S 3H 2C")


def test_bad_card_token_named():
    with pytest.raises(PlayError, match="token 2 'ZZ'"):
        play("5H ZZ")


def test_three_players_rotate_and_go_goes_to_last_player():
    r = play("10H 10D 10S go go go AC", players=3)
    # P1 10, P2 10, P3 10 (30), P1 go, P2 go, P3 go -> P3 pegs go; P1 leads next
    assert r.events[5].seat == 2 and r.events[5].points == 1 and r.events[5].next_leader == 0
    assert r.events[6].seat == 0


def test_four_players_team_totals():
    teams = team_seats(4)
    assert teams == [[0, 2], [1, 3]]
    r = play("5H 10D 5S 5C", players=4, teams=teams)
    # P2 fifteen (2); P3 5S: 20 no; P4 5C: pair (2)
    assert r.totals == [0, 2, 0, 2]
    assert r.team_totals == [0, 4]


def test_six_players_three_partnerships():
    assert team_seats(6) == [[0, 3], [1, 4], [2, 5]]
    assert team_seats(6, 2) == [[0, 2, 4], [1, 3, 5]]
    assert team_seats(5) == [[0, 2, 4], [1, 3]]  # five players: a team of three and a team of two
    with pytest.raises(PlayError, match="a team of one"):
        team_seats(5, 3)
    with pytest.raises(PlayError, match="two teams or more"):
        team_seats(3)


def test_five_card_play_ends_at_first_go():
    r = play("10H 10D 9S go go", variant="five-card")
    assert r.complete and r.events[-1].reasons == ["go"]
    with pytest.raises(PlayError, match="already ended"):
        play("10H 10D 9S go go 2C", variant="five-card")


def test_noddy_twenty_five_run_of_three_and_flush():
    r = play("10H 10D 5S", variant="noddy")
    assert r.events[2].count == 25 and "twenty-five" in r.events[2].reasons and r.events[2].points == 2
    r = play("4H 5H 6H", variant="noddy")
    # run of three = 2 in Noddy, flush of three = 3, fifteen 2
    assert r.events[2].reasons == ["fifteen", "run of 3", "flush of 3"]
    assert r.events[2].points == 2 + 2 + 3


def test_solitaire_blind_crib_scores_nothing():
    r = score_play("5H 10D 5S 5C".split(), players=1, variant=get_variant("solitaire"))
    assert r.totals[1] == 0  # the crib made fifteen but pegs nothing
    assert r.totals[0] == 0


def test_wrong_player_count_for_variant():
    with pytest.raises(PlayError, match="standard is played by 2 players, not 3"):
        score_play(["5H"], players=3, variant=get_variant("standard"))


def test_the_result_says_who_acts_next_and_the_count():
    # P1 10H, P2 10D (20), P1 9S (29): P2 acts next at 29; after P2's go, P1 (go point
    # pegged when P1 says go too) -- the count restarts and P2 leads at 0
    r = play("10H 10D 9S")
    assert (r.next_seat, r.count) == (1, 29)
    r = play("10H 10D 9S go go")
    assert (r.next_seat, r.count) == (1, 0)
    r = play("AH 5D 2H 6D 3H 7D 4H go 8D")
    assert r.complete and r.next_seat is None
