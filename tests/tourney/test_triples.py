"""Three sides at a table (tourney/triples.py): place points, skunk lines, spreads,
forfeits, reconciliation, and pairing tables of three without a meeting repeated."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.errors import CribError
from crib_tourney.tourney.pairings import History, pair_key
from crib_tourney.tourney.scoring import GameLine, ScoringRules
from crib_tourney.tourney.triples import (Card3, cards_agree, check_three_scores, needs_settling, pair_triples,
                                          parse_place_points, place_of, settle, three_forfeit_line, three_line, use_card3)

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


# --- reconciliation --------------------------------------------------------------------

SIDES = (1, 2, 3)


def card(entry: int, version: dict[int, int], source: str = "card") -> Card3:
    others = [version[s] for s in SIDES if s != entry]
    return Card3(entry, version[entry], others[0], others[1], "none", source)


def settled_versions(cards, qualifiers=()):
    return {c.entry: c.version(SIDES) for c in settle(cards, SIDES, set(qualifiers), ACC, PLACES)}


A = {1: 121, 2: 100, 3: 80}
B = {1: 121, 2: 80, 3: 100}
C = {1: 100, 2: 121, 3: 80}


def test_agreeing_cards_need_nothing_and_a_lone_card_is_copied():
    assert cards_agree([card(1, A), card(2, A), card(3, A)], SIDES)
    assert not needs_settling([card(1, A), card(2, A), card(3, A)], SIDES)
    assert needs_settling([card(1, A)], SIDES) and not needs_settling([], SIDES)
    assert settled_versions([card(1, A)]) == {1: A, 2: A, 3: A}


def test_a_non_qualifier_keeps_its_card_and_a_qualifier_takes_the_worst():
    cards = [card(1, A), card(2, B), card(3, B)]
    assert settled_versions(cards) == {1: A, 2: B, 3: B}
    assert settled_versions(cards, qualifiers=[3]) == {1: A, 2: B, 3: A}  # A puts side 3 last
    assert settled_versions(cards, qualifiers=[2]) == {1: A, 2: B, 3: B}  # B is already side 2's worst


def test_a_side_without_a_card_takes_the_worst_version_for_it():
    assert settled_versions([card(1, A), card(3, B)])[2] == B


def test_two_cards_claiming_the_win_each_take_a_loss():
    found = settled_versions([card(1, A), card(2, C), card(3, A)])
    assert found[1] == C and found[2] == A and found[3] == A


def test_the_director_chooses_a_card():
    chosen = use_card3([card(1, A), card(2, C)], SIDES, 2)
    assert {c.entry: c.version(SIDES) for c in chosen} == {1: C, 2: C, 3: C}
    assert all(c.source == "resolved" for c in chosen)


def test_settling_is_the_same_whenever_it_runs():
    cards = [card(1, A), card(2, C), card(3, B)]
    once = settle(cards, SIDES, {3}, ACC, PLACES)
    assert settle(list(reversed(cards)), SIDES, {3}, ACC, PLACES) == once


# --- pairing ---------------------------------------------------------------------------

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
