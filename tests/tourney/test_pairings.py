"""Pairings without repeats however the field changes, the fewest repeats when
they cannot be avoided, the bye rotating, players kept apart."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.tourney.pairings import History, Meetings, circle_round, drawn_round, most_met, pair_code, pair_game, pair_key


def play(schedule: list[list[int]], seed_draws: bool = False, apart=frozenset(), clubs=None, club_games=0):
    """Pair each game's field in turn, as the service does; return the games."""
    met: Counter = Counter()
    byes: Counter = Counter()
    games = []
    for index, field in enumerate(schedule):
        history = History(met=met, byes=byes, apart=apart, club_of=clubs if clubs and index < club_games else {})
        game = pair_game(field, index, history, seed=index * 7919 if seed_draws else None)
        seated = sorted([p for t in game.tables for p in t] + ([game.bye] if game.bye is not None else []))
        assert seated == sorted(field)
        for a, b in game.tables:
            met[pair_key(a, b)] += 1
        if game.bye is not None:
            byes[game.bye] += 1
        games.append(game)
    return games, met, byes


def changing_field(players: int, games: int, rnd: random.Random, withdraw_after=(5, 12), late=5):
    field = list(range(players))
    next_id = players
    schedule = []
    for g in range(1, games + 1):
        schedule.append(list(field))
        if g in withdraw_after:
            for gone in rnd.sample(field, min(5, len(field) // 4)):
                field.remove(gone)
            field += list(range(next_id, next_id + late))
            next_id += late
    return schedule


@pytest.mark.parametrize("draws", [False, True])
def test_a_thousand_players_with_withdrawals_and_late_entries_never_repeat(draws):
    games, met, _ = play(changing_field(1000, 22, random.Random(3)), seed_draws=draws)
    assert max(met.values()) == 1


@given(players=st.integers(4, 40), games=st.integers(1, 12), seed=st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_no_avoidable_repeat_in_small_changing_fields(players, games, seed):
    rnd = random.Random(seed)
    schedule = changing_field(players, games, rnd, withdraw_after=(2, 5), late=2)
    schedule = [f for f in schedule if len(f) >= 2]
    _, met, _ = play(schedule)
    # in a field of at least 2 x games players everyone has someone new to meet each game
    if min(len(f) for f in schedule) > 2 * games + 4:
        assert max(met.values(), default=1) == 1


def test_more_games_than_opponents_repeat_as_little_as_possible():
    players = list(range(6))
    _, met, _ = play([players] * 8)  # 5 rounds meet everyone; 3 more must repeat
    assert len(met) == 15 and sum(met.values()) == 24
    assert max(met.values()) - min(met.values()) <= 1


def test_the_bye_goes_round_before_anyone_sits_out_twice():
    players = list(range(7))
    games, _, byes = play([players] * 7)
    assert sorted(byes.values()) == [1] * 7
    games, _, byes = play([players] * 10)
    assert max(byes.values()) - min(byes.values()) <= 1


def test_a_late_entrant_with_fewest_byes_sits_out_first():
    field = list(range(5))
    games, _, byes = play([field, field, field + [9, 10]])  # 7 players: 9 and 10 have had no bye
    assert games[2].bye in (9, 10) or byes[games[2].bye] == 1


def test_players_kept_apart_never_meet_and_clubs_are_kept_apart_while_the_rule_runs():
    players = list(range(40))
    apart = frozenset({pair_key(0, 1), pair_key(2, 3)})
    clubs = {p: f"club{p % 4}" for p in players}
    games, met, _ = play([players] * 20, apart=apart, clubs=clubs, club_games=5)
    assert pair_key(0, 1) not in met and pair_key(2, 3) not in met
    for game in games[:5]:
        assert all(clubs[a] != clubs[b] for a, b in game.tables)
    assert max(met.values()) == 1


def test_an_unchanged_field_keeps_the_circle_rotation():
    players = list(range(10))
    games, _, _ = play([players] * 9)
    assert [g.tables for g in games] == [circle_round(players, r).tables for r in range(9)]


def test_a_draw_is_the_same_for_the_same_seed_and_differs_for_another():
    players = list(range(30))
    assert drawn_round(players, 42) == drawn_round(players, 42)
    assert drawn_round(players, 42) != drawn_round(players, 43)
    assert pair_game(players, 0, seed=42).tables == drawn_round(players, 42).tables


def test_meetings_kept_by_pair_code_pair_as_the_plain_count_does():
    """The service hands pairing a Meetings (one int a pair), the tests a Counter of (low, high)."""
    rnd = random.Random(3)
    field = list(range(1, 41))
    met = Counter(pair_key(*rnd.sample(field, 2)) for _ in range(400))
    coded = Meetings(pair_code(b, a) for (a, b), times in met.items() for _ in range(times))
    assert dict(coded) == dict(met) and len(coded) == len(met) and max(coded.values()) == max(met.values())
    assert coded.get((1, 1)) is None and coded.get((1, 1), 0) == 0 and (1, 1) not in coded
    assert {pair: coded.times(*pair) for pair in met} == dict(met) and coded.times(1, 1) == 0
    assert most_met(coded) == most_met(met) == max(met.values()) > 1
    once = Meetings([pair_code(1, 2), pair_code(3, 4)])  # nobody met twice: no count kept beside the set
    assert (dict(once), once.most(), most_met(Meetings()), once.times(2, 1), once.times(1, 3)) == ({(1, 2): 1, (3, 4): 1}, 1, 0, 1, 0)
    for index in range(6):
        assert pair_game(field, index, History(met=coded)) == pair_game(field, index, History(met=met))


def test_a_blossom_is_needed_and_found():
    # 0-1-2 form an odd cycle of allowed pairs; 3 may only meet 2, 4 and 5 only each other
    players = list(range(6))
    everyone = {pair_key(a, b) for a in players for b in players if a < b}
    allowed = {pair_key(0, 1), pair_key(1, 2), pair_key(0, 2), pair_key(2, 3), pair_key(4, 5), pair_key(0, 3)}
    met = {k: 1 for k in everyone - allowed}
    game = pair_game(players, 0, History(met=met))
    assert all(pair_key(*t) in allowed for t in game.tables)


def _perfect_matching_exists(players: list[int], allowed: set) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(pair_key(first, other) in allowed and _perfect_matching_exists([p for p in rest if p != other], allowed)
               for other in rest)


@given(st.integers(4, 10).flatmap(lambda n: st.tuples(
    st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda t: t[0] < t[1])))))
@settings(max_examples=300, deadline=None)
def test_a_pairing_without_repeats_is_found_whenever_one_exists(case):
    n, met_pairs = case
    players = list(range(n - n % 2))
    met = {pair_key(a, b): 1 for a, b in met_pairs if a in players and b in players}
    allowed = {pair_key(a, b) for a in players for b in players if a < b} - set(met)
    game = pair_game(players, 0, History(met=met))
    repeats = sum(pair_key(*t) in met for t in game.tables)
    assert (repeats == 0) == _perfect_matching_exists(players, allowed)
