"""Tournament rules as pure functions: scoring, pairings, ranking, brackets, leagues."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.errors import CribError
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.league import night_points
from crib_tourney.tourney.pairings import History, circle_round, pair_game, pair_key
from crib_tourney.tourney.scoring import ScoringRules, check_scores, game_line
from crib_tourney.tourney.standings import HeadToHead, Row, rank_rows


@pytest.mark.parametrize("margin, points, skunk, double", [(30, 2, False, False), (31, 3, True, False), (60, 3, True, False), (61, 4, True, True)])
def test_game_points_by_margin(margin, points, skunk, double):
    line = game_line(121, 121 - margin, ScoringRules(double_skunk_points=4))
    assert (line.game_points, line.skunk_given, line.double_skunk_given, line.plus) == (points, skunk, double, margin)


@pytest.mark.parametrize("a, b", [(121, 121), (120, 100), (122, 100), (121, -1)])
def test_impossible_scores(a, b):
    with pytest.raises(CribError):
        check_scores(a, b, 121)


def test_circle_method_meets_everyone_once():
    players = list(range(10))
    met = set()
    for r in range(9):
        game = circle_round(players, r)
        assert game.bye is None and len(game.tables) == 5
        for t in game.tables:
            assert frozenset(t) not in met
            met.add(frozenset(t))
    assert len(met) == 45


def test_pairing_repairs_a_changed_field_without_repeats():
    players = list(range(8))
    met = {pair_key(*t): 1 for t in circle_round(players, 0).tables}
    changed = players[1:] + [99]  # one withdrew, one arrived
    game = pair_game(changed, 1, History(met=met))
    assert all(pair_key(*t) not in met for t in game.tables)
    assert sorted(p for t in game.tables for p in t) == sorted(changed)


def test_ranking_marks_ties_and_uses_head_to_head():
    a, b, c = Row("a", "A", game_points=4, wins=2), Row("b", "B", game_points=4, wins=2), Row("c", "C", game_points=4, wins=2)
    h2h = HeadToHead()
    h2h.record("b", "a")
    ranked = rank_rows([a, b], h2h)
    assert [(r.name, r.rank, r.tied) for r in ranked] == [("B", 1, False), ("A", 2, False)]
    ranked = rank_rows([a, b, c], h2h)  # c met neither: no head-to-head for the group
    assert [(r.rank, r.tied) for r in ranked] == [(1, True), (1, True), (1, True)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 1), st.integers(-1, 1), st.integers(0, 1),
                          st.sampled_from(["ann", "Ann", "bob", "Cy"])), min_size=1, max_size=12))
def test_ranking_orders_by_each_tie_break_in_turn(specs):
    """Game points, wins, spread, plus (all highest first), then the name (any
    case), then the id: the list order of rows level on the four tie-breaks."""
    rows = [Row(k, name, game_points=gp, wins=w, plus=plus + max(0, -spread), minus=max(0, -spread) + plus - spread)
            for k, (gp, w, spread, plus, name) in enumerate(specs)]
    ranked = rank_rows(list(reversed(rows)), HeadToHead())
    order = [(-r.game_points, -r.wins, -r.spread, -r.plus, r.name.lower(), str(r.player)) for r in ranked]
    assert order == sorted(order)
    for r in ranked:  # no head-to-head: rows level on the four share the rank of the first of them
        level = [o for o in ranked if o.key() == r.key()]
        assert r.rank == 1 + ranked.index(level[0]) and r.tied == (len(level) > 1)


def test_double_elimination_layout_sizes():
    specs = bk.double_elimination(8, 3, 5, reset=True)
    counts = {}
    for s in specs:
        counts[s.bracket] = counts.get(s.bracket, 0) + 1
    assert counts == {"W": 7, "L": 6, "F": 2}  # n-1 winners' matches, n-2 losers', final and reset


def test_placings_bands_for_a_full_single_elimination():
    specs = bk.single_elimination(8, 1, 1)
    games = {}
    seeds = {s: 100 + s for s in range(1, 9)}
    states = bk.compute(specs, seeds, games)
    for spec in specs:  # the better seed wins every match
        st = bk.compute(specs, seeds, games)[spec.key]
        a, b = st.players
        games[spec.key] = [bk.GameRecord((a, b), (121, 100) if a < b else (100, 121))]
    states = bk.compute(specs, seeds, games)
    bands = bk.placings(specs, states, 8)
    assert [(first, last, len(p)) for first, last, p in bands] == [(1, 1, 1), (2, 2, 1), (3, 4, 2), (5, 8, 4)]
    assert bands[0][2] == [101]


@pytest.mark.parametrize("formula, gp, points", [
    ("grass-roots", 11, 0), ("grass-roots", 12, 12), ("acc-internet", 12, 14), ("acc-internet", 15, 23),
    ("acc-internet", 11, 0), ("game-points", 5, 5),
])
def test_night_points(formula, gp, points):
    assert night_points(formula, 12, [10, 8, 6], gp, 1, 1) == points


def test_placing_points_shared_by_ties():
    assert night_points("placing", 12, [10, 8, 6], 0, 2, 2) == 7  # 2nd and 3rd share 8 + 6
    assert night_points("placing", 12, [10, 8, 6], 0, 3, 2) == 3  # 3rd and 4th: 6 + 0


def test_more_games_than_opponents_still_pairs_everyone():
    players = list(range(4))
    met = {pair_key(*p): 1 for r in range(3) for p in circle_round(players, r).tables}  # all met once
    game = pair_game(players, 3, History(met=met))
    assert sorted(p for t in game.tables for p in t) == players


def test_name_matching_folds_and_refuses_to_guess():
    from crib_tourney.tourney.names import fold, match_name

    names = ["Émile Bélanger", "Lee Wong", "Ann Lee", "Margaret Kowalski", "Łukasz Þórsson", "Heinz Weiß"]
    find = lambda typed: match_name(typed, names, str)  # noqa: E731
    assert fold("ÆSIR ØRSTED") == "aesir orsted"
    assert find("EMILE BELANGER") == ["Émile Bélanger"]
    assert find("lukasz thorsson") == ["Łukasz Þórsson"]
    assert find("heinz weiss") == ["Heinz Weiß"]
    assert find("M. Kowalski") == ["Margaret Kowalski"] and find("kowalski") == ["Margaret Kowalski"]
    assert find("Lee") == ["Lee Wong", "Ann Lee"]  # a first name and a last name: ambiguous, not a guess
    assert find("Lee Wong") == ["Lee Wong"] and find("nobody") == [] and find("  ") == []


_NAME_PARTS = ["Ann", "ann", "Lee", "Wong", "Émile", "Bélanger", "A.", "A", "L", "Kowalski", "Ł", "Ø", "x", "", " ", "."]


@settings(max_examples=300, deadline=None)
@given(names=st.lists(st.lists(st.sampled_from(_NAME_PARTS), max_size=3).map(" ".join), max_size=12),
       queries=st.lists(st.lists(st.sampled_from(_NAME_PARTS), max_size=3).map(" ".join), min_size=1, max_size=6))
def test_name_index_answers_as_match_name(names, queries):
    """The index an import builds once answers every lookup exactly as match_name does."""
    from crib_tourney.tourney.names import NameIndex, fold, match_name

    keyed = dict(enumerate(names))
    index = NameIndex(keyed)
    for typed in queries + names:
        assert index.match(typed) == match_name(typed, keyed, keyed.__getitem__)
        assert index.whole(typed) == [k for k, n in keyed.items() if fold(n) == fold(typed)]


# --- ACC rule 12.2: disagreeing cards -------------------------------------------

def test_both_cards_claiming_the_win_are_a_loss_for_both():
    """12.2(e): Cat's card says she won 121-100, Fay's that he won 121-110."""
    from crib_tourney.tourney.reconcile import Card, resolve
    from crib_tourney.tourney.settings import EventSettings

    rules = EventSettings().scoring_rules()
    cat, fay = Card(1, 121, 100, "none", "card"), Card(2, 121, 110, "none", "card")
    settled = {c.entry: (c.own, c.opp) for c in resolve([cat, fay], qualifiers=set(), rules=rules)}
    assert settled == {1: (100, 121), 2: (110, 121)}  # each charged a loss by his own card's spread


def test_the_rules_worked_example_hal_and_flo():
    """ACC 12.2(e) as the rule sheet works it: Hal's card 121-100 and Flo's 121-111
    give Hal -21 and Flo -10, whoever is an apparent qualifier; and both claiming
    the loss (spreads in the same column) is a loss for both, each by his own card."""
    from crib_tourney.tourney.reconcile import Card, resolve
    from crib_tourney.tourney.settings import EventSettings

    rules = EventSettings().scoring_rules()
    hal, flo = Card(1, 121, 100, "none", "card"), Card(2, 121, 111, "none", "card")
    for qualifiers in (set(), {1}, {2}, {1, 2}):
        settled = {c.entry: c.own - c.opp for c in resolve([hal, flo], qualifiers=qualifiers, rules=rules)}
        assert settled == {1: -21, 2: -10}
    both_lost = resolve([Card(1, 100, 121, "none", "card"), Card(2, 111, 121, "none", "card")], qualifiers={1}, rules=rules)
    assert {c.entry: (c.own, c.opp) for c in both_lost} == {1: (100, 121), 2: (111, 121)}


def test_the_directors_card_stands_for_both():
    from crib_tourney.tourney.reconcile import Card, use_card

    cat, fay = Card(1, 121, 100, "none", "card"), Card(2, 95, 121, "none", "card")
    assert {c.entry: (c.own, c.opp) for c in use_card([cat, fay], 2)} == {1: (121, 95), 2: (95, 121)}
